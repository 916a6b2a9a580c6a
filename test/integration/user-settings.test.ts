/**
 * "My settings" (spec 002 §2.6): the caller's five e-mail switches against the real local
 * emulators. Defaults until saved, a save changes only the switches sent (the others are neither
 * read nor written), the admin-only switch needs NOTIFY_PROJECT_CREATION to be turned on, and what
 * was saved is what every later request (and the reactions, through emailSettingsOf) reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/common/entities';
import { emailSettingsOf } from '../../functions/common/user-settings';
import { DEFAULT_USER_SETTINGS } from '../../shared/schemas/user';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();

interface Person {
  email: string;
  userId: string;
  token: string;
}
const as = (person: Person): ApiClient => api.as(person.token);

async function register(email: string): Promise<Person> {
  const userId = await stack.signUp(email);
  const token = await stack.signIn(email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName: 'Sam', lastName: 'Settings', emailAddress: email },
  });
  expect(registered.status).toBe(200);
  return { email, userId, token };
}

const storedSettings = async (person: Person) =>
  (await db().entities.user.get({ userId: person.userId }).go()).data?.settings;

let owner: Person; // Team Owner: holds NOTIFY_PROJECT_CREATION
let member: Person; // Member of the same team: does not

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  owner = await register('owner@settings.test');
  const created = await as(owner).call('createTeam', { body: { name: 'Settings Team' } });
  expect(created.status).toBe(200);
  owner.token = await stack.signIn(owner.email);
  const [groups, roles] = await Promise.all([as(owner).call('getGroups'), as(owner).call('getRoles')]);
  const invited = await as(owner).call('inviteMember', {
    body: {
      emailAddress: 'member@settings.test',
      groupId: groups.body.data[0].groupId,
      roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_MEMBER').roleId,
    },
  });
  expect(invited.status).toBe(200);
  member = await register('member@settings.test');
  const accepted = await as(member).call('respondToInvitation', {
    params: { membershipId: invited.body.data.membershipId },
    body: { invitationStatus: 'ACCEPT' },
  });
  expect(accepted.status).toBe(200);
});
afterAll(() => resources.stopAll());

describe('GET /api/user/settings', () => {
  it('answers the defaults to a user who never saved settings, with or without a team', async () => {
    // Prepare
    const loner = await register('loner@settings.test');
    // Act
    const lonerSettings = await as(loner).call('getUserSettings');
    const memberSettings = await as(member).call('getUserSettings');
    // Assess
    expect(lonerSettings).toEqual({ status: 200, body: { data: DEFAULT_USER_SETTINGS } });
    expect(memberSettings).toEqual({ status: 200, body: { data: DEFAULT_USER_SETTINGS } });
    expect(DEFAULT_USER_SETTINGS).toEqual({
      sendEmailOnProjectAssigned: true,
      sendEmailOnQuestionAssigned: true,
      sendEmailOnBeingMentioned: true,
      sendEmailOnBeingRepliedTo: true,
      sendEmailOnProjectCreated: false,
      sendEmailOnLibraryReviewDue: true,
    });
  });

  it('is refused without a token', async () => {
    // Act
    const response = await api.call('getUserSettings');
    // Assess
    expect(response.status).toBe(401);
  });
});

describe('POST /api/user/settings/update', () => {
  it('changes only the switches sent, keeps the others, and answers all five', async () => {
    // Prepare
    const person = await register('partial@settings.test');
    // Act
    const first = await as(person).call('updateUserSettings', { body: { sendEmailOnBeingMentioned: false } });
    const second = await as(person).call('updateUserSettings', {
      body: { sendEmailOnQuestionAssigned: false },
    });
    const third = await as(person).call('updateUserSettings', { body: { sendEmailOnBeingMentioned: true } });
    // Assess
    expect(first).toEqual({
      status: 200,
      body: { data: { ...DEFAULT_USER_SETTINGS, sendEmailOnBeingMentioned: false } },
    });
    expect(second.body.data).toEqual({
      ...DEFAULT_USER_SETTINGS,
      sendEmailOnBeingMentioned: false,
      sendEmailOnQuestionAssigned: false,
    });
    expect(third.body.data).toEqual({ ...DEFAULT_USER_SETTINGS, sendEmailOnQuestionAssigned: false });
    // Only what was ever sent is stored; the defaults of the rest are not written.
    expect(await storedSettings(person)).toEqual({
      sendEmailOnBeingMentioned: true,
      sendEmailOnQuestionAssigned: false,
    });
  });

  it('survives a new request and a new sign-in, and is what the reactions read', async () => {
    // Prepare
    const person = await register('lasting@settings.test');
    await as(person).call('updateUserSettings', {
      body: { sendEmailOnProjectAssigned: false, sendEmailOnBeingRepliedTo: false },
    });
    // Act
    const token = await stack.signIn(person.email);
    const read = await api.call('getUserSettings', { token });
    // Assess
    const expected = {
      ...DEFAULT_USER_SETTINGS,
      sendEmailOnProjectAssigned: false,
      sendEmailOnBeingRepliedTo: false,
    };
    expect(read).toEqual({ status: 200, body: { data: expected } });
    const { data: user } = await db().entities.user.get({ userId: person.userId }).go();
    expect(emailSettingsOf(user)).toEqual(expected);
  });

  it('keeps both of two concurrent saves of different switches, first save included', async () => {
    // Prepare
    const person = await register('concurrent@settings.test');
    // Act
    const saves = await Promise.all([
      as(person).call('updateUserSettings', { body: { sendEmailOnProjectAssigned: false } }),
      as(person).call('updateUserSettings', { body: { sendEmailOnQuestionAssigned: false } }),
      as(person).call('updateUserSettings', { body: { sendEmailOnBeingMentioned: false } }),
    ]);
    // Assess
    expect(saves.map((s) => s.status)).toEqual([200, 200, 200]);
    expect((await as(person).call('getUserSettings')).body.data).toEqual({
      ...DEFAULT_USER_SETTINGS,
      sendEmailOnProjectAssigned: false,
      sendEmailOnQuestionAssigned: false,
      sendEmailOnBeingMentioned: false,
    });
  });

  it('lets an admin turn on the project-created e-mail', async () => {
    // Act
    const on = await as(owner).call('updateUserSettings', { body: { sendEmailOnProjectCreated: true } });
    const read = await as(owner).call('getUserSettings');
    // Assess
    expect(on).toEqual({
      status: 200,
      body: { data: { ...DEFAULT_USER_SETTINGS, sendEmailOnProjectCreated: true } },
    });
    expect(read.body.data.sendEmailOnProjectCreated).toBe(true);
  });

  it('refuses the project-created e-mail to a Member (403) but always lets it be turned off', async () => {
    // Prepare
    await as(member).call('updateUserSettings', { body: { sendEmailOnBeingMentioned: false } });
    // Act
    const on = await as(member).call('updateUserSettings', { body: { sendEmailOnProjectCreated: true } });
    const mixed = await as(member).call('updateUserSettings', {
      body: { sendEmailOnProjectCreated: true, sendEmailOnBeingMentioned: true },
    });
    const off = await as(member).call('updateUserSettings', { body: { sendEmailOnProjectCreated: false } });
    // Assess
    expect(on).toEqual({
      status: 403,
      body: { message: 'Only administrators can receive an e-mail when a project is created' },
    });
    expect(mixed.status).toBe(403);
    expect(off).toEqual({
      status: 200,
      body: { data: { ...DEFAULT_USER_SETTINGS, sendEmailOnBeingMentioned: false } },
    });
    // The refused saves changed nothing, not even the permitted switch sent with them.
    expect((await as(member).call('getUserSettings')).body.data.sendEmailOnBeingMentioned).toBe(false);
  });

  it('lets a user without a team change the other four, but not turn on the admin one', async () => {
    // Prepare
    const loner = await register('teamless@settings.test');
    // Act
    const own = await as(loner).call('updateUserSettings', { body: { sendEmailOnProjectAssigned: false } });
    const admin = await as(loner).call('updateUserSettings', { body: { sendEmailOnProjectCreated: true } });
    // Assess
    expect(own).toEqual({
      status: 200,
      body: { data: { ...DEFAULT_USER_SETTINGS, sendEmailOnProjectAssigned: false } },
    });
    expect(admin.status).toBe(403);
  });

  it('refuses an empty change, unknown switches and values that are not booleans (400)', async () => {
    // Prepare
    const person = await register('invalid@settings.test');
    // Act
    const responses = await Promise.all([
      as(person).raw('updateUserSettings', { body: {} }),
      as(person).raw('updateUserSettings', { body: { sendEmailOnEverything: true } }),
      as(person).raw('updateUserSettings', { body: { sendEmailOnBeingMentioned: 'no' } }),
      as(person).raw('updateUserSettings', { body: '[]' }),
    ]);
    // Assess
    for (const response of responses) expect(response.status).toBe(400);
    expect(await storedSettings(person)).toBeUndefined();
  });

  it('needs a registered user', async () => {
    // Prepare
    await stack.signUp('unregistered@settings.test');
    const token = await stack.signIn('unregistered@settings.test');
    // Act
    const read = await api.call('getUserSettings', { token });
    const save = await api.call('updateUserSettings', { token, body: { sendEmailOnBeingMentioned: false } });
    // Assess
    expect(read).toEqual({ status: 404, body: { message: 'User not registered' } });
    expect(save).toEqual({ status: 404, body: { message: 'User not registered' } });
  });
});
