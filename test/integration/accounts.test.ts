/**
 * Accounts, single sign-on, onboarding, teams and profile against the real local emulators:
 * team creation, invitations (with the e-mail the SES emulator received), acceptance and decline,
 * member updates and their rules, permission gates, cross-team isolation, the profile, activity,
 * photos through presigned S3 URLs, and the public single sign-on lookups.
 */
import {
  AdminUpdateUserAttributesCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../functions/common/entities';
import { INVITATION_MAIL_LIMIT } from '../../functions/common/rate-limit';
import { VERIFY_EMAIL_FIRST } from '../../functions/registration/service';
import { OWNER_CANNOT_LEAVE } from '../../functions/team/invitations';
import { LOCAL_POOL_ID } from '../../scripts/local/cognito';
import { DEMO } from '../../scripts/local/provision';
import { UPLOADS_BUCKET } from '../../scripts/local/stack';
import { INVITATION_LIMIT_MESSAGE } from '../../shared/constants';
import { PHOTO_TOO_LARGE_MESSAGE, PHOTO_TYPE_MESSAGE } from '../../shared/schemas/user';
import { client } from '../support/api-client';
import { eventually } from '../support/eventually';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();

interface Person {
  email: string;
  userId: string;
  token: string;
  fullName: string;
}

/** Signs up, confirms, completes registration and signs in: a registered user without a team. */
async function register(email: string, givenName: string, lastName: string): Promise<Person> {
  const userId = await stack.signUp(email);
  const token = await stack.signIn(email);
  const registered = await api.call('registerUser', {
    token,
    body: { givenName, lastName, emailAddress: email },
  });
  expect(registered.status).toBe(200);
  return { email, userId, token, fullName: `${givenName} ${lastName}` };
}

/** The API as `person`, signed in. */
const as = (person: Person) => api.as(person.token);

async function idsOf(person: Person) {
  const [groups, roles] = await Promise.all([as(person).call('getGroups'), as(person).call('getRoles')]);
  const group = (name: string) =>
    groups.body.data.find((g: { groupName: string }) => g.groupName === name).groupId as string;
  const role = (code: string) =>
    roles.body.data.find((r: { code: string }) => r.code === code).roleId as string;
  return { group, role };
}

interface StoredEmail {
  from: string;
  destination: { to: string[] };
  subject: string;
  body: { text?: string; html?: string };
}
async function mailTo(address: string): Promise<StoredEmail[]> {
  const response = await fetch(`${stack.mailUrl}/store`);
  const store = (await response.json()) as { emails: StoredEmail[] };
  return store.emails.filter((e) => e.destination.to.some((to) => to.includes(address)));
}

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

let alice: Person; // owner of team A
let dave: Person; // owner of team B
let bob: Person; // invited to team A as a Member, accepts
let teamA: string;
let teamB: string;
let a: Awaited<ReturnType<typeof idsOf>>;
let b: Awaited<ReturnType<typeof idsOf>>;
let bobMembershipId: string;
let aliceMembershipId: string;

beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
  [alice, dave] = await Promise.all([
    register('alice@acme.test', 'Alice', 'Smith'),
    register('dave@bravo.test', 'Dave', 'Jones'),
  ]);
});
afterAll(() => resources.stopAll());

describe('create team', () => {
  it('needs a user record', async () => {
    await stack.signUp('unregistered@acme.test');
    const token = await stack.signIn('unregistered@acme.test');
    const response = await api.call('createTeam', { token, body: { name: 'Nobody Team' } });
    expect(response).toEqual({ status: 404, body: { message: 'User not registered' } });
  });

  it('validates the team name', async () => {
    const response = await as(alice).call('createTeam', { body: { name: ' ab ' } });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ name: ['Please provide a name for the team'] });
  });

  it('makes the caller the owner of a team with default roles and groups, once', async () => {
    const created = await as(alice).call('createTeam', { body: { name: '  Acme Security  ' } });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({ teamId: expect.any(String), name: 'Acme Security' });
    teamA = created.body.data.teamId;

    expect(await as(alice).call('createTeam', { body: { name: 'Second Team' } })).toEqual({
      status: 409,
      body: { message: 'You already belong to a team' },
    });

    const user = await as(alice).call('getUser');
    expect(user.body.data).toMatchObject({
      teamId: teamA,
      role: { code: 'ROLE_ADMIN_TEAM_OWNER', name: 'Team Owner' },
      group: { groupName: 'Sales' },
    });
    expect((await as(alice).call('getUserStatus')).body.data.status).toBe('USER_ACCOUNT_READY');
    const roles = await as(alice).call('getRoles');
    expect(roles.body.data.map((r: { code: string }) => r.code)).toEqual([
      'ROLE_ADMIN_TEAM_OWNER',
      'ROLE_ADMIN',
      'ROLE_MANAGER',
      'ROLE_MEMBER',
      'ROLE_VIEWER',
    ]);
    const groups = await as(alice).call('getGroups');
    expect(groups.body.data.map((g: { groupName: string }) => g.groupName)).toEqual([
      'Sales',
      'Delivery',
      'Security',
    ]);
    const members = await as(alice).call('listAllMembers');
    expect(members.body.data).toEqual([
      expect.objectContaining({
        userId: alice.userId,
        status: 'ACTIVE',
        emailAddress: alice.email,
        member: expect.objectContaining({ userId: alice.userId, fullName: 'Alice Smith', photo: null }),
        role: { name: 'Team Owner', code: 'ROLE_ADMIN_TEAM_OWNER' },
        group: { groupName: 'Sales' },
      }),
    ]);
    aliceMembershipId = members.body.data[0].membershipId;
    a = await idsOf(alice);

    const teamBCreated = await as(dave).call('createTeam', { body: { name: 'Bravo Inc' } });
    expect(teamBCreated.status).toBe(200);
    teamB = teamBCreated.body.data.teamId;
    b = await idsOf(dave);
  });

  it('records REGISTRATION_CREATE_TEAM with the team name as a contribution', async () => {
    const { data: events } = await db().entities.activityEvent.query.primary({ userId: alice.userId }).go();
    expect(events).toEqual([
      expect.objectContaining({
        eventName: 'REGISTRATION_CREATE_TEAM',
        eventData: { teamName: 'Acme Security' },
        teamId: teamA,
      }),
    ]);
    expect((await as(alice).call('getActivity')).body.data).toEqual([{ date: today(), count: 1 }]);
  });
});

