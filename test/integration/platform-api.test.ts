/**
 * The platform against the real local emulators: the pipeline's status codes and bodies, every
 * route of the table without a token, complete registration and the account status it drives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../../scripts/local/provision';
import { PERMISSION_KEYS } from '../../shared/permissions';
import { routeList } from '../../shared/routes';
import { startTestStack, type TestStack } from '../support/local-stack';

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.stop();
});

const concretePath = (path: string) => path.replace(/\{\w+\}/g, 'some-id');

describe('authorisation sweep', () => {
  const userRoutes = routeList.filter((r) => r.auth !== 'public');
  it.each(userRoutes.map((r) => [r.method, r.path] as const))(
    '%s %s without a token is 401',
    async (method, path) => {
      const response = await stack.call(method, concretePath(path), method === 'GET' ? {} : { body: {} });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized' });
    },
  );

  it('rejects a forged token', async () => {
    const response = await stack.call('GET', '/api/user', {
      token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    });
    expect(response.status).toBe(401);
  });
});

describe('pipeline', () => {
  it('answers health with a read against the table', async () => {
    const response = await stack.call('GET', '/api/health');
    expect(response).toEqual({
      status: 200,
      body: { data: { status: 'ok', stage: 'local', table: 'reachable' } },
    });
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const response = await stack.call('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    for (const route of routeList) {
      expect(response.body.data.paths[route.path][route.method.toLowerCase()].operationId).toBe(route.name);
    }
  });

  it('returns a JSON 404 for an unknown route', async () => {
    expect(await stack.call('GET', '/api/no/such/route')).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
  });

  it('returns 400 for malformed JSON and for invalid fields, naming each field', async () => {
    const malformed = await stack.call('POST', '/api/public/user', { body: '{"givenName": ' });
    expect(malformed).toEqual({ status: 400, body: { message: 'Request body is not valid JSON' } });
    const invalid = await stack.call('POST', '/api/public/user', {
      body: { givenName: 'Al', lastName: '', emailAddress: 'not-an-email' },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fieldErrors).toEqual({
      givenName: ['Please provide a first name'],
      lastName: ['Please provide a last name'],
      emailAddress: ['Please enter your work email address'],
    });
  });

  it('returns 413 for a body over 1 MB', async () => {
    const response = await stack.call('POST', '/api/public/user', {
      body: { givenName: 'x'.repeat(1024 * 1024 + 10), lastName: 'Smith', emailAddress: 'a@example.com' },
    });
    expect(response).toEqual({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('injects a failure or a delay when the chaos header is sent outside production', async () => {
    const failed = await stack.call('GET', '/api/health', { headers: { 'x-chaos': 'fail' } });
    expect(failed).toEqual({ status: 503, body: { message: 'Injected failure (chaos header)' } });
    const started = Date.now();
    const delayed = await stack.call('GET', '/api/health', { headers: { 'x-chaos': 'delay=300' } });
    expect(delayed.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});

describe('user, registration and team routes', () => {
  it('gives the seeded demo user a ready account, the owner role, all permissions, roles and groups', async () => {
    const token = await stack.signIn(DEMO.email, DEMO.password);
    const user = await stack.call('GET', '/api/user', { token });
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({
      emailAddress: DEMO.email,
      fullName: 'Demo User',
      role: { code: 'ROLE_ADMIN_TEAM_OWNER', name: 'Team Owner' },
      group: { groupName: 'Sales' },
    });
    expect((await stack.call('GET', '/api/user/status', { token })).body.data.status).toBe(
      'USER_ACCOUNT_READY',
    );
    const permissions = await stack.call('GET', '/api/permissions', { token });
    expect(Object.keys(permissions.body.data).sort()).toEqual([...PERMISSION_KEYS].sort());
    const roles = await stack.call('GET', '/api/roles', { token });
    expect(roles.body.data.map((r: { code: string }) => r.code)).toEqual([
      'ROLE_ADMIN_TEAM_OWNER',
      'ROLE_ADMIN',
      'ROLE_MANAGER',
      'ROLE_MEMBER',
      'ROLE_VIEWER',
    ]);
    const groups = await stack.call('GET', '/api/groups', { token });
    expect(groups.body.data.map((g: { groupName: string }) => g.groupName)).toEqual([
      'Sales',
      'Delivery',
      'Security',
    ]);
  });

  it('registers a confirmed identity once, and moves its status from not registered to no invitations', async () => {
    const email = 'new.person@example.com';
    const sub = await stack.signUp(email);
    const token = await stack.signIn(email);
    expect((await stack.call('GET', '/api/user/status', { token })).body.data.status).toBe(
      'USER_NOT_REGISTERED',
    );
    expect((await stack.call('GET', '/api/user', { token })).status).toBe(404);

    const registration = { givenName: 'New', lastName: 'Person', emailAddress: '  New.Person@Example.com ' };
    const created = await stack.call('POST', '/api/public/user', { body: registration });
    expect(created).toEqual({ status: 200, body: { data: { userId: sub } } });
    expect((await stack.call('GET', '/api/user/status', { token })).body.data.status).toBe(
      'USER_HAS_NO_INVITATIONS',
    );
    const user = await stack.call('GET', '/api/user', { token });
    expect(user.body.data).toMatchObject({ userId: sub, emailAddress: email, teamId: null, role: null });

    expect((await stack.call('POST', '/api/public/user', { body: registration })).status).toBe(409);
    // Without a team the permission map is empty and team routes are refused.
    expect((await stack.call('GET', '/api/permissions', { token })).body.data).toEqual({});
    expect((await stack.call('GET', '/api/roles', { token })).status).toBe(403);
  });

  it('refuses registration for an unknown or unconfirmed e-mail', async () => {
    const unknown = await stack.call('POST', '/api/public/user', {
      body: { givenName: 'Nobody', lastName: 'Known', emailAddress: 'nobody@example.com' },
    });
    expect(unknown.status).toBe(422);
    await stack.signUp('unconfirmed@example.com', undefined, false);
    const unconfirmed = await stack.call('POST', '/api/public/user', {
      body: { givenName: 'Not', lastName: 'Confirmed', emailAddress: 'unconfirmed@example.com' },
    });
    expect(unconfirmed).toEqual({
      status: 422,
      body: { message: 'Please confirm your e-mail address before registering.' },
    });
  });

  it('rate limits registration attempts per e-mail', async () => {
    const body = { givenName: 'Rate', lastName: 'Limited', emailAddress: 'rate.limited@example.com' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await stack.call('POST', '/api/public/user', { body })).status);
    expect(statuses.slice(0, 5)).toEqual([422, 422, 422, 422, 422]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
