/**
 * Live updates and notifications on the real local stack: team- and user-scoped fan-out over the
 * websocket, sessions, Gone connections, and the notification calls.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { DEMO } from '../../scripts/local/provision';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;
let ownerToken: string;
let memberToken: string;
let outsiderToken: string;
let teamId: string;
let memberMembershipId: string;
const sockets: WebSocket[] = [];

interface Received {
  eventName: string;
  data: any;
  scope?: { kind: string; id: string };
  sessionId?: string | null;
}

async function register(email: string, givenName: string, lastName: string) {
  await stack.signUp(email);
  const registered = await stack.call('POST', '/api/public/user', {
    body: { givenName, lastName, emailAddress: email },
  });
  expect(registered.status).toBe(200);
  return stack.signIn(email);
}

/** A signed-in browser session's socket, authorized and recording every event it receives. */
async function connect(token: string, sessionId: string) {
  const socket = new WebSocket(`${stack.appUrl.replace('http', 'ws')}/ws`);
  sockets.push(socket);
  const received: Received[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(raw.toString())));
  await new Promise((resolve) => socket.once('open', resolve));
  const waitFor = async (predicate: (m: Received) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = received.find(predicate);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no matching event; received ${JSON.stringify(received.map((m) => m.eventName))}`);
  };
  socket.send(JSON.stringify({ action: 'hello' }));
  await waitFor((m) => m.eventName === 'WS-CONNECTED');
  socket.send(JSON.stringify({ action: 'authorize', token, sessionId }));
  await waitFor((m) => m.eventName === 'WS-AUTHORIZED');
  return { socket, received, waitFor };
}

beforeAll(async () => {
  stack = await startTestStack();
  ownerToken = await stack.signIn(DEMO.email, DEMO.password);
  teamId = (await stack.call('GET', '/api/user', { token: ownerToken })).body.data.teamId;
  const [roles, groups] = await Promise.all([
    stack.call('GET', '/api/roles', { token: ownerToken }),
    stack.call('GET', '/api/groups', { token: ownerToken }),
  ]);
  const memberRole = roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER');
  const invite = await stack.call('POST', '/api/team/members/invite', {
    token: ownerToken,
    body: {
      emailAddress: 'bea.member@example.com',
      groupId: groups.body.data[0].groupId,
      roleId: memberRole.roleId,
    },
  });
  expect(invite.status).toBe(200);
  memberMembershipId = invite.body.data.membershipId;
  memberToken = await register('bea.member@example.com', 'Bea', 'Member');
  const accepted = await stack.call('POST', `/api/invitations/${memberMembershipId}/respond`, {
    token: memberToken,
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  outsiderToken = await register('oscar.outsider@example.com', 'Oscar', 'Outsider');
  expect(
    (await stack.call('POST', '/api/team', { token: outsiderToken, body: { name: 'Other Team' } })).status,
  ).toBe(200);
  memberToken = await stack.signIn('bea.member@example.com');
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await stack?.stop();
});

describe('fan-out', () => {
  it('delivers a team event to every member of the team, tagged with the sender session, and not to other teams', async () => {
    const owner = await connect(ownerToken, 'session-owner');
    const member = await connect(memberToken, 'session-member');
    const outsider = await connect(outsiderToken, 'session-outsider');
    const groups = (await stack.call('GET', '/api/groups', { token: ownerToken })).body.data;
    const roles = (await stack.call('GET', '/api/roles', { token: ownerToken })).body.data;
    const update = await stack.call('POST', `/api/team/members/${memberMembershipId}/update`, {
      token: ownerToken,
      headers: { 'x-session-id': 'session-owner' },
      body: {
        groupId: groups[1].groupId,
        roleId: roles.find((r: { code: string }) => r.code === 'ROLE_MANAGER').roleId,
      },
    });
    expect(update.status).toBe(200);

    const atMember = await member.waitFor((m) => m.eventName === 'TEAM_MEMBER_UPDATED');
    expect(atMember.scope).toEqual({ kind: 'team', id: teamId });
    expect(atMember.sessionId).toBe('session-owner');
    // The owner's own session receives it too, carrying its own session id, which its client skips.
    expect((await owner.waitFor((m) => m.eventName === 'TEAM_MEMBER_UPDATED')).sessionId).toBe(
      'session-owner',
    );

    const notification = await member.waitFor((m) => m.eventName === 'NOTIFICATION_CREATED');
    expect(notification.data).toMatchObject({
      title: 'Your access was updated',
      linkReferencePath: '/Profile',
    });
    expect(notification.scope?.kind).toBe('user');

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(outsider.received.map((m) => m.eventName)).toEqual(['WS-CONNECTED', 'WS-AUTHORIZED']);
    expect(owner.received.some((m) => m.eventName === 'NOTIFICATION_CREATED')).toBe(false);
  });

  it('forgets a connection that answers Gone, with one query for the subscribers', async () => {
    const { db } = await import('../../functions/common/entities');
    const { publish } = await import('../../functions/common/events');
    await db()
      .entities.subscription.put({
        scope: `team#${teamId}`,
        connectionId: 'ghost-connection=',
        userId: 'ghost',
        expiresAt: Math.floor(Date.now() / 1000) + 600,
      })
      .go();
    const result = await publish({
      eventName: 'TEAM_MEMBER_UPDATED',
      data: {},
      scope: { kind: 'team', id: teamId },
      sessionId: null,
    });
    expect(result.gone).toBe(1);
    const { data } = await db()
      .entities.subscription.get({ scope: `team#${teamId}`, connectionId: 'ghost-connection=' })
      .go();
    expect(data).toBeNull();
  });

  it('unsubscribes a connection when it closes', async () => {
    const member = await connect(memberToken, 'session-closing');
    const { db } = await import('../../functions/common/entities');
    const before = await db()
      .entities.subscription.query.primary({ scope: `team#${teamId}` })
      .go({ pages: 'all' });
    member.socket.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    const after = await db()
      .entities.subscription.query.primary({ scope: `team#${teamId}` })
      .go({ pages: 'all' });
    expect(after.data.length).toBe(before.data.length - 1);
  });
});

