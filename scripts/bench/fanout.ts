/**
 * Fan-out benchmark: 200 websocket connections of one team (in a separate process), events
 * published with the real publish() helper; measures publish → delivery and counts the DynamoDB
 * requests one fan-out makes.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { LocalStack } from '../local/stack';
import { ms, percentile } from './report';

const CONNECTIONS = 200;
const EVENTS = 20;
const TARGET_P95_MS = 250;

type AddRow = (metric: string, figure: string, target: string, met?: boolean) => void;

/** Runs against an already started local stack (its handlers' clients are bound to it). */
export async function benchFanout(stack: LocalStack, root: string, addRow: AddRow) {
  const { LOCAL_CLIENT_ID } = await import('../local/cognito');
  const { DEMO } = await import('../local/provision');
  const { CognitoIdentityProviderClient, InitiateAuthCommand } = await import(
    '@aws-sdk/client-cognito-identity-provider'
  );
  const { dynamo } = await import('../../functions/common/db');
  const { publish } = await import('../../functions/common/events');
  const { db } = await import('../../functions/common/entities');
  const auth = await new CognitoIdentityProviderClient({}).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: DEMO.email, PASSWORD: DEMO.password },
    }),
  );
  const token = auth.AuthenticationResult?.IdToken ?? '';
  const sub = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub;
  const { data: user } = await db().entities.user.get({ userId: sub }).go();
  if (!user?.teamId) throw new Error('The demo user has no team');

  const clients = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(root, 'scripts', 'bench', 'ws-clients.ts'),
      `${stack.appUrl.replace('http', 'ws')}/ws`,
      token,
      String(CONNECTIONS),
      String(EVENTS),
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  clients.stdout.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => clients.once('exit', () => resolve()));
  while (!output.includes('READY')) {
    if (clients.exitCode !== null) throw new Error('websocket clients exited early');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  console.log(`  ${CONNECTIONS} connections authorized for one team`);

  // Count every DynamoDB request (the document client shares this client's middleware stack).
  const requests: string[] = [];
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      requests.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize', name: 'benchRequestCounter' },
  );
  const perFanout: string[][] = [];
  for (let seq = 0; seq < EVENTS; seq++) {
    requests.length = 0;
    await publish({
      eventName: 'TEAM_MEMBER_UPDATED',
      // The catalogue's data carries only a membership id: the send time travels in it.
      data: { membershipId: `bench:${seq}:${performance.timeOrigin + performance.now()}` },
      scope: { kind: 'team', id: user.teamId },
    });
    perFanout.push([...requests]);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  dynamo.middlewareStack.remove('benchRequestCounter');
  await exited;
  const { latencies } = JSON.parse(output.split('\n').find((line) => line.startsWith('{')) ?? '{}') as {
    latencies?: number[];
  };
  if (!latencies?.length) throw new Error('no events were delivered');
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);
  addRow('fan-out: deliveries', `${latencies.length} of ${CONNECTIONS * EVENTS}`, '-');
  addRow('fan-out: publish → delivery p50', ms(percentile(latencies, 50)), '-');
  addRow('fan-out: publish → delivery p95', ms(p95), `< ${TARGET_P95_MS} ms`, p95 < TARGET_P95_MS);
  const counts = perFanout.map((r) => r.length);
  const kinds = [...new Set(perFanout.flat())].join(', ');
  const onlyOneQuery = perFanout.every((r) => r.length === 1 && r[0] === 'QueryCommand');
  addRow(
    'fan-out: DynamoDB requests per fan-out',
    `${Math.max(...counts)} (${kinds})`,
    '1 query, no scan',
    onlyOneQuery,
  );
}
