/**
 * SCIM 2.0 provisioning (issue 31 part 3), end to end on the local stack: a team admin generates the
 * team's SCIM token, and the requests Okta and Microsoft Entra ID send when they provision a team are
 * replayed in their own shapes (look-ups by filter, creation, Entra's capitalised operations and
 * "False" strings, Okta's PUT and path-less PATCH, group pushes and member moves). Each answer is
 * checked against the SCIM core schema (RFC 7643) and protocol (RFC 7644): status, content type,
 * resource shape, list responses and error bodies. A provisioned person signs up and joins; their
 * deactivation refuses their next request, reactivation restores it, deletion takes them out of the
 * team. The replay's tally (requests replayed / passed) is the conformance figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '../../shared/constants';
import {
  SCIM_CONTENT_TYPE,
  SCIM_SCHEMAS,
  ScimErrorBody,
  ScimGroup,
  ScimGroupList,
  ScimServiceProviderConfig,
  ScimUser,
  ScimUserList,
} from '../../shared/schemas/scim';
import { client } from '../support/api-client';
import { connectLiveSocket } from '../support/live-socket';
import { startTestStack, type TestStack } from '../support/local-stack';
import { waitForMail } from '../support/mail';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
const api = client(() => stack);
let owner: Person;
let token: string;
const tally = { replayed: 0, passed: 0 };

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: 'team' }), (s) => s.stop());
  owner = await people(stack, api).register('owner@scim.test', 'Provisioned Team', {
    givenName: 'Olive',
    lastName: 'Owner',
  });
  const generated = await api.as(owner.token).call('generateScimToken');
  expect(generated.status).toBe(200);
  token = generated.body.data.token;
}, 180_000);
afterAll(async () => {
  console.log(`scim conformance: ${tally.passed} of ${tally.replayed} identity-provider requests passed`);
  await resources.stopAll();
});

interface Answer {
  status: number;
  contentType: string;
  location: string | null;
  body: any;
}

/** One SCIM request as an identity provider sends it (JSON as application/scim+json). */
async function scim(method: string, path: string, body?: unknown, bearer = token): Promise<Answer> {
  const response = await fetch(`${stack.appUrl}/api/scim/v2${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      accept: 'application/scim+json',
      ...(body === undefined ? {} : { 'content-type': 'application/scim+json; charset=utf-8' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    location: response.headers.get('location'),
    body: text ? JSON.parse(text) : undefined,
  };
}

const SHAPES = {
  user: ScimUser,
  users: ScimUserList,
  group: ScimGroup,
  groups: ScimGroupList,
  error: ScimErrorBody,
} as const;

/**
 * Replays one identity-provider request and checks the answer as RFC 7644 has it: the status, the
 * content type, the body's shape (or no body for 204). Counted in the conformance tally.
 */
async function replay(
  method: string,
  path: string,
  body: unknown,
  expected: { status: number; shape?: keyof typeof SHAPES },
): Promise<Answer> {
  tally.replayed++;
  const answer = await scim(method, path, body);
  expect(answer.status, `${method} ${path} → ${JSON.stringify(answer.body)}`).toBe(expected.status);
  if (expected.status === 204) expect(answer.body).toBeUndefined();
  else {
    expect(answer.contentType).toContain(SCIM_CONTENT_TYPE);
    const shape = SHAPES[expected.shape ?? 'error'];
    const parsed = shape.safeParse(answer.body);
    expect(parsed.success, `${method} ${path}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
  }
  if (expected.status === 201) expect(answer.location).toBe(answer.body.meta.location);
  tally.passed++;
  return answer;
}

const members = async () => (await api.as(owner.token).call('listAllMembers')).body.data as any[];