describe('invite', () => {
  it('creates a pending invitation and e-mails a sign-up link', async () => {
    const response = await as(alice).call('inviteMember', {
      body: {
        emailAddress: '  Bob@Acme.test ',
        groupId: a.group('Delivery'),
        roleId: a.role('ROLE_MEMBER'),
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      membershipId: expect.any(String),
      userId: null,
      emailAddress: 'bob@acme.test',
      status: 'INVITED',
      groupId: a.group('Delivery'),
      roleId: a.role('ROLE_MEMBER'),
      createdAt: expect.any(String),
      member: null,
      group: { groupName: 'Delivery' },
      role: { name: 'Member', code: 'ROLE_MEMBER' },
    });
    bobMembershipId = response.body.data.membershipId;

    // The invitation e-mail follows the response (sent from the table's stream).
    const mail = await eventually(async () => {
      const sent = await mailTo('bob@acme.test');
      expect(sent).toHaveLength(1);
      return sent;
    });
    const link = `${stack.appUrl}/Signup?email=bob%40acme.test`;
    expect(mail[0]).toMatchObject({
      from: 'Questionnaire Workspace <no-reply@workspace.local>',
      subject: 'Alice Smith invited you to join Acme Security',
    });
    expect(mail[0].body.text).toContain(link);
    expect(mail[0].body.html).toContain(`href="${link}"`);
  });

  it('lists members first, then pending invitations; the members list leaves invitations out', async () => {
    const all = await as(alice).call('listAllMembers');
    expect(
      all.body.data.map((m: { emailAddress: string; status: string }) => [m.emailAddress, m.status]),
    ).toEqual([
      [alice.email, 'ACTIVE'],
      ['bob@acme.test', 'INVITED'],
    ]);
    const members = await as(alice).call('listMembers');
    expect(members.body.data.map((m: { emailAddress: string }) => m.emailAddress)).toEqual([alice.email]);
  });

  it('refuses a second invitation, and inviting a member', async () => {
    const again = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'bob@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(again).toEqual({
      status: 409,
      body: { message: 'That person has already been invited to your team' },
    });
    const member = await as(alice).call('inviteMember', {
      body: {
        emailAddress: alice.email,
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(member).toEqual({
      status: 409,
      body: { message: 'That person is already a member of your team' },
    });
    await stack.settle();
    expect(await mailTo('bob@acme.test')).toHaveLength(1);
  });

  it('names each invalid field', async () => {
    const empty = await as(alice).raw('inviteMember', { body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({
      emailAddress: ['Please enter an email address'],
      groupId: ['Please select a team'],
      roleId: ['Please select an access level'],
    });
    const blank = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'not-an-email',
        groupId: '',
        roleId: '',
      },
    });
    expect(blank.body.fieldErrors).toEqual({
      emailAddress: ['Please enter an email address'],
      groupId: ['Please select a team'],
      roleId: ['Please select an access level'],
    });
  });

  it("accepts only the caller's own team's groups and roles", async () => {
    const response = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'someone@acme.test',
        groupId: b.group('Sales'),
        roleId: b.role('ROLE_MEMBER'),
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      groupId: ['Please select a team'],
      roleId: ['Please select an access level'],
    });
  });

  it('never gives the team owner role by invitation', async () => {
    const response = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'someone@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_ADMIN_TEAM_OWNER'),
      },
    });
    expect(response).toEqual({
      status: 422,
      body: { message: 'The team owner role cannot be given by invitation' },
    });
    await stack.settle();
    expect(await mailTo('someone@acme.test')).toHaveLength(0);
  });
});

describe('invitation rate limit', () => {
  it('stops a team after its hourly invitation e-mail budget, with a clear 429 and no invitation or e-mail', async () => {
    // Prepare: an owner of a team of their own (so no other test's team is limited).
    const erin = await register('erin@echo.test', 'Erin', 'Park');
    expect((await as(erin).call('createTeam', { body: { name: 'Echo Assurance' } })).status).toBe(200);
    const ids = await idsOf(erin);
    const invite = (n: number) =>
      as(erin).call('inviteMember', {
        body: {
          emailAddress: `bulk.${n}@relay.test`,
          groupId: ids.group('Delivery'),
          roleId: ids.role('ROLE_MEMBER'),
        },
      });
    const budget = INVITATION_MAIL_LIMIT.perTeam;
    // Act
    const statuses = await Promise.all(
      Array.from({ length: budget }, (_, i) => invite(i + 1).then((r) => r.status)),
    );
    const over = await invite(budget + 1);
    // Assess
    expect(statuses.filter((status) => status === 200)).toHaveLength(budget);
    expect(over).toEqual({ status: 429, body: { message: INVITATION_LIMIT_MESSAGE } });
    const pending = (await as(erin).call('listAllMembers')).body.data as Array<{ emailAddress: string }>;
    expect(pending.some((m) => m.emailAddress === `bulk.${budget + 1}@relay.test`)).toBe(false);
    await stack.settle();
    expect(await mailTo(`bulk.${budget + 1}@relay.test`)).toHaveLength(0);
    expect(await mailTo(`bulk.${budget}@relay.test`)).toHaveLength(1);
  });
});

