/**
 * Side effects run off the request path, from the table's stream: the invitation e-mail and the
 * live events follow a request without it waiting; a redelivered stream record sends no second
 * e-mail or notification; the sender's own connection gets its events marked `self` and nobody
 * receives a session id; a connection joins a project's scope only for a project its user may see.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ApiClient, client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;

interface Person {
  email: string;
  userId: string;
  token: string;
}

async function register(email: string, teamName?: string): Promise<Person> {
  const userId = await stack.signUp(email);
  const token = await stack.signIn(email);
  await api.call('registerUser', {
    token,
    body: { givenName: email.split('@')[0], lastName: 'Tester', emailAddress: email },
  });
  if (teamName) expect((await api.call('createTeam', { token, body: { name: teamName } })).status).toBe(200);
  return { email, userId, token: await stack.signIn(email) };
}

async function mailTo(address: string) {
  const store = (await (await fetch(`${stack.mailUrl}/store`)).json()) as {
    emails: Array<{ destination: { to: string[] }; subject: string }>;
  };
  return store.emails.filter((e) => e.destination.to.some((to) => to.includes(address)));
}

/** A live connection that records every message it receives. */
async function connect(token: string, sessionId: string) {
  const socket = new WebSocket(`${stack.appUrl.replace('http', 'ws')}/ws`);
  const messages: Array<Record<string, unknown>> = [];
  socket.on('message', (raw) => messages.push(JSON.parse(raw.toString())));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  resources.add(() => socket.terminate());
  const seen = (name: string) =>
    eventually(() => {
      const found = messages.find((m) => m.eventName === name);
      expect(found).toBeDefined();
      return found!;
    });
  socket.send(JSON.stringify({ action: 'hello' }));
  await seen('WS-CONNECTED');
  socket.send(JSON.stringify({ action: 'authorize', token, sessionId }));
  await seen('WS-AUTHORIZED');
  return { socket, messages, seen, send: (message: unknown) => socket.send(JSON.stringify(message)) };
}

async function rawItem(pk: string, sk: string) {
  const { documentClient } = await import('../../functions/common/db');
  const { Item } = await documentClient.send(
    new GetCommand({ TableName: stack.env.TABLE_NAME, Key: { pk, sk } }),
  );
  return Item!;
}

let owner: Person;
let teamId: string;
let ids: { groupId: string; roleId: string };

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  owner = await register('owner@reactions.test', 'Reactions Co');
  const me = await api.call('getUser', { token: owner.token });
  teamId = me.body.data.teamId;
  const [groups, roles] = await Promise.all([
    api.call('getGroups', { token: owner.token }),
    api.call('getRoles', { token: owner.token }),
  ]);
  ids = {
    groupId: groups.body.data[0].groupId,
    roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
  };
});
afterAll(() => resources.stopAll());

