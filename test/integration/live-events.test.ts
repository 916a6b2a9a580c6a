/**
 * Live updates and notifications on the real local stack: team- and user-scoped fan-out over the
 * websocket, the `self` marker for the session that caused an event, Gone connections, and the
 * notification calls. Events and notifications follow the response (published from the table's
 * stream), so every check of one waits for it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { DEMO } from '../../scripts/local/provision';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();
let ownerToken: string;
let memberToken: string;
let outsiderToken: string;
let teamId: string;
let memberMembershipId: string;
const sockets: WebSocket[] = [];

async function register(email: string, givenName: string, lastName: string) {
  await stack.signUp(email);
  const token = await stack.signIn(email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName, lastName, emailAddress: email },
  });
  expect(registered.status).toBe(200);
  return token;
}

/** A signed-in browser session's socket, closed when the file ends. */
async function connect(token: string, sessionId: string) {
  const connection = await connectLiveSocket(stack.appUrl, token, sessionId);
  sockets.push(connection.socket);
  return connection;
}

beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
  ownerToken = await stack.signIn(DEMO.email, DEMO.password);
  teamId = (await api.call('getUser', { token: ownerToken })).body.data.teamId;
  const [roles, groups] = await Promise.all([
    api.call('getRoles', { token: ownerToken }),
    api.call('getGroups', { token: ownerToken }),
  ]);
  const memberRole = roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER');
  const invite = await api.call('inviteMember', {
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
  const accepted = await api.call('respondToInvitation', {
    params: { membershipId: memberMembershipId },
    token: memberToken,
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
  outsiderToken = await register('oscar.outsider@example.com', 'Oscar', 'Outsider');
  expect((await api.call('createTeam', { token: outsiderToken, body: { name: 'Other Team' } })).status).toBe(
    200,
  );
  memberToken = await stack.signIn('bea.member@example.com');
  // The set-up's own side effects (the "accepted" notification, …) are out before any socket opens.
  await stack.settle();
});

afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await resources.stopAll();
});

describe('fan-out', () => {
  it("delivers a team event to every member of the team, marked self on the sender's session only, and not to other teams", async () => {
    const owner = await connect(ownerToken, 'session-owner');
    const member = await connect(memberToken, 'session-member');
    const outsider = await connect(outsiderToken, 'session-outsider');
    const groups = (await api.call('getGroups', { token: ownerToken })).body.data;
    const roles = (await api.call('getRoles', { token: ownerToken })).body.data;
    const update = await api.call('updateMember', {
      params: { membershipId: memberMembershipId },
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
    // No session id is ever sent; the member's copy carries no self marker.
    expect(atMember).not.toHaveProperty('sessionId');
    expect(atMember).not.toHaveProperty('self');
    // The owner's own session receives it too, marked self, which its client skips.
    const atOwner = await owner.waitFor((m) => m.eventName === 'TEAM_MEMBER_UPDATED');
    expect(atOwner.self).toBe(true);
    expect(atOwner).not.toHaveProperty('sessionId');

    const notification = await member.waitFor((m) => m.eventName === 'NOTIFICATION_CREATED');
    expect(notification.data).toMatchObject({
      title: 'Your access was updated',
      linkReferencePath: '/Profile',
    });
    expect(notification.scope?.kind).toBe('user');

    await stack.settle();
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
      data: { membershipId: memberMembershipId },
      scope: { kind: 'team', id: teamId },
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
    await eventually(async () => {
      const list = await api.call('listNotifications', { token: ownerToken });
      expect(list.status).toBe(200);
      // The demo team's evidence expiry notices may arrive too: find the invitation's.
      const accepted = list.body.data.find(
        (n: { title: string }) => n.title === 'Bea Member accepted your invitation',
      );
      expect(accepted).toMatchObject({
        title: 'Bea Member accepted your invitation',
        linkReferencePath: '/Team',
        readAt: null,
        causedBy: { fullName: 'Bea Member', photo: null },
      });
    });
  });

  it('lists newest first in pages and marks one read, only for its recipient', async () => {
    const { createNotification } = await import('../../functions/common/notifications');
    const member = (await api.call('getUser', { token: memberToken })).body.data;
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
    const first = await api.call('listNotifications', { query: { limit: 2 }, token: memberToken });
    expect(first.body.data.map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 2']);
    const before = first.body.data[1].notificationId;
    const second = await api.call('listNotifications', { query: { limit: 2, before }, token: memberToken });
    expect(second.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Note 1',
      'Your access was updated',
    ]);

    const id = first.body.data[0].notificationId;
    expect(
      (await api.call('markNotificationRead', { params: { notificationId: id }, token: ownerToken })).status,
    ).toBe(404);
    const read = await api.call('markNotificationRead', {
      params: { notificationId: id },
      token: memberToken,
    });
    expect(read.status).toBe(200);
    expect(read.body.data.readAt).toEqual(expect.any(String));
    const again = await api.call('listNotifications', { query: { limit: 1 }, token: memberToken });
    expect(again.body.data[0].readAt).toBe(read.body.data.readAt);
    expect((await api.call('listNotifications', { query: { limit: 0 }, token: memberToken })).status).toBe(
      400,
    );
  });

  it('lists in the order things happened when a reaction writes its notification late, ties by id', async () => {
    // Prepare: a change at t0 whose reaction runs only after a notification of t1 was stored (a
    // retried stream record), and two notifications of one stream record's second (equal times).
    const { createNotification, notificationId } = await import('../../functions/common/notifications');
    const outsider = (await api.call('getUser', { token: outsiderToken })).body.data;
    const note = (title: string) => ({
      recipientUserId: outsider.userId,
      causedByUserId: outsider.userId,
      teamId: outsider.teamId,
      title,
      description: title,
      linkReferencePath: '/',
    });
    const t0 = Date.now() - 40_000;
    const tie = Math.floor((Date.now() - 80_000) / 1000) * 1000;
    await createNotification(note('Tie A'), notificationId(tie, 'record-9#a'));
    await createNotification(note('Tie B'), notificationId(tie, 'record-9#b'));
    await createNotification(note('Stored first, happened later'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await createNotification(note('Stored late, happened first'), notificationId(t0, 'record-7#late'));

    // Act
    const list = await api.call('listNotifications', { token: outsiderToken });
    const again = await api.call('listNotifications', { token: outsiderToken });

    // Assess: newest first by createdAt, the late one at the time it happened; equal times by id.
    type Listed = { title: string; createdAt: string; notificationId: string };
    const mine = list.body.data as Listed[];
    const titles = mine.map((n) => n.title);
    expect(titles.indexOf('Stored first, happened later')).toBeLessThan(
      titles.indexOf('Stored late, happened first'),
    );
    expect(titles.indexOf('Stored late, happened first')).toBeLessThan(titles.indexOf('Tie A'));
    const times = mine.map((n) => n.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(mine.find((n) => n.title === 'Stored late, happened first')?.createdAt).toBe(
      new Date(t0).toISOString(),
    );
    const ties = mine.filter((n) => n.title.startsWith('Tie'));
    expect(ties.map((n) => n.createdAt)).toEqual([new Date(tie).toISOString(), new Date(tie).toISOString()]);
    expect(ties.map((n) => n.notificationId)).toEqual(
      ties
        .map((n) => n.notificationId)
        .sort()
        .reverse(),
    );
    expect((again.body.data as Listed[]).map((n) => n.notificationId)).toEqual(
      (list.body.data as Listed[]).map((n) => n.notificationId),
    );
  });
});
