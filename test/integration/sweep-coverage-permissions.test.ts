/**
 * The route table's coverage (every route has an example body and real ids for the sweeps) and the
 * permission sweep: each default role against each permission-gated route (200 exactly when the
 * role has the permission, else 403), 403 for every team route to someone without a team, and 403
 * on every signed-in route for a member the team's identity provider deactivated over SCIM. What
 * the sweeps check and how to reproduce a run: test/support/route-sweep.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEACTIVATED_MESSAGE } from '../../shared/constants';
import { DEFAULT_ROLES, permissionsFor } from '../../shared/permissions';
import { pathParams, routeList } from '../../shared/routes';
import { SCIM_SCHEMAS } from '../../shared/schemas/scim';
import {
  API_KEY_ROUTES,
  BAD_INPUT_HALVES,
  bodyRoutes,
  countsLine,
  ctxOf,
  EXAMPLES,
  encodeParams,
  exampleOf,
  expectNoProblems,
  FRESH_BODY,
  freshParamsFor,
  judge,
  names,
  PARAM_IDS,
  PARAM_OVERRIDES,
  paramRoutes,
  paramsFor,
  permissionRoutes,
  SAMPLE_CTX,
  SCIM_ROUTES,
  type SweepRequest,
  send,
  sweepFile,
  tally,
  teamRoutes,
} from '../support/route-sweep';

const { sweep } = sweepFile({ home: true, holders: true, loner: true }, () =>
  countsLine('coverage and permissions'),
);

describe('route table coverage', () => {
  it('knows how to call every route: as a user, in public, with the team’s API key or its SCIM token', () => {
    expect(
      routeList.filter((r) => !['user', 'public', 'api-key', 'scim'].includes(r.auth)).map((r) => r.name),
    ).toEqual([]);
    expect([...SCIM_ROUTES].every((r) => r.includes(' /api/scim/v2/'))).toBe(true);
    expect(SCIM_ROUTES.size).toBe(13);
    expect([...API_KEY_ROUTES]).toEqual([
      'POST /api/analytics/questions',
      'POST /api/mcp',
      'GET /api/v1/projects',
      'GET /api/v1/projects/{projectId}/questions',
      'GET /api/v1/library/answers',
    ]);
  });

  it.each(names(bodyRoutes))('%s has an example body its schema accepts', (name) => {
    const route = routeList.find((r) => r.name === name)!;
    expect(Object.hasOwn(EXAMPLES, name), `add an example body for ${name} to EXAMPLES`).toBe(true);
    const parsed = route.body!.safeParse(exampleOf(route, SAMPLE_CTX));
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  });

  it.each(names(paramRoutes))('%s has a real id for each path parameter', (name) => {
    const route = routeList.find((r) => r.name === name)!;
    const unknown = pathParams(route.path).filter(
      (param) => !PARAM_IDS[param] && !PARAM_OVERRIDES[route.name]?.[param],
    );
    expect(unknown, `add ${unknown.join(', ')} to PARAM_IDS`).toEqual([]);
  });

  it('shares out every route once between the two files of the bad-input sweep', () => {
    expect(
      BAD_INPUT_HALVES.flat()
        .map((r) => r.name)
        .sort(),
    ).toEqual(names(routeList).sort());
  });
});

describe('permission sweep', () => {
  const cases = permissionRoutes.flatMap((route) =>
    DEFAULT_ROLES.map((role) => [route.name, role.code, route.permission!] as const),
  );

  it.each(cases)('%s as %s: 200, or 403 exactly when the role lacks %s', async (name, code, permission) => {
    const route = routeList.find((r) => r.name === name)!;
    const { home, holders } = sweep;
    tally.routes.add(name);
    const allowed = permissionsFor(code)[permission] === true;
    const request: SweepRequest = {
      method: route.method,
      path: encodeParams(
        route.path,
        allowed ? await freshParamsFor(route, home, holders[code].token) : paramsFor(route, home),
      ),
      body: route.body
        ? JSON.stringify(
            allowed && FRESH_BODY[route.name]
              ? await FRESH_BODY[route.name]!(home, holders[code].token)
              : exampleOf(route, ctxOf(home)),
          )
        : undefined,
      token: holders[code].token,
      kind: code,
    };
    const answer = await send(request);
    // The roles that get 200 are exactly those the role→permission map gives the key.
    expectNoProblems(judge(request, answer, allowed ? [200] : [403]));
  });

  it('covers a role without the permission for every gated route but READ_ANSWER (every default role reads)', () => {
    const uncovered = permissionRoutes.filter(
      (route) => !DEFAULT_ROLES.some((role) => !role.permissions.includes(route.permission!)),
    );
    expect(uncovered.map((r) => r.permission)).toEqual(uncovered.map(() => 'READ_ANSWER'));
  });

  it.each(names(teamRoutes))('%s without a team is 403', async (name) => {
    const route = routeList.find((r) => r.name === name)!;
    tally.routes.add(name);
    const request: SweepRequest = {
      method: route.method,
      path: encodeParams(route.path, paramsFor(route, sweep.home)),
      body: route.body ? JSON.stringify(exampleOf(route, SAMPLE_CTX)) : undefined,
      token: sweep.loner.token,
      kind: 'no team',
    };
    expectNoProblems(judge(request, await send(request), [403]));
  });
});

describe('deactivation sweep (the team’s identity provider turned a member off over SCIM)', () => {
  const userRoutes = routeList.filter((r) => r.auth === 'user');
  let bearer: Record<string, string>;

  beforeAll(async () => {
    const { api, home } = sweep;
    const generated = await api.as(home.owner.token).call('generateScimToken');
    bearer = { authorization: `Bearer ${generated.body.data.token}` };
    // Entra ID's request shape: a capitalised op and the boolean as a string.
    const patched = await api.call('scimPatchUser', {
      headers: bearer,
      params: { membershipId: home.membershipId },
      body: {
        schemas: [SCIM_SCHEMAS.patch],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.active).toBe(false);
  });

  afterAll(async () => {
    const { api, home } = sweep;
    const patched = await api.call('scimPatchUser', {
      headers: bearer,
      params: { membershipId: home.membershipId },
      body: { schemas: [SCIM_SCHEMAS.patch], Operations: [{ op: 'replace', value: { active: true } }] },
    });
    expect(patched.status).toBe(200);
    expect((await api.as(home.member.token).call('getUser')).status).toBe(200);
  });

  it.each(names(userRoutes))('%s refuses the deactivated member’s token', async (name) => {
    const route = routeList.find((r) => r.name === name)!;
    const { home } = sweep;
    tally.routes.add(name);
    const request: SweepRequest = {
      method: route.method,
      path: encodeParams(route.path, paramsFor(route, home)),
      body: route.body ? JSON.stringify(exampleOf(route, ctxOf(home))) : undefined,
      token: home.member.token,
      kind: 'deactivated',
    };
    const answer = await send(request);
    expectNoProblems(judge(request, answer, [403]));
    expect((answer.json as { message: string }).message).toBe(DEACTIVATED_MESSAGE);
  });
});
