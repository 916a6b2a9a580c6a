/**
 * The request latency of inviting a member, which used to wait for the invitation e-mail and the
 * websocket fan-out and now only writes the invitation; beside it, when the e-mail arrives (the
 * reactions function, from the stream) and the floor: a raw DynamoDB Local PutItem from here.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { LocalStack } from '../local/stack';
import { median, ms, percentile } from './report';

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => unknown;

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await fn();
  return [value, performance.now() - started];
}

export async function benchInvite(stack: LocalStack, token: string, invites: number, addRow: AddRow) {
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.appUrl}${path}`, {
      ...init,
      headers: { authorization: token, 'content-type': 'application/json' },
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { data: never } }));
  const groups = (await call('/api/groups')).body.data as Array<{ groupId: string }>;
  const roles = (await call('/api/roles')).body.data as Array<{ roleId: string; code: string }>;
  const roleId = roles.find((r) => r.code === 'ROLE_MEMBER')!.roleId;

  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const table = stack.env.TABLE_NAME;
  const floor: number[] = [];
  for (let i = 0; i < invites; i++) {
    const Key = { pk: `BENCH#${i}`, sk: 'BENCH' };
    floor.push(
      (
        await timed(() => dynamo.send(new PutCommand({ TableName: table, Item: { ...Key, at: Date.now() } })))
      )[1],
    );
    await dynamo.send(new DeleteCommand({ TableName: table, Key }));
  }

  const answered: number[] = [];
  const mailed: number[] = [];
  const run = Date.now().toString(36);
  for (let i = 0; i < invites; i++) {
    const email = `bench-${run}-${i}@invite.bench`;
    const [reply, latency] = await timed(() =>
      call('/api/team/members/invite', {
        method: 'POST',
        body: JSON.stringify({ emailAddress: email, groupId: groups[0].groupId, roleId }),
      }),
    );
    if (reply.status !== 200) throw new Error(`invite: HTTP ${reply.status} ${JSON.stringify(reply.body)}`);
    answered.push(latency);
    const sentAt = performance.now();
    for (;;) {
      const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
        emails: Array<{ destination: { to: string[] } }>;
      };
      if (store.emails.some((e) => e.destination.to.some((to) => to.includes(email)))) break;
      if (performance.now() - sentAt > 10_000) throw new Error(`no invitation e-mail for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    mailed.push(latency + (performance.now() - sentAt));
  }
  for (const list of [floor, answered, mailed]) list.sort((a, b) => a - b);
  const floorP50 = median(floor);
  addRow('raw DynamoDB Local PutItem (floor): p50', ms(floorP50), '-');
  addRow(
    `POST invite answered: p50 (${invites} invites)`,
    `${ms(median(answered))} (${(median(answered) / floorP50).toFixed(1)}× floor)`,
    '-',
  );
  addRow('POST invite answered: p95', ms(percentile(answered, 95)), '-');
  addRow('invitation e-mail in the mail store after the request started: p50', ms(median(mailed)), '-');
}
