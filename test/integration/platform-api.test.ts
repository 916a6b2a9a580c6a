/**
 * The platform against the real local emulators: the pipeline's status codes and bodies, every
 * route of the table without a token, complete registration and the account status it drives.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '../../functions/common/api-keys';
import { SCIM_TOKEN_MESSAGES } from '../../functions/common/scim-tokens';
import { REGISTER_OWN_EMAIL } from '../../functions/registration/service';
import { DEMO } from '../../scripts/local/provision';
import { PERMISSION_KEYS } from '../../shared/permissions';
import { pathParams, routeList } from '../../shared/routes';
import { scimErrorBody } from '../../shared/scim';
import { client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

let stack: TestStack;
const api = client(() => stack);
const resources = new Resources();
beforeAll(async () => {
  stack = await resources.start(startTestStack(), (s) => s.stop());
});
afterAll(() => resources.stopAll());

/** A valid value for every path parameter of `path`. */
const someParams = (path: string) => Object.fromEntries(pathParams(path).map((name) => [name, 'some-id']));

describe('authorisation sweep', () => {
  const userRoutes = routeList.filter((r) => r.auth !== 'public');
  it.each(userRoutes.map((r) => [r.method, r.path, r.name] as const))(
    '%s %s without a token is 401',
    async (method, path, name) => {
      const response = await api.raw(name, {
        params: someParams(path),
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(response.status).toBe(401);
      // The public API says which headers it wants, SCIM answers a SCIM error; every other route the
      // gateway's 'Unauthorized'.
      const route = routeList.find((r) => r.name === name);
      if (route?.auth === 'scim') {
        expect(response.body).toEqual(scimErrorBody(401, SCIM_TOKEN_MESSAGES.missing));
        return;
      }
      expect(response.body).toEqual({
        message: route?.auth === 'api-key' ? API_KEY_MESSAGES.missing : 'Unauthorized',
      });
    },
  );

  it('rejects a forged token', async () => {
    const response = await api.call('getUser', {
      token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln',
    });
    expect(response.status).toBe(401);
  });
});

describe('pipeline', () => {
  it('answers health with a read against the table', async () => {
    const response = await api.call('health');
    expect(response).toEqual({
      status: 200,
      body: { data: { status: 'ok', stage: 'local', table: 'reachable' } },
    });
  });

  it('serves the OpenAPI document generated from the route table', async () => {
    const response = await api.call('openApi');
    expect(response.status).toBe(200);
    // The document itself, not wrapped in { data }.
    expect(response.body.openapi).toEqual(expect.any(String));
    for (const route of routeList) {
      expect(response.body.paths[route.path][route.method.toLowerCase()].operationId).toBe(route.name);
    }
  });

  it('returns a JSON 404 for an unknown route, after the token check where API Gateway has one', async () => {
    // A resource without a method: API Gateway's own 404.
    expect(await api.raw('GET', '/api')).toEqual({ status: 404, body: { message: 'Not found' } });
    // Under a signed-in group's {proxy+} (lib/constructs/api-plan.ts) the authorizer runs first.
    expect(await api.raw('GET', '/api/no/such/route')).toEqual({
      status: 401,
      body: { message: 'Unauthorized' },
    });
    const token = await stack.signIn(DEMO.email, DEMO.password);
    expect(await api.raw('GET', '/api/no/such/route', { token })).toEqual({
      status: 404,
      body: { message: 'Not found' },
    });
  });

  it('returns 400 for malformed JSON and for invalid fields, naming each field', async () => {
    const token = await stack.signIn(DEMO.email, DEMO.password);
    const malformed = await api.raw('registerUser', { token, body: '{"givenName": ' });
    expect(malformed).toEqual({ status: 400, body: { message: 'Request body is not valid JSON' } });
    const invalid = await api.call('registerUser', {
      token,
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
    const response = await api.call('registerUser', {
      token: await stack.signIn(DEMO.email, DEMO.password),
      body: { givenName: 'x'.repeat(1024 * 1024 + 10), lastName: 'Smith', emailAddress: 'a@example.com' },
    });
    expect(response).toEqual({ status: 413, body: { message: 'Request body is too large' } });
  });

  it('takes query keys named like Object.prototype members as plain keys', async () => {
    const query = { ['__proto__']: 'a', constructor: 'b', toString: 'c', hasOwnProperty: 'd' };
    expect((await api.raw('health', { query })).status).toBe(200);
    const token = await stack.signIn(DEMO.email, DEMO.password);
    const activity = await api.raw('getActivity', { token, query: { ...query, days: 1 } });
    expect(activity).toEqual({ status: 200, body: { data: expect.any(Array) } });
  });

  it('refuses a path parameter that is not an id with 400', async () => {
    const token = await stack.signIn(DEMO.email, DEMO.password);
    for (const notificationId of ['not an id!', 'x'.repeat(129), 'a.b']) {
      const response = await api.call('markNotificationRead', { token, params: { notificationId } });
      expect(response.status, notificationId).toBe(400);
      expect(response.body.message).toBe('Invalid path');
    }
  });

  it('injects a failure or a capped delay for signed-in callers only (local stack)', async () => {
    // Prepare
    const token = await stack.signIn(DEMO.email, DEMO.password);
    // Act
    const failed = await api.call('getUser', { token, headers: { 'x-chaos': 'fail' } });
    const anonymous = await api.call('health', { headers: { 'x-chaos': 'fail' } });
    const started = Date.now();
    const delayed = await api.call('getUser', { token, headers: { 'x-chaos': 'delay=300' } });
    // Assess
    expect(failed).toEqual({ status: 503, body: { message: 'Injected failure (chaos header)' } });
    expect(anonymous.status).toBe(200);
    expect(delayed.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });
});

describe('user, registration and team routes', () => {
  it('gives the seeded demo user a ready account, the owner role, all permissions, roles and groups', async () => {
    const token = await stack.signIn(DEMO.email, DEMO.password);
    const user = await api.call('getUser', { token });
    expect(user.status).toBe(200);
    expect(user.body.data).toMatchObject({
      emailAddress: DEMO.email,
      fullName: 'Demo User',
      role: { code: 'ROLE_ADMIN_TEAM_OWNER', name: 'Team Owner' },
      group: { groupName: 'Sales' },
    });
    expect((await api.call('getUserStatus', { token })).body.data.status).toBe('USER_ACCOUNT_READY');
    const permissions = await api.call('getPermissions', { token });
    expect(Object.keys(permissions.body.data).sort()).toEqual([...PERMISSION_KEYS].sort());
    const roles = await api.call('getRoles', { token });
    expect(roles.body.data.map((r: { code: string }) => r.code)).toEqual([
      'ROLE_ADMIN_TEAM_OWNER',
      'ROLE_ADMIN',
      'ROLE_MANAGER',
      'ROLE_MEMBER',
      'ROLE_VIEWER',
    ]);
    const groups = await api.call('getGroups', { token });
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
    expect((await api.call('getUserStatus', { token })).body.data.status).toBe('USER_NOT_REGISTERED');
    expect((await api.call('getUser', { token })).status).toBe(404);

    const registration = { givenName: 'New', lastName: 'Person', emailAddress: '  New.Person@Example.com ' };
    const created = await api.call('registerUser', { token, body: registration });
    expect(created).toEqual({ status: 200, body: { data: { userId: sub } } });
    expect((await api.call('getUserStatus', { token })).body.data.status).toBe('USER_HAS_NO_INVITATIONS');
    const user = await api.call('getUser', { token });
    expect(user.body.data).toMatchObject({ userId: sub, emailAddress: email, teamId: null, role: null });

    expect((await api.call('registerUser', { token, body: registration })).status).toBe(409);
    // Without a team the permission map is empty and team routes are refused.
    expect((await api.call('getPermissions', { token })).body.data).toEqual({});
    expect((await api.call('getRoles', { token })).status).toBe(403);
  });

  it("registers only the signed-in identity: no token, or someone else's address, registers nobody", async () => {
    // Prepare: a confirmed victim who has not registered yet, and an attacker with an account.
    const victim = 'victim.person@example.com';
    await stack.signUp(victim);
    await stack.signUp('attacker.person@example.com');
    const attacker = await stack.signIn('attacker.person@example.com');
    const claim = { givenName: 'Not', lastName: 'Them', emailAddress: victim };
    // Act
    const anonymous = await api.call('registerUser', { body: claim });
    const forged = await api.call('registerUser', { token: attacker, body: claim });
    const unknown = await api.call('registerUser', {
      token: attacker,
      body: { ...claim, emailAddress: 'nobody.at.all@example.com' },
    });
    // Assess: the same answer whatever the address's state, and the victim can still register.
    expect(anonymous.status).toBe(401);
    expect(forged).toEqual({ status: 403, body: { message: REGISTER_OWN_EMAIL } });
    expect(unknown).toEqual(forged);
    const own = await api.call('registerUser', {
      token: await stack.signIn(victim),
      body: { givenName: 'Vic', lastName: 'Tim', emailAddress: victim },
    });
    expect(own.status).toBe(200);
  });

  it('rate limits registration attempts per identity', async () => {
    await stack.signUp('rate.limited@example.com');
    const token = await stack.signIn('rate.limited@example.com');
    const body = { givenName: 'Rate', lastName: 'Limited', emailAddress: 'someone.else@example.com' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await api.call('registerUser', { token, body })).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