describe('the SCIM token (Settings → Integrations)', () => {
  it('is shown once, named by its start, replaced by a new one and revoked', async () => {
    // Prepare
    const as = api.as(owner.token);
    const access = await as.call('getScimAccess');
    expect(access.body.data).toMatchObject({ basePath: '/api/scim/v2', tokenPrefix: token.slice(0, 12) });
    expect(JSON.stringify(access.body)).not.toContain(token);

    // Act: a wrong token, no token, a replaced token, a revoked one.
    const wrong = await scim('GET', '/Users', undefined, `${token.slice(0, -3)}xyz`);
    const none = await fetch(`${stack.appUrl}/api/scim/v2/Users`);
    const next = (await as.call('generateScimToken')).body.data.token as string;
    const replaced = await scim('GET', '/Users', undefined, token);
    const current = await scim('GET', '/Users', undefined, next);
    token = next;

    // Assess
    expect(wrong.status).toBe(401);
    expect(ScimErrorBody.parse(wrong.body).detail).toMatch(/SCIM token is not valid/);
    expect(none.status).toBe(401);
    expect(ScimErrorBody.safeParse(await none.json()).success).toBe(true);
    expect(replaced.status).toBe(401);
    expect(current.status).toBe(200);
    const other = await people(stack, api).register('other@scim.test', 'Another Team');
    const theirs = (await api.as(other.token).call('generateScimToken')).body.data.token as string;
    // Another team's token sees only that team.
    const seen = await scim('GET', '/Users', undefined, theirs);
    expect(seen.body.Resources.map((u: { userName: string }) => u.userName)).toEqual(['other@scim.test']);
    // A member without UPDATE_TEAM cannot see or make a token.
    await api.as(other.token).call('revokeScimToken');
    expect((await scim('GET', '/Users', undefined, theirs)).status).toBe(401);
  });

  it('describes itself (ServiceProviderConfig)', async () => {
    const config = await scim('GET', '/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(ScimServiceProviderConfig.parse(config.body)).toMatchObject({
      patch: { supported: true },
      filter: { supported: true },
      bulk: { supported: false },
    });
  });
});

