/**
 * The answer library at size, through the local gateway with real emulators: a 20,000-answer
 * library (the public answer bank's finished answers, each under several customers' wordings of
 * its question, as real libraries hold near duplicates), imported through the API; then the
 * Suggested Answers call for one question, p50 / p99, beside the floor: the raw DynamoDB Queries
 * that read the team's whole library partition from here (the suggestion call ranks that scan).
 * Figures are printed, never asserted.
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { fillPath, type RouteName, routes } from '../../shared/routes';
import { loadCorpus } from '../local/demo/corpus';
import { fillAnswer } from '../local/demo/fill-ins';
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const ANSWERS = 20_000;
/** Requests stay under the 1 MB body limit. */
const IMPORT_BATCH = 500;
const RUNS = 20;
const TARGET_P99_MS = 100;
const WORDINGS = [
  (q: string) => q,
  (q: string) => `Please confirm: ${q}`,
  (q: string) => `${q} Describe your approach.`,
  (q: string) => `Vendor question: ${q.charAt(0).toLowerCase()}${q.slice(1)}`,
];

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function benchLibrary(stack: LocalStack, token: string, addRow: AddRow) {
  const { documentClient } = await import('../../functions/common/db');
  async function call<T>(name: RouteName, params: Record<string, string>, body?: unknown): Promise<T> {
    const route = routes[name];
    const response = await fetch(`${stack.appUrl}${fillPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: T };
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  }
  const { teamId } = await call<{ teamId: string }>('getUser', {});

  // The library: every finished answer of the bank, under customers' wordings, numbered per customer.
  const bank = loadCorpus().flatMap((s) =>
    s.questions.flatMap((q) => {
      const answer = fillAnswer(q.reference, q.answer);
      return answer ? [{ question: q.question, answer }] : [];
    }),
  );
  const items = Array.from({ length: ANSWERS }, (_, i) => {
    const entry = bank[i % bank.length];
    const customer = Math.floor(i / bank.length);
    return {
      question: `${WORDINGS[customer % WORDINGS.length](entry.question)} (customer ${customer + 1})`,
      answer: `${entry.answer} (Reviewed for customer ${customer + 1}.)`,
    };
  });
  const importStarted = performance.now();
  for (let i = 0; i < items.length; i += IMPORT_BATCH) {
    await call('importAnswers', {}, { items: items.slice(i, i + IMPORT_BATCH) });
  }
  const importMs = performance.now() - importStarted;
  await stack.reactions.drain();

  const project = await call<{ projectId: string }>('createProject', {}, { name: 'Bench library questions' });
  const question = await call<{ questionId: string }>(
    'addQuestion',
    { projectId: project.projectId },
    { question: 'Do administrators have to use multi-factor authentication on production systems?' },
  );
  const params = { projectId: project.projectId, questionId: question.questionId };

  const suggest: number[] = [];
  let top = '';
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const found = await call<Array<{ originalQuestion: string }>>('listSuggestions', params);
    suggest.push(performance.now() - started);
    top = found[0]?.originalQuestion ?? '';
  }
  const floor: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    let key: QueryCommandInput['ExclusiveStartKey'];
    do {
      const page = await documentClient.send(
        new QueryCommand({
          TableName: stack.env.TABLE_NAME,
          KeyConditionExpression: 'pk = :pk and begins_with(sk, :answers)',
          ExpressionAttributeValues: { ':pk': `TEAM#${teamId}#LIBRARY`, ':answers': 'ANSWER#' },
          ExclusiveStartKey: key,
        }),
      );
      key = page.LastEvaluatedKey;
    } while (key);
    floor.push(performance.now() - started);
  }
  const s = stats(suggest);
  const f = stats(floor);
  addRow(
    `Import ${ANSWERS.toLocaleString('en')} answers (${ANSWERS / IMPORT_BATCH} requests)`,
    ms(importMs),
    '',
  );
  addRow(
    `Suggestions, ${ANSWERS.toLocaleString('en')}-answer library, p50 / p99`,
    `${ms(s.p50)} / ${ms(s.p99)}`,
    `p99 < ${TARGET_P99_MS} ms`,
    s.p99 < TARGET_P99_MS,
  );
  addRow('  floor: raw Query of the library partition, p50 / p99', `${ms(f.p50)} / ${ms(f.p99)}`, '');
  addRow('  ratio (p50 / floor p50)', `${(s.p50 / f.p50).toFixed(1)}x`, '');
  console.log(`    top suggestion: ${top}`);
}