describe('invitations', () => {
  it('moves the invited person from USER_HAS_INVITATIONS to USER_ACCOUNT_READY on accept', async () => {
    bob = await register('bob@acme.test', 'Bob', 'Brown');
    expect((await as(bob).call('getUserStatus')).body.data.status).toBe('USER_HAS_INVITATIONS');
    const invitations = await as(bob).call('listInvitations');
    expect(invitations.body.data).toEqual([
      {
        membershipId: bobMembershipId,
        createdAt: expect.any(String),
        invitationData: {
          sender: { userId: alice.userId, fullName: 'Alice Smith', photo: null },
          team: { teamId: teamA, name: 'Acme Security' },
        },
      },
    ]);

    const accepted = await as(bob).call('respondToInvitation', {
      params: { membershipId: bobMembershipId },
      body: {
        invitationStatus: 'ACCEPT',
      },
    });
    expect(accepted).toEqual({
      status: 200,
      body: { data: { invitationStatus: 'ACCEPT', remainingInvitations: 0 } },
    });
    expect((await as(bob).call('getUserStatus')).body.data.status).toBe('USER_ACCOUNT_READY');
    expect((await as(bob).call('getUser')).body.data).toMatchObject({
      teamId: teamA,
      role: { code: 'ROLE_MEMBER' },
      group: { groupName: 'Delivery' },
    });
    expect(await as(bob).call('listInvitations')).toEqual({ status: 200, body: { data: [] } });
    const permissions = (await as(bob).call('getPermissions')).body.data;
    expect(permissions.READ_ANSWER).toBe(true);
    expect(permissions.CREATE_TEAM_MEMBER).toBeUndefined();

    const all = (await as(alice).call('listAllMembers')).body.data;
    expect(all[1]).toMatchObject({
      membershipId: bobMembershipId,
      userId: bob.userId,
      status: 'ACTIVE',
      member: {
        userId: bob.userId,
        fullName: 'Bob Brown',
        emailAddress: bob.email,
        lastSeen: expect.any(String),
      },
    });

    expect(
      await as(bob).call('respondToInvitation', {
        params: { membershipId: bobMembershipId },
        body: { invitationStatus: 'ACCEPT' },
      }),
    ).toEqual({ status: 404, body: { message: 'Invitation not found' } });
    const { data: events } = await db().entities.activityEvent.query.primary({ userId: bob.userId }).go();
    expect(events.map((e) => e.eventName)).toEqual(['INVITATION_ACCEPTED']);
  });

  it('declines one of two invitations, then the other, ending with USER_HAS_NO_INVITATIONS', async () => {
    const toA = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'carol@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    const toB = await as(dave).call('inviteMember', {
      body: {
        emailAddress: 'carol@acme.test',
        groupId: b.group('Security'),
        roleId: b.role('ROLE_MANAGER'),
      },
    });
    expect([toA.status, toB.status]).toEqual([200, 200]);
    const carol = await register('carol@acme.test', 'Carol', 'White');
    expect((await as(carol).call('getUserStatus')).body.data.status).toBe('USER_HAS_INVITATIONS');
    const listed = (await as(carol).call('listInvitations')).body.data;
    expect(
      listed.map((i: { invitationData: { team: { name: string } } }) => i.invitationData.team.name),
    ).toEqual(['Acme Security', 'Bravo Inc']);

    // Someone else cannot answer Carol's invitation.
    expect(
      await as(bob).call('respondToInvitation', {
        params: { membershipId: toA.body.data.membershipId },
        body: {
          invitationStatus: 'ACCEPT',
        },
      }),
    ).toEqual({ status: 404, body: { message: 'Invitation not found' } });

    const first = await as(carol).call('respondToInvitation', {
      params: { membershipId: toA.body.data.membershipId },
      body: {
        invitationStatus: 'DECLINE',
      },
    });
    expect(first.body.data).toEqual({ invitationStatus: 'DECLINE', remainingInvitations: 1 });
    expect((await as(carol).call('listInvitations')).body.data).toHaveLength(1);
    expect((await as(carol).call('getUserStatus')).body.data.status).toBe('USER_HAS_INVITATIONS');
    const teamAList = (await as(alice).call('listAllMembers')).body.data;
    expect(teamAList.map((m: { emailAddress: string }) => m.emailAddress)).not.toContain('carol@acme.test');

    const second = await as(carol).call('respondToInvitation', {
      params: { membershipId: toB.body.data.membershipId },
      body: {
        invitationStatus: 'DECLINE',
      },
    });
    expect(second.body.data).toEqual({ invitationStatus: 'DECLINE', remainingInvitations: 0 });
    expect((await as(carol).call('getUserStatus')).body.data.status).toBe('USER_HAS_NO_INVITATIONS');
    const { data: events } = await db().entities.activityEvent.query.primary({ userId: carol.userId }).go();
    expect(events.map((e) => e.eventName)).toEqual(['INVITATION_DECLINED', 'INVITATION_DECLINED']);
    // A declined invitation can be sent again.
    const again = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'carol@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(again.status).toBe(200);
  });

  it("refuses to let a team's owner leave it by accepting another team's invitation", async () => {
    // Prepare: Dave owns Bravo; Alice invites him to Acme.
    const invited = await as(alice).call('inviteMember', {
      body: { emailAddress: dave.email, groupId: a.group('Sales'), roleId: a.role('ROLE_VIEWER') },
    });
    expect(invited.status).toBe(200);
    // Act
    const accepted = await as(dave).call('respondToInvitation', {
      params: { membershipId: invited.body.data.membershipId },
      body: { invitationStatus: 'ACCEPT' },
    });
    // Assess: refused, and Bravo keeps its owner.
    expect(accepted).toEqual({ status: 409, body: { message: OWNER_CANNOT_LEAVE } });
    const daveNow = (await as(dave).call('getUser')).body.data;
    expect(daveNow).toMatchObject({ teamId: teamB, role: { code: 'ROLE_ADMIN_TEAM_OWNER' } });
    expect((await as(dave).call('listInvitations')).body.data).toHaveLength(1);
  });

  it('never matches invitations or registration to an address changed without verification', async () => {
    // Prepare: Alice invites an address; Mallory, registered with her own, points her pool e-mail
    // at it without verifying it (the token's email claim follows the attribute).
    const invited = await as(alice).call('inviteMember', {
      body: { emailAddress: 'target@acme.test', groupId: a.group('Security'), roleId: a.role('ROLE_ADMIN') },
    });
    expect(invited.status).toBe(200);
    const mallory = await register('mallory@evil.test', 'Mallory', 'Mask');
    const pool = new CognitoIdentityProviderClient({});
    await pool.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: LOCAL_POOL_ID,
        Username: mallory.email,
        UserAttributes: [{ Name: 'email', Value: 'target@acme.test' }],
      }),
    );
    // (cognito-local signs in by the current e-mail attribute, so by the new one)
    const token = await stack.signIn('target@acme.test');
    // Act
    const listed = await api.as(token).call('listInvitations');
    const accepted = await api.as(token).call('respondToInvitation', {
      params: { membershipId: invited.body.data.membershipId },
      body: { invitationStatus: 'ACCEPT' },
    });
    // Registration with such an address is refused too.
    await stack.signUp('sneaky@evil.test');
    await pool.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: LOCAL_POOL_ID,
        Username: 'sneaky@evil.test',
        UserAttributes: [{ Name: 'email', Value: 'victim.two@acme.test' }],
      }),
    );
    const registered = await api.call('registerUser', {
      token: await stack.signIn('victim.two@acme.test'),
      body: { givenName: 'Sneaky', lastName: 'Person', emailAddress: 'victim.two@acme.test' },
    });
    // Assess
    expect(listed).toEqual({ status: 200, body: { data: [] } });
    expect(accepted).toEqual({ status: 404, body: { message: 'Invitation not found' } });
    expect(registered).toEqual({ status: 403, body: { message: VERIFY_EMAIL_FIRST } });
    const members = (await as(alice).call('listAllMembers')).body.data as Array<{
      emailAddress: string;
      status: string;
    }>;
    expect(members.find((m) => m.emailAddress === 'target@acme.test')?.status).toBe('INVITED');
  });

  it('refuses a malformed response', async () => {
    const response = await as(bob).raw('respondToInvitation', {
      params: { membershipId: bobMembershipId },
      body: { invitationStatus: 'MAYBE' },
    });
    expect(response.status).toBe(400);
  });
});