describe('Okta provisions the team (its request shapes replayed)', () => {
  let userId: string;
  let groupId: string;

  it('looks the person up, creates them, and they are invited', async () => {
    // Act: Okta's import check, then "Create Users".
    const looked = await replay(
      'GET',
      '/Users?filter=userName%20eq%20%22dana.okta%40scim.test%22&startIndex=1&count=100',
      undefined,
      {
        status: 200,
        shape: 'users',
      },
    );
    const created = await replay(
      'POST',
      '/Users',
      {
        schemas: [SCIM_SCHEMAS.user],
        userName: 'Dana.Okta@scim.test',
        name: { givenName: 'Dana', familyName: 'Okta' },
        emails: [{ primary: true, value: 'Dana.Okta@scim.test', type: 'work' }],
        displayName: 'Dana Okta',
        locale: 'en-US',
        externalId: '00u1okta2dana',
        groups: [],
        password: 'ignored-by-this-service',
        active: true,
      },
      { status: 201, shape: 'user' },
    );
    userId = created.body.id;

    // Assess
    expect(looked.body).toMatchObject({ totalResults: 0, Resources: [] });
    expect(created.body).toMatchObject({
      userName: 'dana.okta@scim.test',
      externalId: '00u1okta2dana',
      name: { givenName: 'Dana', familyName: 'Okta' },
      active: true,
    });
    const invitation = (await members()).find((m) => m.membershipId === userId);
    expect(invitation).toMatchObject({
      status: 'INVITED',
      emailAddress: 'dana.okta@scim.test',
      role: { code: 'ROLE_MEMBER' },
    });
    await waitForMail(stack, 'dana.okta@scim.test');
    const found = await replay(
      'GET',
      '/Users?filter=userName%20eq%20%22DANA.OKTA%40scim.test%22',
      undefined,
      {
        status: 200,
        shape: 'users',
      },
    );
    expect(found.body.Resources.map((u: { id: string }) => u.id)).toEqual([userId]);
    await replay(
      'POST',
      '/Users',
      { schemas: [SCIM_SCHEMAS.user], userName: 'dana.okta@scim.test' },
      { status: 409 },
    );
  });

  it('updates with PUT, deactivates with a path-less PATCH, and reactivates', async () => {
    // Act
    const put = await replay(
      'PUT',
      `/Users/${userId}`,
      {
        schemas: [SCIM_SCHEMAS.user],
        id: userId,
        userName: 'dana.okta@scim.test',
        name: { givenName: 'Dana', familyName: 'Okta-Smith' },
        emails: [{ primary: true, value: 'dana.okta@scim.test', type: 'work' }],
        active: true,
        externalId: '00u1okta2dana',
      },
      { status: 200, shape: 'user' },
    );
    const off = await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'replace', value: { active: false } }] },
      { status: 200, shape: 'user' },
    );
    const listed = (await api.call('listInvitations', { token: await invitee('dana.okta@scim.test') })).body
      .data;
    const on = await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'replace', value: { active: true } }] },
      { status: 200, shape: 'user' },
    );

    // Assess
    expect(put.body.name.familyName).toBe('Okta-Smith');
    expect(off.body.active).toBe(false);
    // A deactivated invitation is out of the invitee's list; reactivated, it is back.
    expect(listed).toEqual([]);
    expect(on.body.active).toBe(true);
    const back = (await api.call('listInvitations', { token: await invitee('dana.okta@scim.test') })).body
      .data;
    expect(back.map((i: { membershipId: string }) => i.membershipId)).toEqual([userId]);
    await replay(
      'PUT',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.user], userName: 'dana.renamed@scim.test', active: true },
      { status: 400 },
    );
  });

  it('pushes a group and moves its members in and out', async () => {
    // Act
    const pushed = await replay(
      'POST',
      '/Groups',
      { schemas: [SCIM_SCHEMAS.group], displayName: 'Okta Security Reviewers', members: [] },
      { status: 201, shape: 'group' },
    );
    groupId = pushed.body.id;
    await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [
          { op: 'add', path: 'members', value: [{ value: userId, display: 'dana.okta@scim.test' }] },
        ],
      },
      { status: 200, shape: 'group' },
    );
    const inGroup = (await members()).find((m) => m.membershipId === userId);
    const renamed = await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'replace', value: { id: groupId, displayName: 'Okta Reviewers' } }],
      },
      { status: 200, shape: 'group' },
    );
    await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
      },
      { status: 200, shape: 'group' },
    );
    const outOfGroup = (await members()).find((m) => m.membershipId === userId);

    // Assess
    expect(pushed.body.members).toEqual([]);
    expect(inGroup.group.groupName).toBe('Okta Security Reviewers');
    expect(renamed.body).toMatchObject({ displayName: 'Okta Reviewers', members: [{ value: userId }] });
    // Back in the team's first group.
    expect(outOfGroup.group.groupName).toBe('Sales');
    const groups = (await api.as(owner.token).call('getGroups')).body.data.map(
      (g: { groupName: string }) => g.groupName,
    );
    expect(groups).toContain('Okta Reviewers');
    await replay(
      'POST',
      '/Groups',
      { schemas: [SCIM_SCHEMAS.group], displayName: 'okta reviewers' },
      { status: 409 },
    );
    await replay('DELETE', `/Groups/${groupId}`, undefined, { status: 204 });
    await replay('GET', `/Groups/${groupId}`, undefined, { status: 404 });
  });
});

/** A token for someone invited, registering them first if they are new. */
const tokens = new Map<string, string>();
async function invitee(email: string) {
  if (!tokens.has(email)) tokens.set(email, (await people(stack, api).register(email, undefined)).token);
  return tokens.get(email) as string;
}