describe('notifications', () => {
  it('tells the inviter their invitation was accepted', async () => {
    const list = await stack.call('GET', '/api/notifications', { token: ownerToken });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toMatchObject({
      title: 'Bea Member accepted your invitation',
      linkReferencePath: '/Team',
      readAt: null,
      causedBy: { fullName: 'Bea Member', photo: null },
    });
  });

  it('lists newest first in pages and marks one read, only for its recipient', async () => {
    const { createNotification } = await import('../../functions/notifications/service');
    const member = (await stack.call('GET', '/api/user', { token: memberToken })).body.data;
    for (const n of [1, 2, 3]) {
      await createNotification({
        recipientUserId: member.userId,
        causedByUserId: member.userId,
        teamId,
        title: `Note ${n}`,
        description: `Description ${n}`,
        linkReferencePath: '/',
      });
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const first = await stack.call('GET', '/api/notifications?limit=2', { token: memberToken });
    expect(first.body.data.map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 2']);
    const before = first.body.data[1].notificationId;
    const second = await stack.call('GET', `/api/notifications?limit=2&before=${before}`, {
      token: memberToken,
    });
    expect(second.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Note 1',
      'Your access was updated',
    ]);

    const id = first.body.data[0].notificationId;
    expect((await stack.call('POST', `/api/notifications/${id}/read`, { token: ownerToken })).status).toBe(
      404,
    );
    const read = await stack.call('POST', `/api/notifications/${id}/read`, { token: memberToken });
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toEqual(expect.any(String));
    const again = await stack.call('GET', '/api/notifications?limit=1', { token: memberToken });
    expect(again.body.data[0].readAt).toBe(read.body.data.readAt);
    expect((await stack.call('GET', '/api/notifications?limit=0', { token: memberToken })).status).toBe(400);
  });
});
