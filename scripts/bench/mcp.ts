/**
 * The answer engine over the Model Context Protocol, through the local gateway with real emulators:
 * a suggest_answers tool call (POST /api/mcp, the team's API key) beside the same suggestions
 * through the REST API (GET …/suggestions, a signed-in user), for one question of a demo-library
 * subject, alternately, p50 / p99 and the ratio. The calls stay under the key's 60 a minute.
 * Figures are printed, never asserted.
 */
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const RUNS = 25;
const QUESTION = 'Is multi-factor authentication required for administrators?';

async function timed(run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  return performance.now() - started;
}
const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function benchMcp(stack: LocalStack, token: string, addRow: AddRow) {
  const rest = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${stack.appUrl}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const parsed = (await response.json()) as { data: T };
    if (response.status !== 200)
      throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(parsed)}`);
    return parsed.data;
  };
  const { projectId } = await rest<{ projectId: string }>('/api/projects/create', { name: 'MCP bench' });
  const { questionId } = await rest<{ questionId: string }>(`/api/projects/${projectId}/questions/add`, {
    question: QUESTION,
  });
  const { clientId, apiKey } = await rest<{ clientId: string; apiKey: string }>(
    '/api/team/api-access/generate',
    {},
  );

  let id = 0;
  const viaMcp = async () => {
    const response = await fetch(`${stack.appUrl}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', client_id: clientId, client_secret: apiKey },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name: 'suggest_answers', arguments: { question: QUESTION, limit: 5 } },
      }),
    });
    const reply = (await response.json()) as { result?: { isError?: boolean; structuredContent?: unknown } };
    if (response.status !== 200 || !reply.result || reply.result.isError) {
      throw new Error(`MCP suggest_answers: HTTP ${response.status} ${JSON.stringify(reply)}`);
    }
    return reply.result.structuredContent as { suggestions: unknown[]; confidence: number };
  };
  const viaRest = () => rest<unknown[]>(`/api/projects/${projectId}/questions/${questionId}/suggestions`);

  const [first, restFirst] = [await viaMcp(), await viaRest()];
  console.log(
    `  "${QUESTION}": ${first.suggestions.length} suggestions over MCP (confidence ${first.confidence}), ${restFirst.length} over REST`,
  );
  const mcp: number[] = [];
  const restTimes: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    mcp.push(await timed(viaMcp));
    restTimes.push(await timed(viaRest));
  }
  const [m, r] = [stats(mcp), stats(restTimes)];
  addRow('MCP suggest_answers (p50 / p99)', `${ms(m.p50)} / ${ms(m.p99)}`, '-');
  addRow(
    'Same suggestions through REST, beside it (p50 / p99; MCP ÷ REST p50)',
    `${ms(r.p50)} / ${ms(r.p99)} (${(m.p50 / r.p50).toFixed(2)}×)`,
    '-',
  );
}
