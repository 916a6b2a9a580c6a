/**
 * Projects at size, through the local gateway with real emulators:
 *   - the dashboard of a project of 5,000 questions: DynamoDB requests per call and warm latency,
 *     beside the floor (a raw BatchGetItem of the same two items from here);
 *   - changing the status of one question in it: requests and latency, beside a raw UpdateItem;
 *     and how long the stream takes to move the dashboard after it;
 *   - the first page of the project list of a team with 500 projects, beside a raw Query.
 * DynamoDB requests are counted with a middleware on the handlers' client (they run in this
 * process), around one call at a time, with the reactions drained first.
 */
import { BatchGetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

const QUESTIONS = 5_000;
const PROJECTS = 500;
const READS = 200;
const CHANGES = 100;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

export async function benchProjects(stack: LocalStack, token: string, addRow: AddRow) {
  const { documentClient, dynamo } = await import('../../functions/common/db');
  const { db, newQuestionId } = await import('../../functions/common/entities');
  const table = stack.env.TABLE_NAME;

  let requests = 0;
  dynamo.middlewareStack.add(
    (next) => async (args) => {
      requests++;
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCounter' },
  );
  /** DynamoDB requests the handlers made during one call (reactions drained before and after). */
  async function counted<T>(fn: () => Promise<T>): Promise<[T, number]> {
    await stack.reactions.drain();
    const before = requests;
    const value = await fn();
    const made = requests - before;
    return [value, made];
  }

  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${stack.appUrl}${path}`, {
      ...init,
      headers: { authorization: token, 'content-type': 'application/json' },
    });
    const body = (await response.json()) as { data: never };
    if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status} ${JSON.stringify(body)}`);
    return body.data as Record<string, unknown>;
  };
  const user = await call('/api/user');
  const teamId = user.teamId as string;

  // Prepare: a project of 5,000 questions, written as an import would, aggregates from the stream.
  const project = await call('/api/projects/create', {
    method: 'POST',
    body: JSON.stringify({ name: `Bench ${QUESTIONS} questions` }),
  });
  const projectId = project.projectId as string;
  const at = Date.now();
  const questions = Array.from({ length: QUESTIONS }, (_, i) => ({
    teamId,
    projectId,
    questionId: newQuestionId(at, i),
    question: `Bench question ${i + 1}: do you review access to production systems at least quarterly?`,
    creationType: 'IMPORTED' as const,
    sectionDescription: `Section ${Math.floor(i / 250) + 1}`,
  }));
  const [, writeMs] = await timed(() => db().entities.question.put(questions).go({ concurrent: 8 }));
  const [, aggregateMs] = await timed(async () => {
    for (;;) {
      await stack.reactions.drain();
      const dashboard = await call(`/api/projects/${projectId}/dashboard`);
      if (dashboard.totalQuestions === QUESTIONS) return;
    }
  });
  addRow(`Write ${QUESTIONS} questions (BatchWrite, here)`, ms(writeMs), '');
  addRow('  dashboard aggregates after them (stream)', ms(aggregateMs), '');

  // Dashboard reads.
  const [, dashboardRequests] = await counted(() => call(`/api/projects/${projectId}/dashboard`));
  const reads: number[] = [];
  for (let i = 0; i < READS; i++)
    reads.push((await timed(() => call(`/api/projects/${projectId}/dashboard`)))[1]);
  const { Key: projectKey } = db().entities.project.get({ teamId, projectId }).params() as { Key: object };
  const { Key: statsKey } = db().entities.projectStats.get({ teamId, projectId }).params() as { Key: object };
  const floorReads: number[] = [];
  for (let i = 0; i < READS; i++) {
    floorReads.push(
      (
        await timed(() =>
          documentClient.send(
            new BatchGetCommand({ RequestItems: { [table]: { Keys: [projectKey, statsKey] } } }),
          ),
        )
      )[1],
    );
  }
  const read = stats(reads);
  const floorRead = stats(floorReads);
  addRow(
    `Dashboard (${QUESTIONS} q.): DynamoDB requests/call`,
    `${dashboardRequests}`,
    '<= 2 (caller + dashboard)',
    dashboardRequests <= 2,
  );
  addRow('  warm p50 / p99', `${ms(read.p50)} / ${ms(read.p99)}`, '');
  addRow('  floor: raw BatchGetItem p50 / p99', `${ms(floorRead.p50)} / ${ms(floorRead.p99)}`, '');
  addRow('  ratio p50 (call / floor)', `${(read.p50 / floorRead.p50).toFixed(1)}x`, '');

  // Changing the status of one question.
  const ids = questions.slice(0, CHANGES + 1).map((q) => q.questionId);
  const change = (questionId: string) =>
    call(`/api/projects/${projectId}/questions/${questionId}/update`, {
      method: 'POST',
      body: JSON.stringify({ responseStatus: 'COMPLETE', responseClassification: 'COMPLIANT' }),
    });
  const [, changeRequests] = await counted(() => change(ids[CHANGES]));
  const changes: number[] = [];
  for (let i = 0; i < CHANGES; i++) changes.push((await timed(() => change(ids[i])))[1]);
  const [, settleMs] = await timed(async () => {
    for (;;) {
      await stack.reactions.drain();
      const dashboard = (await call(`/api/projects/${projectId}/dashboard`)) as {
        compliant: { quantity: number };
      };
      if (dashboard.compliant.quantity === CHANGES + 1) return;
    }
  });
  const floorChanges: number[] = [];
  for (let i = 0; i < CHANGES; i++) {
    const { Key } = db().entities.question.get({ teamId, projectId, questionId: ids[i] }).params() as {
      Key: object;
    };
    floorChanges.push(
      (
        await timed(() =>
          documentClient.send(
            new UpdateCommand({
              TableName: table,
              Key,
              UpdateExpression: 'SET #b = :b',
              ExpressionAttributeNames: { '#b': 'benchMark' },
              ExpressionAttributeValues: { ':b': i },
            }),
          ),
        )
      )[1],
    );
  }
  const changed = stats(changes);
  const floorChange = stats(floorChanges);
  addRow('Question status change: DynamoDB requests/call', `${changeRequests}`, '');
  addRow('  p50 / p99', `${ms(changed.p50)} / ${ms(changed.p99)}`, '');
  addRow('  floor: raw UpdateItem p50 / p99', `${ms(floorChange.p50)} / ${ms(floorChange.p99)}`, '');
  addRow('  ratio p50 (call / floor)', `${(changed.p50 / floorChange.p50).toFixed(1)}x`, '');
  addRow(`  dashboard shows all ${CHANGES + 1} changes after`, ms(settleMs), '');

  // The project list of a team with 500 projects.
  const existing = (await call('/api/projects')) as { items: unknown[] };
  const dueBase = Date.now() + 7 * 86_400_000;
  for (let i = 0; i < PROJECTS; i++) {
    await call('/api/projects/create', {
      method: 'POST',
      body: JSON.stringify({
        name: `Bench project ${i + 1}`,
        dueOn: new Date(dueBase + (i % 90) * 86_400_000).toISOString().slice(0, 10),
        projectPriority: i % 7 === 0 ? 'HIGH' : 'NORMAL',
      }),
    });
  }
  await stack.reactions.drain();
  const [firstPage, listRequests] = await counted(() => call('/api/projects?tab=open'));
  const lists: number[] = [];
  for (let i = 0; i < READS; i++) lists.push((await timed(() => call('/api/projects?tab=open')))[1]);
  const floorLists: number[] = [];
  for (let i = 0; i < READS; i++) {
    floorLists.push(
      (
        await timed(() =>
          documentClient.send(
            new QueryCommand({
              TableName: table,
              IndexName: 'byStatus',
              KeyConditionExpression: '#pk = :pk',
              ExpressionAttributeNames: { '#pk': 'byStatusPk' },
              ExpressionAttributeValues: { ':pk': `TEAM#${teamId}#STATUS#IN-PROGRESS` },
              Limit: 16,
            }),
          ),
        )
      )[1],
    );
  }
  const list = stats(lists);
  const floorList = stats(floorLists);
  const rowsShown = (firstPage as { items: unknown[] }).items.length;
  addRow(
    `Project list, ${PROJECTS + existing.items.length}+ projects: requests/call`,
    `${listRequests} (${rowsShown} rows)`,
    '',
  );
  addRow('  first page p50 / p99', `${ms(list.p50)} / ${ms(list.p99)}`, '');
  addRow('  floor: raw Query p50 / p99', `${ms(floorList.p50)} / ${ms(floorList.p99)}`, '');
  addRow('  ratio p50 (call / floor)', `${(list.p50 / floorList.p50).toFixed(1)}x`, '');
}
