/**
 * Insights at size, through the local gateway with real emulators: 100,000 answered questions over
 * 20 projects and a year (written as the stream writes their rows), then the Insights search (the
 * first 100, newest first) with no filter, one classification, one project and one industry, and
 * the public analytics API's first page, p50 / p99 each, beside the floor: the raw DynamoDB Query of
 * 100 rows the unfiltered search starts with.
 * Figures are printed, never asserted.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../local/stack';
import { apiCaller } from './api-caller';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const QUESTIONS = 100_000;
const PROJECTS = 20;
const RUNS = 20;
const TARGET_MS = 1_000;
const CLASSES = ['COMPLIANT', 'NON-COMPLIANT', 'PARTIALLY-COMPLIANT', 'NOT-APPLICABLE'] as const;
const INDUSTRIES = ['Banking', 'Healthcare', 'Retail', 'Government'] as const;
const DAY = 86_400_000;

async function timed(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

export async function benchInsights(stack: LocalStack, token: string, addRow: AddRow) {
  const { documentClient } = await import('../../functions/common/db');
  const { config } = await import('../../functions/common/config');
  const { seedRows } = await import('../../functions/insights/seed');
  const call = apiCaller(stack.appUrl, token);
  const { teamId, userId } = await call<{ teamId: string; userId: string }>('getUser', {});

  const projectIds: string[] = [];
  for (let p = 0; p < PROJECTS; p++) {
    const { projectId } = await call<{ projectId: string }>(
      'createProject',
      {},
      { name: `Bench insights ${p + 1}` },
    );
    await call('updateProject', { projectId }, { industryVertical: INDUSTRIES[p % INDUSTRIES.length] });
    projectIds.push(projectId);
  }
  const now = Date.now();
  const writeStarted = performance.now();
  const BATCH = 2_000;
  for (let start = 0; start < QUESTIONS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, QUESTIONS - start) }, (_, k) => {
      const i = start + k;
      return {
        teamId,
        projectId: projectIds[i % PROJECTS],
        questionId: `bench${String(i).padStart(7, '0')}`,
        question: `Control ${i}: is it documented, owned and reviewed every year?`,
        answer: `Yes: control ${i} is owned by the security team and reviewed every year.`,
        responseClassification: CLASSES[i % CLASSES.length],
        answeredAt: new Date(now - ((i * 7919) % 365) * DAY - (i % 1000) * 1000).toISOString(),
        answeredByUserId: userId,
        classifiedByUserId: userId,
      };
    });
    await seedRows(rows);
  }
  const writeMs = performance.now() - writeStarted;
  addRow(`${QUESTIONS.toLocaleString('en')} answered-question rows written`, ms(writeMs), '-');

  const floor = await timed(() =>
    documentClient.send(
      new QueryCommand({
        TableName: config.tableName,
        IndexName: 'byStatus',
        KeyConditionExpression: 'byStatusPk = :pk',
        ExpressionAttributeValues: { ':pk': `TEAM#${teamId}#ANSWERED#COMPLIANT` },
        ScanIndexForward: false,
        Limit: 100,
      }),
    ),
  );
  addRow('floor: DynamoDB Query of 100 rows (p50 / p99)', `${ms(floor.p50)} / ${ms(floor.p99)}`, '-');

  const cases: Array<[string, Record<string, unknown>]> = [
    ['Insights search, no filter', {}],
    ['Insights search, one classification', { complianceStatusList: 'PARTIALLY-COMPLIANT' }],
    ['Insights search, last 30 days', { answeredAfter: new Date(now - 30 * DAY).toISOString().slice(0, 10) }],
    ['Insights search, one project (5,000 rows)', { projectId: projectIds[3] }],
    ['Insights search, one industry (25,000 rows)', { industryVertical: 'Healthcare' }],
  ];
  for (const [label, body] of cases) {
    const { p50, p99 } = await timed(() => call('searchInsights', {}, body));
    addRow(
      `${label} (p50 / p99; × floor p50)`,
      `${ms(p50)} / ${ms(p99)} (${(p50 / floor.p50).toFixed(1)}×)`,
      `p99 < ${TARGET_MS} ms`,
      p99 < TARGET_MS,
    );
  }

  const { clientId, apiKey } = await call<{ clientId: string; apiKey: string }>('generateApiKey', {});
  const api = await timed(async () => {
    const response = await fetch(`${stack.appUrl}/api/analytics/questions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        client_id: clientId,
        client_secret: apiKey,
        limit: '100',
      },
      body: '{}',
    });
    if (response.status !== 200) throw new Error(`analytics API: HTTP ${response.status}`);
    await response.json();
  });
  addRow(
    'Public analytics API, first page of 100 (p50 / p99; × floor p50)',
    `${ms(api.p50)} / ${ms(api.p99)} (${(api.p50 / floor.p50).toFixed(1)}×)`,
    `p99 < ${TARGET_MS} ms`,
    api.p99 < TARGET_MS,
  );
}