describe('Microsoft Entra ID provisions the team (its request shapes replayed)', () => {
  let userId: string;
  let groupId: string;
  let joined: Person;

  it('checks a user that does not exist, then creates one with the enterprise extension', async () => {
    // Act: Entra's validation probes, then its create.
    await replay('GET', '/Users?filter=userName+eq+%22nobody-7c1a%40scim.test%22', undefined, {
      status: 200,
      shape: 'users',
    });
    await replay('GET', '/Users/7f1d3a2e-0000-4000-8000-000000000000', undefined, { status: 404 });
    const created = await replay(
      'POST',
      '/Users',
      {
        schemas: [SCIM_SCHEMAS.user, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'erin',
        userName: 'erin.entra@scim.test',
        active: true,
        displayName: 'Erin Entra',
        emails: [{ primary: true, type: 'work', value: 'erin.entra@scim.test' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Erin Entra', familyName: 'Entra', givenName: 'Erin' },
        title: 'Security Engineer',
        preferredLanguage: 'en-AU',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
          employeeNumber: '701984',
          department: 'Security',
          manager: { value: '123' },
        },
      },
      { status: 201, shape: 'user' },
    );
    userId = created.body.id;
    const byExternalId = await replay('GET', '/Users?filter=externalId+eq+%22erin%22', undefined, {
      status: 200,
      shape: 'users',
    });

    // Assess
    expect(created.body).toMatchObject({
      userName: 'erin.entra@scim.test',
      externalId: 'erin',
      active: true,
    });
    expect(byExternalId.body.Resources.map((u: { id: string }) => u.id)).toEqual([userId]);
    await replay('GET', '/Users?filter=title+eq+%22x%22', undefined, { status: 400 });
    await replay('GET', '/Users?filter=userName+sw+%22erin%22', undefined, { status: 400 });
  });

  it('the person joins; Entra changes them with capitalised operations and ignored attributes', async () => {
    // Prepare: Erin signs up and accepts the invitation.
    const registered = await people(stack, api).register('erin.entra@scim.test', undefined, {
      givenName: 'Erin',
      lastName: 'Entra',
    });
    const accepted = await api.as(registered.token).call('respondToInvitation', {
      params: { membershipId: userId },
      body: { invitationStatus: 'ACCEPT' },
    });
    expect(accepted.status).toBe(200);
    joined = { ...registered, token: await stack.signIn('erin.entra@scim.test') };

    // Act
    const patched = await replay(
      'PATCH',
      `/Users/${userId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [
          { op: 'Replace', path: 'name.givenName', value: 'Erin M.' },
          { op: 'Add', path: 'emails[type eq "work"].value', value: 'erin.entra@scim.test' },
          { op: 'Replace', path: 'title', value: 'Principal Security Engineer' },
          {
            op: 'Add',
            path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department',
            value: 'Trust',
          },
        ],
      },
      { status: 200, shape: 'user' },
    );

    // Assess
    expect(patched.body).toMatchObject({
      name: { givenName: 'Erin M.' },
      active: true,
      userName: 'erin.entra@scim.test',
    });
    expect((await api.as(joined.token).call('getUser')).status).toBe(200);
  });

  it('deactivates the member: their very next request is refused, their open page hears no more; reactivation restores it', async () => {
    // Prepare: Erin's open page hears the team's changes.
    const live = await resources.start(connectLiveSocket(stack.appUrl, joined.token, 'erin-tab'), (s) =>
      s.socket.close(),
    );
    await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'Add', path: 'externalId', value: 'erin-2' }] },
      { status: 200, shape: 'user' },
    );
    await live.waitFor((m) => m.eventName === 'TEAM_MEMBER_UPDATED');

    // Act
    const off = await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
      { status: 200, shape: 'user' },
    );
    const refused = await api.as(joined.token).call('listProjects');
    const status = await api.as(joined.token).call('getUserStatus');
    await stack.settle();
    const heard = live.received.length;
    const [groups, roles] = await Promise.all([
      api.as(owner.token).call('getGroups'),
      api.as(owner.token).call('getRoles'),
    ]);
    const invited = await api.as(owner.token).call('inviteMember', {
      body: {
        emailAddress: 'fern@scim.test',
        groupId: groups.body.data[0].groupId,
        roleId: roles.body.data.find((r: { code: string }) => r.code === 'ROLE_VIEWER').roleId,
      },
    });
    expect(invited.status).toBe(200);
    await stack.settle();
    const again = await connectLiveSocket(stack.appUrl, joined.token, 'erin-new-tab').catch(
      (error: Error) => error,
    );
    const on = await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] },
      { status: 200, shape: 'user' },
    );

    // Assess
    expect(off.body.active).toBe(false);
    expect(refused).toMatchObject({ status: 403, body: { message: DEACTIVATED_MESSAGE } });
    expect(status.status).toBe(403);
    expect(live.received.slice(heard)).toEqual([]);
    expect(String(again)).toMatch(/no matching event.*WS-UNAUTHORIZED/);
    expect(on.body.active).toBe(true);
    expect((await api.as(joined.token).call('listProjects')).status).toBe(200);
    // The owner is never deactivated or removed: the team keeps its owner.
    const ownerId = (await members()).find((m) => m.userId === owner.userId).membershipId;
    await replay(
      'PATCH',
      `/Users/${ownerId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] },
      { status: 400 },
    );
    await replay('DELETE', `/Users/${ownerId}`, undefined, { status: 400 });
    await replay(
      'PATCH',
      `/Users/${userId}`,
      { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }] },
      { status: 400 },
    );
  });

  it('creates a group, adds and removes the member as Entra does, and deletes them', async () => {
    // Act
    const looked = await replay(
      'GET',
      '/Groups?excludedAttributes=members&filter=displayName+eq+%22Entra+Trust%22',
      undefined,
      {
        status: 200,
        shape: 'groups',
      },
    );
    const created = await replay(
      'POST',
      '/Groups',
      {
        schemas: [SCIM_SCHEMAS.group],
        externalId: '8aa1a0c0',
        displayName: 'Entra Trust',
        meta: { resourceType: 'Group' },
      },
      { status: 201, shape: 'group' },
    );
    groupId = created.body.id;
    await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: userId }] }],
      },
      { status: 200, shape: 'group' },
    );
    const moved = await api.as(joined.token).call('getUser');
    const listed = await replay(
      'GET',
      `/Groups?excludedAttributes=members&filter=displayName+eq+%22Entra+Trust%22`,
      undefined,
      {
        status: 200,
        shape: 'groups',
      },
    );
    await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'Remove', path: 'members', value: [{ value: userId }] }],
      },
      { status: 200, shape: 'group' },
    );
    await replay(
      'PATCH',
      `/Groups/${groupId}`,
      {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: 'not-a-member-of-this-team' }] }],
      },
      { status: 400 },
    );
    await replay('DELETE', `/Users/${userId}`, undefined, { status: 204 });
    const gone = await replay('GET', `/Users/${userId}`, undefined, { status: 404 });

    // Assess
    expect(looked.body.totalResults).toBe(0);
    expect(moved.body.data.group).toEqual({ groupName: 'Entra Trust' });
    expect(listed.body.Resources).toEqual([expect.not.objectContaining({ members: expect.anything() })]);
    expect(gone.body.detail).toMatch(/No user/);
    // Out of the team: signed in, with no team.
    const after = await api.as(joined.token).call('getUser');
    expect(after.status).toBe(200);
    expect(after.body.data.teamId).toBeNull();
    expect((await members()).some((m) => m.membershipId === userId)).toBe(false);
  });

  it('pages the list (startIndex is 1-based, count caps it)', async () => {
    const page = await replay('GET', '/Users?startIndex=2&count=1', undefined, {
      status: 200,
      shape: 'users',
    });
    const all = await replay('GET', '/Users', undefined, { status: 200, shape: 'users' });
    expect(page.body).toMatchObject({ startIndex: 2, itemsPerPage: 1, totalResults: all.body.totalResults });
    expect(page.body.Resources[0].id).toBe(all.body.Resources[1].id);
    await replay('GET', '/Users?startIndex=0', undefined, { status: 400 });
  });
});
