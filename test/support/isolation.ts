/**
 * The isolation check run by two test files at once (isolation-a and isolation-b): each writes the
 * same ids — the same person's e-mail, the same item keys — and must see only what it wrote. Each
 * waits a little for the other to have written before it looks (both are in the fast set, so they
 * usually run side by side; the log says whether they met), and passes or fails the same either way.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { client } from './api-client';
import { startTestStack, type TestStack } from './local-stack';
import { people } from './people';
import { Resources } from './resources';

const SAME_EMAIL = 'same.person@isolation.test';
const SAME_KEY = { pk: 'ISOLATION#same-id', sk: 'ITEM' };

async function waitForPeer(me: string, peer: string, step: string): Promise<boolean> {
  const dir = join(inject('runDir'), 'isolation');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${me}.${step}`), '');
  const deadline = Date.now() + 8_000;
  while (Date.now() < deadline) {
    if (existsSync(join(dir, `${peer}.${step}`))) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

export function isolationSuite(me: 'a' | 'b') {
  const peer = me === 'a' ? 'b' : 'a';
  const resources = new Resources();
  let stack: TestStack;
  beforeAll(async () => {
    stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  });
  afterAll(() => resources.stopAll());

  it(`file ${me} writes the ids file ${peer} writes, and sees only its own`, async () => {
    // Prepare
    const api = client(stack);
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient({}));

    // Act: the same person signs up and makes a team and a project; the same item key is written.
    const person = await people(stack, api).register(SAME_EMAIL, `Team ${me}`);
    const created = await api
      .as(person.token)
      .call('createProject', { body: { name: `Project of file ${me}` } });
    expect(created.status).toBe(200);
    await documents.send(
      new PutCommand({ TableName: stack.tableName, Item: { ...SAME_KEY, writtenBy: me } }),
    );
    const peerWrote = await waitForPeer(me, peer, 'written');
    console.log(`isolation ${me}: ${peerWrote ? 'ran alongside' : 'did not meet'} file ${peer}`);

    // Assess: only this file's data, however the other file's writes interleaved.
    const item = await documents.send(new GetCommand({ TableName: stack.tableName, Key: SAME_KEY }));
    expect(item.Item?.writtenBy).toBe(me);
    const projects = await api.as(person.token).call('listProjects', { query: { tab: 'open' } });
    expect(projects.status).toBe(200);
    expect(projects.body.data.items.map((p: { name: string }) => p.name)).toEqual([`Project of file ${me}`]);
    const user = await api.as(person.token).call('getUser');
    expect(user.body.data.teamId).toBe(person.teamId);
    const teams = await api.as(person.token).call('getUserTeams');
    expect(teams.status).toBe(200);
    expect(JSON.stringify(teams.body.data)).toContain(`Team ${me}`);
    expect(JSON.stringify(teams.body.data)).not.toContain(`Team ${peer}`);
  });
}