describe('reactions', () => {
  it('sends the invitation e-mail from the stream, once, and a replayed record sends no second one', async () => {
    // Prepare
    const invited = 'invitee@reactions.test';
    // Act
    const response = await api.call('inviteMember', {
      token: owner.token,
      body: { emailAddress: invited, ...ids },
    });
    // Assess
    expect(response.status).toBe(200);
    await eventually(async () => expect(await mailTo(invited)).toHaveLength(1));

    // Prepare: the INSERT record of that invitation, delivered again with the same record id.
    const item = await rawItem(`TEAM#${teamId}`, `MEMBER#${response.body.data.membershipId}`);
    const { handleStreamRecords: handler } = await import('../../functions/reactions/handler');
    const record: DynamoDBStreamEvent = {
      Records: [
        {
          eventID: 'replayed-insert-1',
          eventName: 'INSERT',
          dynamodb: {
            NewImage: marshall(item) as never,
            SequenceNumber: '1',
            ApproximateCreationDateTime: 1,
          },
        },
      ],
    };
    // Act
    const first = await handler(record);
    const second = await handler(record);
    // Assess: the replayed record's e-mail went out once, however often it is delivered.
    expect(first.batchItemFailures).toEqual([]);
    expect(second.batchItemFailures).toEqual([]);
    await stack.reactions.drain();
    expect(await mailTo(invited)).toHaveLength(2);
  });

  it('goes on past a record whose reaction fails, and reports only that record', async () => {
    // Prepare: a comment record no reaction can take (no team, project or question), then the
    // INSERT of a new invitation.
    const invited = 'after-poison@reactions.test';
    const response = await api.call('inviteMember', {
      token: owner.token,
      body: { emailAddress: invited, ...ids },
    });
    expect(response.status).toBe(200);
    await eventually(async () => expect(await mailTo(invited)).toHaveLength(1));
    const item = await rawItem(`TEAM#${teamId}`, `MEMBER#${response.body.data.membershipId}`);
    const poison = { pk: 'POISON', sk: 'COMMENT', __edb_e__: 'comment', __edb_v__: '1', commentId: 'x' };
    const { handleStreamRecords: handler } = await import('../../functions/reactions/handler');
    // Act
    const result = await handler({
      Records: [
        {
          eventID: 'poison-1',
          eventName: 'INSERT',
          dynamodb: {
            NewImage: marshall(poison) as never,
            SequenceNumber: '10',
            ApproximateCreationDateTime: 3,
          },
        },
        {
          eventID: 'after-poison-1',
          eventName: 'INSERT',
          dynamodb: {
            NewImage: marshall(item) as never,
            SequenceNumber: '11',
            ApproximateCreationDateTime: 3,
          },
        },
      ],
    });
    // Assess: the record after the poison was handled (its e-mail went out), and only the poison is reported.
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: '10' }]);
    expect(await mailTo(invited)).toHaveLength(2);
  });

  it('notifies the inviter once per acceptance record, however often it is delivered', async () => {
    // Prepare
    const member = await register('member@reactions.test');
    const invited = await api.call('inviteMember', {
      token: owner.token,
      body: { emailAddress: member.email, ...ids },
    });
    const membershipId = invited.body.data.membershipId;
    const before = await rawItem(`TEAM#${teamId}`, `MEMBER#${membershipId}`);
    expect(
      (
        await api.call('respondToInvitation', {
          token: member.token,
          params: { membershipId },
          body: { invitationStatus: 'ACCEPT' },
        })
      ).status,
    ).toBe(200);
    const titles = async () =>
      ((await api.call('listNotifications', { token: owner.token })).body.data as Array<{ title: string }>)
        .map((n) => n.title)
        .filter((t) => t.includes('accepted your invitation'));
    await eventually(async () => expect(await titles()).toHaveLength(1));
    const after = await rawItem(`TEAM#${teamId}`, `MEMBER#${membershipId}`);
    const { handleStreamRecords: handler } = await import('../../functions/reactions/handler');
    const replay: DynamoDBStreamEvent = {
      Records: [
        {
          eventID: 'replayed-accept-1',
          eventName: 'MODIFY',
          dynamodb: {
            OldImage: marshall(before) as never,
            NewImage: marshall(after) as never,
            SequenceNumber: '2',
            ApproximateCreationDateTime: 2,
          },
        },
      ],
    };
    // Act
    await handler(replay);
    await handler(replay);
    await stack.reactions.drain();
    // Assess: the original acceptance and one for the replayed record, not three.
    expect(await titles()).toHaveLength(2);
  });

  it("marks an event `self` on the causing session's connection only, and sends no session id", async () => {
    // Prepare
    const mine = await connect(owner.token, 'session-mine');
    const other = await connect(owner.token, 'session-other');
    // Act
    const updated = await api.call('updateUser', {
      token: owner.token,
      headers: { 'x-session-id': 'session-mine' },
      body: { givenName: 'Olive', lastName: 'Owner' },
    });
    // Assess
    expect(updated.status).toBe(200);
    const atMine = await mine.seen('USER_UPDATED');
    const atOther = await other.seen('USER_UPDATED');
    expect(atMine.self).toBe(true);
    expect(atOther.self).toBeUndefined();
    for (const message of [...mine.messages, ...other.messages])
      expect(message).not.toHaveProperty('sessionId');
  });

  it("joins a project's scope only for a project of the user's team they may see", async () => {
    // Prepare
    const { db } = await import('../../functions/common/entities');
    const { publish } = await import('../../functions/common/events');
    const outsider = await register('outsider@reactions.test', 'Elsewhere Ltd');
    const outsiderTeam = (await api.call('getUser', { token: outsider.token })).body.data.teamId;
    const project = (
      projectId: string,
      team: string,
      accessVisibility: 'TEAM' | 'PRIVATE',
      createdBy: string,
    ) =>
      db()
        .entities.project.create({
          teamId: team,
          projectId,
          name: projectId,
          dueOn: '2030-01-01',
          accessVisibility,
          memberUserIds: [createdBy],
          createdByUserId: createdBy,
        })
        .go();
    const someoneElse = '00000000-0000-0000-0000-000000000000';
    await project('open-project', teamId, 'TEAM', someoneElse);
    await project('private-project', teamId, 'PRIVATE', someoneElse);
    await project('foreign-project', outsiderTeam, 'TEAM', outsider.userId);
    const live = await connect(owner.token, 'session-projects');
    const answer = async (id: string) => {
      live.send({ action: 'subscribe', scope: { kind: 'project', id } });
      return eventually(() => {
        const reply = live.messages.find(
          (m) =>
            (m.data as { scope?: { id?: string } })?.scope?.id === id &&
            String(m.eventName).startsWith('WS-SUBSCRIBE'),
        );
        expect(reply).toBeDefined();
        return reply!.eventName;
      });
    };
    // Act + Assess
    expect(await answer('open-project')).toBe('WS-SUBSCRIBED');
    expect(await answer('private-project')).toBe('WS-SUBSCRIBE-REFUSED');
    expect(await answer('foreign-project')).toBe('WS-SUBSCRIBE-REFUSED');
    await publish({
      eventName: 'TEAM_MEMBER_UPDATED',
      data: { membershipId: 'm1' },
      scope: { kind: 'project', id: 'open-project' },
    });
    await publish({
      eventName: 'TEAM_MEMBER_UPDATED',
      data: { membershipId: 'm2' },
      scope: { kind: 'project', id: 'foreign-project' },
    });
    await eventually(() =>
      expect(live.messages.some((m) => (m.data as { membershipId?: string })?.membershipId === 'm1')).toBe(
        true,
      ),
    );
    expect(live.messages.some((m) => (m.data as { membershipId?: string })?.membershipId === 'm2')).toBe(
      false,
    );
  });
});