describe('permission gates', () => {
  it('refuses invite and update to a member without those permissions', async () => {
    const invite = await as(bob).call('inviteMember', {
      body: {
        emailAddress: 'eve@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(invite).toEqual({ status: 403, body: { message: 'You do not have permission to do that' } });
    const update = await as(bob).call('updateMember', {
      params: { membershipId: aliceMembershipId },
      body: {
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(update.status).toBe(403);
  });

  it('refuses team routes to a registered user without a team', async () => {
    const frank = await register('frank@nowhere.test', 'Frank', 'Green');
    expect((await as(frank).call('listAllMembers')).status).toBe(403);
    expect((await as(frank).call('listMembers')).status).toBe(403);
  });
});

describe('update member', () => {
  it("changes a member's group and role, and their permissions follow", async () => {
    const response = await as(alice).call('updateMember', {
      params: { membershipId: bobMembershipId },
      body: {
        groupId: a.group('Security'),
        roleId: a.role('ROLE_MANAGER'),
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      membershipId: bobMembershipId,
      userId: bob.userId,
      group: { groupName: 'Security' },
      role: { name: 'Manager', code: 'ROLE_MANAGER' },
      member: { fullName: 'Bob Brown' },
    });
    expect((await as(bob).call('getPermissions')).body.data.USER_PERMISSION_CREATE_PROJECT).toBe(true);
    expect((await as(bob).call('getUser')).body.data.role).toEqual({ name: 'Manager', code: 'ROLE_MANAGER' });
  });

  it('lets a caller change their own group but not their own role', async () => {
    const ownRole = await as(alice).call('updateMember', {
      params: { membershipId: aliceMembershipId },
      body: {
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_ADMIN'),
      },
    });
    expect(ownRole).toEqual({ status: 403, body: { message: 'You cannot change your own role' } });
    const ownGroup = await as(alice).call('updateMember', {
      params: { membershipId: aliceMembershipId },
      body: {
        groupId: a.group('Delivery'),
        roleId: a.role('ROLE_ADMIN_TEAM_OWNER'),
      },
    });
    expect(ownGroup.status).toBe(200);
    expect(ownGroup.body.data.group).toEqual({ groupName: 'Delivery' });
    expect((await as(alice).call('getUser')).body.data.group).toEqual({ groupName: 'Delivery' });
  });

  it("never changes the team owner's role and never gives the owner role", async () => {
    const toAdmin = await as(alice).call('updateMember', {
      params: { membershipId: bobMembershipId },
      body: {
        groupId: a.group('Security'),
        roleId: a.role('ROLE_ADMIN'),
      },
    });
    expect(toAdmin.status).toBe(200);
    const ownerRole = await as(bob).call('updateMember', {
      params: { membershipId: aliceMembershipId },
      body: {
        groupId: a.group('Delivery'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    expect(ownerRole).toEqual({ status: 403, body: { message: "The team owner's role cannot be changed" } });
    // An administrator may still move the owner to another group.
    const ownerGroup = await as(bob).call('updateMember', {
      params: { membershipId: aliceMembershipId },
      body: {
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_ADMIN_TEAM_OWNER'),
      },
    });
    expect(ownerGroup.status).toBe(200);
    const toOwner = await as(alice).call('updateMember', {
      params: { membershipId: bobMembershipId },
      body: {
        groupId: a.group('Security'),
        roleId: a.role('ROLE_ADMIN_TEAM_OWNER'),
      },
    });
    expect(toOwner).toEqual({ status: 422, body: { message: 'No one can be given the team owner role' } });
  });

  it('refuses to edit a pending invitation', async () => {
    const invited = await as(alice).call('inviteMember', {
      body: {
        emailAddress: 'pending@acme.test',
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_VIEWER'),
      },
    });
    const response = await as(alice).call('updateMember', {
      params: { membershipId: invited.body.data.membershipId },
      body: {
        groupId: a.group('Sales'),
        roleId: a.role('ROLE_MEMBER'),
      },
    });
    expect(response).toEqual({
      status: 409,
      body: { message: 'That person has not accepted their invitation yet' },
    });
  });

  it("names invalid fields, including another team's group or role", async () => {
    const empty = await as(alice).call('updateMember', {
      params: { membershipId: bobMembershipId },
      body: {
        groupId: '',
        roleId: '',
      },
    });
    expect(empty.body.fieldErrors).toEqual({
      groupId: ['Please select a team'],
      roleId: ['Please select access'],
    });
    const foreign = await as(alice).call('updateMember', {
      params: { membershipId: bobMembershipId },
      body: {
        groupId: b.group('Sales'),
        roleId: a.role('ROLE_MEMBER'),
      },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors).toEqual({ groupId: ['Please select a team'] });
  });

  it('keeps concurrent edits consistent: each either wins or gets 409', async () => {
    const before = await db().entities.membership.get({ teamId: teamA, membershipId: bobMembershipId }).go();
    const groups = ['Sales', 'Delivery', 'Security', 'Sales', 'Delivery', 'Security'];
    const results = await Promise.all(
      groups.map((name) =>
        as(alice).call('updateMember', {
          params: { membershipId: bobMembershipId },
          body: {
            groupId: a.group(name),
            roleId: a.role('ROLE_ADMIN'),
          },
        }),
      ),
    );
    for (const r of results) expect([200, 409]).toContain(r.status);
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body).toEqual({ message: 'This was changed by someone else; reload and try again' });
    }
    const wins = results.filter((r) => r.status === 200).length;
    expect(wins).toBeGreaterThan(0);
    const after = await db().entities.membership.get({ teamId: teamA, membershipId: bobMembershipId }).go();
    expect(after.data!.version).toBe(before.data!.version + wins);
  });
});

describe('cross-team isolation', () => {
  it("never shows or changes another team's memberships or invitations", async () => {
    const listed = (await as(dave).call('listAllMembers')).body.data;
    const emails = listed.map((m: { emailAddress: string }) => m.emailAddress);
    expect(emails).toContain(dave.email);
    for (const email of [alice.email, bob.email, 'pending@acme.test']) expect(emails).not.toContain(email);

    for (const id of [bobMembershipId, aliceMembershipId]) {
      const update = await as(dave).call('updateMember', {
        params: { membershipId: id },
        body: {
          groupId: b.group('Sales'),
          roleId: b.role('ROLE_VIEWER'),
        },
      });
      expect(update).toEqual({ status: 404, body: { message: 'Member not found' } });
    }
    const { data: bobMembership } = await db()
      .entities.membership.get({ teamId: teamA, membershipId: bobMembershipId })
      .go();
    expect(bobMembership?.roleCode).toBe('ROLE_ADMIN');
  });
});

describe('profile', () => {
  it('saves trimmed names and returns the user', async () => {
    const response = await as(alice).call('updateUser', {
      body: {
        givenName: '  Alicia ',
        lastName: ' Smith-Jones ',
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      givenName: 'Alicia',
      lastName: 'Smith-Jones',
      fullName: 'Alicia Smith-Jones',
      emailAddress: alice.email,
      role: { code: 'ROLE_ADMIN_TEAM_OWNER' },
    });
    expect((await as(alice).call('getUser')).body.data.fullName).toBe('Alicia Smith-Jones');
  });

  it('never loses an update: of 50 concurrent saves from one version, one lands and 49 get 409', async () => {
    // Prepare
    const { version } = (await as(alice).call('getUser')).body.data as { version: number };
    // Act
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        as(alice).call('updateUser', { body: { givenName: `Alice ${n}`, lastName: 'Smith-Jones', version } }),
      ),
    );
    // Assess
    const landed = responses.filter((r) => r.status === 200);
    expect(landed).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(49);
    const stored = (await as(alice).call('getUser')).body.data;
    expect(stored).toMatchObject({ givenName: landed[0].body.data.givenName, version: version + 1 });
    const stale = await as(alice).call('updateUser', {
      body: { givenName: 'Alicia', lastName: 'Smith-Jones', version },
    });
    expect(stale.status).toBe(409);
    expect(
      (await as(alice).call('updateUser', { body: { givenName: 'Alicia', lastName: 'Smith-Jones' } })).status,
    ).toBe(200);
  });

  it('names invalid names', async () => {
    const response = await as(alice).call('updateUser', { body: { givenName: ' A ', lastName: '' } });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({
      givenName: ['Please provide a first name'],
      lastName: ['Please provide a last name'],
    });
    const long = await as(alice).call('updateUser', {
      body: { givenName: 'x'.repeat(257), lastName: 'Smith' },
    });
    expect(long.body.fieldErrors).toEqual({ givenName: ['Please provide a first name'] });
  });

  it('records the last sign-in, shown on the team page', async () => {
    const response = await as(bob).call('recordLoggedIn');
    expect(response.status).toBe(200);
    const { lastSeen } = response.body.data;
    expect(Math.abs(Date.parse(lastSeen) - Date.now())).toBeLessThan(60_000);
    const all = (await as(alice).call('listAllMembers')).body.data;
    expect(all.find((m: { userId: string }) => m.userId === bob.userId).member.lastSeen).toBe(lastSeen);

    await stack.signUp('ghost@acme.test');
    const token = await stack.signIn('ghost@acme.test');
    const ghost = await api.call('recordLoggedIn', { token });
    expect(ghost).toEqual({ status: 404, body: { message: 'User not registered' } });
  });
});

describe('activity', () => {
  let gina: Person;
  beforeAll(async () => {
    gina = await register('gina@acme.test', 'Gina', 'Black');
  });

  it("counts the caller's events per day, leaving out APP_ERROR and ignoring the body's userId", async () => {
    for (const body of [
      { eventName: 'SEARCH', eventData: { query: 'encryption' }, userId: alice.userId, duration: 12 },
      { eventName: 'EXPORT' },
      { eventName: 'APP_ERROR', eventData: { message: 'There was a problem retrieving your activity' } },
    ]) {
      expect(await as(gina).call('recordActivity', { body: body })).toEqual({
        status: 200,
        body: { data: { ok: true } },
      });
    }
    expect((await as(gina).call('getActivity')).body.data).toEqual([{ date: today(), count: 2 }]);
    const { data: events } = await db().entities.activityEvent.query.primary({ userId: gina.userId }).go();
    expect(events.map((e) => e.eventName).sort()).toEqual(['APP_ERROR', 'EXPORT', 'SEARCH']);
    expect(events.find((e) => e.eventName === 'SEARCH')).toMatchObject({
      eventData: { query: 'encryption' },
      duration: 12,
    });
    expect(events.every((e) => e.expiresAt > Date.now() / 1000 + 390 * 86_400)).toBe(true);
    // Alice's own count did not move.
    expect((await as(alice).call('getActivity')).body.data).toEqual([{ date: today(), count: 1 }]);
  });

  it('returns the days with activity in the window, oldest first', async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    for (const [ago, count] of [
      [10, 3],
      [89, 4],
      [90, 6],
      [200, 5],
    ] as const) {
      await db()
        .entities.activityDay.put({ userId: gina.userId, date: daysAgo(ago), count, expiresAt })
        .go();
    }
    expect((await as(gina).call('getActivity')).body.data).toEqual([
      { date: daysAgo(89), count: 4 },
      { date: daysAgo(10), count: 3 },
      { date: today(), count: 2 },
    ]);
    expect((await as(gina).call('getActivity', { query: { days: 366 } })).body.data).toEqual([
      { date: daysAgo(200), count: 5 },
      { date: daysAgo(90), count: 6 },
      { date: daysAgo(89), count: 4 },
      { date: daysAgo(10), count: 3 },
      { date: today(), count: 2 },
    ]);
    expect((await as(gina).call('getActivity', { query: { days: 1 } })).body.data).toEqual([
      { date: today(), count: 2 },
    ]);
    expect((await as(gina).call('getActivity', { query: { days: 0 } })).status).toBe(400);
  });

  it('refuses event data over 8 KB', async () => {
    const response = await as(gina).call('recordActivity', {
      body: {
        eventName: 'SEARCH',
        eventData: { blob: 'x'.repeat(9 * 1024) },
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors).toEqual({ eventData: ['Event data must be at most 8 KB'] });
    expect((await as(gina).call('getActivity', { query: { days: 1 } })).body.data).toEqual([
      { date: today(), count: 2 },
    ]);
  });
});

describe('user teams', () => {
  it('lists the teams of accepted memberships and marks the current one', async () => {
    expect((await as(bob).call('getUserTeams')).body.data).toEqual([
      { teamId: teamA, name: 'Acme Security', current: true },
    ]);
    const invited = await as(dave).call('inviteMember', {
      body: {
        emailAddress: bob.email,
        groupId: b.group('Sales'),
        roleId: b.role('ROLE_VIEWER'),
      },
    });
    expect(invited.status).toBe(200);
    // Pending invitations are not teams yet.
    expect((await as(bob).call('getUserTeams')).body.data).toHaveLength(1);
    await as(bob).call('respondToInvitation', {
      params: { membershipId: invited.body.data.membershipId },
      body: {
        invitationStatus: 'ACCEPT',
      },
    });
    const teams = (await as(bob).call('getUserTeams')).body.data;
    expect(teams.sort((x: { name: string }, y: { name: string }) => x.name.localeCompare(y.name))).toEqual([
      { teamId: teamA, name: 'Acme Security', current: false },
      { teamId: teamB, name: 'Bravo Inc', current: true },
    ]);
    // Now in team B as a Viewer: team A's members are out of reach.
    expect((await as(bob).call('getUser')).body.data).toMatchObject({
      teamId: teamB,
      role: { code: 'ROLE_VIEWER' },
    });
    const listed = (await as(bob).call('listAllMembers')).body.data;
    expect(listed.map((m: { emailAddress: string }) => m.emailAddress)).not.toContain(alice.email);
  });

  it('is empty for a user without a team', async () => {
    const henry = await register('henry@acme.test', 'Henry', 'Gray');
    expect((await as(henry).call('getUserTeams')).body.data).toEqual([]);
  });
});

describe('photos', () => {
  const s3 = () => new S3Client({ forcePathStyle: true });
  const exists = async (key: string) =>
    s3()
      .send(new HeadObjectCommand({ Bucket: UPLOADS_BUCKET, Key: key }))
      .then(() => true)
      .catch(() => false);
  // A 1x1 PNG.
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );

  /** Stages bytes through the presigned POST, as the browser does (declared type = signed type). */
  async function upload(person: Person, body: Buffer, contentType: string = 'image/png') {
    const requested = await as(person).call('requestPhotoUpload', {
      body: { fileName: 'me.png', contentType: 'image/png' },
    });
    expect(requested.status).toBe(200);
    const { upload: form, photo } = requested.body.data as {
      upload: { url: string; fields: Record<string, string> };
      photo: string;
    };
    const data = new FormData();
    for (const [name, value] of Object.entries(form.fields)) data.append(name, value);
    data.append('file', new Blob([new Uint8Array(body)], { type: contentType }));
    const post = await fetch(form.url, { method: 'POST', body: data });
    expect(post.status).toBeLessThan(300);
    return { form, photo };
  }
  const keyOf = (url: string) =>
    decodeURIComponent(new URL(url).pathname.slice(`/${UPLOADS_BUCKET}/`.length));

  it('presigns a POST for a staging key of the caller, with the size range and type in the policy', async () => {
    // Act
    const requested = await as(alice).call('requestPhotoUpload', {
      body: { fileName: 'me.png', contentType: 'image/png' },
    });
    // Assess
    expect(requested.status).toBe(200);
    const { upload: form, photo } = requested.body.data;
    expect(photo).toMatch(new RegExp(`^staging/users/${alice.userId}/photos/[0-9a-f-]{36}$`));
    expect(new URL(form.url).pathname).toBe(`/${UPLOADS_BUCKET}`);
    expect(form.fields.key).toBe(photo);
    const policy = JSON.parse(Buffer.from(form.fields.Policy, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 2 * 1024 * 1024]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/png']);
    const henry = await stack.signIn('henry@acme.test');
    const noTeam = await api.call('requestPhotoUpload', {
      token: henry,
      body: { fileName: 'me.png', contentType: 'image/jpeg' },
    });
    expect(noTeam.body.data.photo).toMatch(/^staging\/users\/[0-9a-f-]+\/photos\/[0-9a-f-]{36}$/);
    for (const contentType of ['text/plain', 'image/svg+xml', 'text/html']) {
      const refused = await as(alice).call('requestPhotoUpload', {
        body: { fileName: 'me.svg', contentType: contentType as 'image/png' },
      });
      expect(refused.status, contentType).toBe(400);
      expect(refused.body.fieldErrors).toEqual({ contentType: [PHOTO_TYPE_MESSAGE] });
    }
  });

  it('moves an accepted image to a final key nobody can upload to, and replaces the previous one', async () => {
    // Prepare
    const first = await upload(alice, png);
    // Act
    const completed = await as(alice).call('completePhotoUpload', { body: { photo: first.photo } });
    // Assess
    expect(completed.status).toBe(200);
    const photoUrl = completed.body.data.photo as string;
    const finalKey = keyOf(photoUrl);
    expect(finalKey).toMatch(new RegExp(`^teams/${teamA}/users/${alice.userId}/photos/[0-9a-f-]{36}$`));
    const image = await fetch(photoUrl);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(png);
    expect(await exists(first.photo)).toBe(false);
    expect(keyOf((await as(alice).call('getUser')).body.data.photo)).toBe(finalKey);
    const members = (await as(alice).call('listAllMembers')).body.data;
    const self = members.find((m: { userId: string }) => m.userId === alice.userId);
    expect(keyOf(self.member.photo)).toBe(finalKey);

    // The same upload form used again only stages a new object: the accepted photo is untouched.
    const data = new FormData();
    for (const [name, value] of Object.entries(first.form.fields)) data.append(name, value);
    data.append('file', new Blob(['<html><script>alert(1)</script>'], { type: 'image/png' }));
    await fetch(first.form.url, { method: 'POST', body: data });
    expect(Buffer.from(await (await fetch(photoUrl)).arrayBuffer())).toEqual(png);

    const second = await upload(alice, png);
    expect((await as(alice).call('completePhotoUpload', { body: { photo: second.photo } })).status).toBe(200);
    expect(await exists(finalKey)).toBe(false);
  });

  it('rejects and deletes an oversize upload (413), and markup or SVG declared as an image (422)', async () => {
    const big = await upload(alice, Buffer.alloc(2 * 1024 * 1024 + 1, 1));
    expect(await as(alice).call('completePhotoUpload', { body: { photo: big.photo } })).toEqual({
      status: 413,
      body: { message: PHOTO_TOO_LARGE_MESSAGE },
    });
    expect(await exists(big.photo)).toBe(false);
    expect(await as(alice).call('completePhotoUpload', { body: { photo: big.photo } })).toEqual({
      status: 404,
      body: { message: 'Upload not found' },
    });

    for (const bytes of [
      '<html><body><script>alert(document.cookie)</script></body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<'.repeat(4096),
    ]) {
      const staged = await upload(alice, Buffer.from(bytes), 'image/png');
      expect(await as(alice).call('completePhotoUpload', { body: { photo: staged.photo } })).toEqual({
        status: 422,
        body: { message: PHOTO_TYPE_MESSAGE },
      });
      expect(await exists(staged.photo)).toBe(false);
    }
    // The accepted photo is untouched.
    expect((await as(alice).call('getUser')).body.data.photo).not.toBeNull();
  });

  it("refuses a key outside the caller's own staging prefix", async () => {
    const alices = await upload(alice, png);
    const response = await as(dave).call('completePhotoUpload', { body: { photo: alices.photo } });
    expect(response).toEqual({ status: 403, body: { message: 'That photo does not belong to you' } });
    for (const photo of [
      `staging/users/${alice.userId}/photos/../../${bob.userId}/photos/x`,
      keyOf((await as(alice).call('getUser')).body.data.photo),
    ]) {
      expect((await as(alice).call('completePhotoUpload', { body: { photo } })).status).toBe(403);
    }
  });

  it('removes the photo and its object', async () => {
    const key = keyOf((await as(alice).call('getUser')).body.data.photo as string);
    const removed = await as(alice).call('removePhoto');
    expect(removed.status).toBe(200);
    expect(removed.body.data.photo).toBeNull();
    expect((await as(alice).call('getUser')).body.data.photo).toBeNull();
    expect(await exists(key)).toBe(false);
  });
});

describe('single sign-on lookups', () => {
  const lookup = (kind: 'alias' | 'domain', body: unknown) =>
    kind === 'alias' ? api.raw('ssoByAlias', { body }) : api.raw('ssoByDomain', { body });

  it('finds the seeded provider by alias and by domain, without a token', async () => {
    expect(await lookup('alias', { alias: DEMO.ssoAlias })).toEqual({
      status: 200,
      body: { data: { providerName: DEMO.ssoProvider } },
    });
    expect((await lookup('alias', { alias: ' DEMO-SSO ' })).body.data.providerName).toBe(DEMO.ssoProvider);
    expect((await lookup('domain', { domain: DEMO.ssoDomain })).body.data.providerName).toBe(
      DEMO.ssoProvider,
    );
    expect((await lookup('domain', { domain: 'SSO.Example.com' })).body.data.providerName).toBe(
      DEMO.ssoProvider,
    );
  });

  it('answers null for an unknown alias or domain, and 400 for an invalid domain', async () => {
    expect(await lookup('alias', { alias: 'acme' })).toEqual({
      status: 200,
      body: { data: { providerName: null } },
    });
    expect((await lookup('domain', { domain: 'example.com' })).body.data.providerName).toBeNull();
    const invalid = await lookup('domain', { domain: 'not a domain' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({ domain: ['Please enter a valid domain'] });
  });

  it('refuses to point an alias of one team at another', async () => {
    const { saveTeamSso } = await import('../../functions/registration/service');
    await expect(saveTeamSso(teamA, 'AcmeOkta', { aliases: [DEMO.ssoAlias], domains: [] })).rejects.toThrow(
      'That alias or domain is already used by another team',
    );
    await saveTeamSso(teamA, 'AcmeOkta', { aliases: ['acme'], domains: ['acme.test'] });
    expect((await lookup('alias', { alias: 'acme' })).body.data.providerName).toBe('AcmeOkta');
    expect((await lookup('domain', { domain: 'acme.test' })).body.data.providerName).toBe('AcmeOkta');
  });

  it('rate limits lookups per source address', async () => {
    // The windows are whole minutes: 65 calls across a minute's end could stay under 60 in each.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const statuses: number[] = [];
    for (let i = 0; i < 65; i++) statuses.push((await lookup('alias', { alias: 'nobody' })).status);
    // A fixed one-minute window: at most 60 answers in it, whatever came before in this file.
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(60);
  });
});
