/**
 * Page cursors, for every paginated route of the route table (a route whose query takes the shared
 * `PageCursor`): a cursor the caller did not get from that very list — edited, truncated, not
 * base64 or not JSON, with a key attribute missing, added, emptied or of another type, pointing
 * into another team's or another project's list, or another tab's — answers 400 with the one
 * message, never 500 (functions/common/cursor.ts); the real one still reads the next page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_CURSOR } from '../../functions/common/cursor';
import { DELIVERIES_PAGE } from '../../functions/integrations/repo';
import { type RouteEntry, type RouteName, routeList } from '../../shared/routes';
import { PageCursor, PageOffset, takesPageCursor } from '../../shared/schemas/common';
import { PROJECTS_PER_PAGE } from '../../shared/schemas/project';
import { type ApiClient, client } from '../support/api-client';
import { startTestStack, type TestStack } from '../support/local-stack';
import { type Person, people } from '../support/people';
import { Resources } from '../support/resources';

const resources = new Resources();
let stack: TestStack;
let api: ApiClient;
const as = (person: Person) => api.as(person.token);

/** What a team holds for the lists to have a second page. */
interface TeamLists {
  owner: Person;
  projectId: string;
  otherProjectId: string;
  /** A webhook endpoint with more than a page of deliveries. */
  webhookId: string;
}
let home: TeamLists;
let foreign: TeamLists;

/** The paginated routes: derived from the route table, so a new one is covered without a change here. */
const paged = routeList.filter((route) => takesPageCursor(route.query));
const shapeOf = (route: RouteEntry) =>
  (route.query as unknown as { shape?: Record<string, unknown> })?.shape ?? {};

/** A route's path parameters and query for the first page, from what each parameter names. */
function requestOf(route: RouteEntry, team: TeamLists, projectId = team.projectId) {
  const params: Record<string, string> = {};
  for (const [, name] of route.path.matchAll(/\{(\w+)\}/g)) {
    const value = name === 'projectId' ? projectId : name === 'webhookId' ? team.webhookId : undefined;
    if (!value) throw new Error(`cursors.test.ts: no value for {${name}} of ${route.name}`);
    params[name] = value;
  }
  // The smallest page a route takes, so a few items make a second page.
  const shape = shapeOf(route);
  const query: Record<string, unknown> = 'limit' in shape ? { limit: 1 } : {};
  return { params, query };
}

async function page(route: RouteEntry, team: TeamLists, extra: Record<string, unknown>, projectId?: string) {
  const { params, query } = requestOf(route, team, projectId);
  return as(team.owner).raw(route.name as RouteName, { params, query: { ...query, ...extra } });
}

async function firstCursor(route: RouteEntry, team: TeamLists, projectId?: string) {
  const first = await page(route, team, {}, projectId);
  expect(first.status, `${route.name}: ${JSON.stringify(first.body)}`).toBe(200);
  expect(first.body.data.cursor, `${route.name} has a second page`).toEqual(expect.any(String));
  return first.body.data.cursor as string;
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
const decode = (cursor: string) =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Every way of forging a cursor from a real one (its own list's) and another team's real one. */
function forgeries(real: string, foreignCursor: string): Array<[string, string]> {
  const key = decode(real);
  const names = Object.keys(key);
  const without = (name: string) => Object.fromEntries(Object.entries(key).filter(([n]) => n !== name));
  return [
    ['not base64 JSON', 'not-a-cursor'],
    ['truncated', real.slice(0, Math.floor(real.length / 2))],
    ['JSON null', encode(null)],
    ['JSON array', encode([1, 2])],
    ['JSON string', encode('TEAM#x')],
    ['empty object', encode({})],
    ['the probe’s guess', encode({ pk: 'x', sk: 'y' })],
    ['an attribute added', encode({ ...key, extra: 'x' })],
    [
      '__proto__ added',
      Buffer.from(`${JSON.stringify(key).slice(0, -1)},"__proto__":{"pk":"x"}}`).toString('base64url'),
    ],
    ['another team’s cursor', foreignCursor],
    ...names.flatMap(
      (name): Array<[string, string]> => [
        [`${name} missing`, encode(without(name))],
        [`${name} empty`, encode({ ...key, [name]: '' })],
        [`${name} a number`, encode({ ...key, [name]: 1 })],
        [`${name} an object`, encode({ ...key, [name]: { S: key[name] } })],
        [`${name} too long`, encode({ ...key, [name]: `${key[name]}${'x'.repeat(1100)}` })],
      ],
    ),
    // The partition (and any key naming the team) of another team.
    ...names
      .filter((name) => String(key[name]).startsWith('TEAM#'))
      .map((name): [string, string] => [
        `${name} of another team`,
        encode({ ...key, [name]: String(key[name]).replace(home.owner.teamId!, foreign.owner.teamId!) }),
      ]),
  ];
}

beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: false }), (s) => s.stop());
  api = client(stack);
  const { register } = people(stack, api);
  const lists = async (email: string, teamName: string): Promise<TeamLists> => {
    const owner = await register(email, teamName);
    const ids: string[] = [];
    for (let i = 0; i <= PROJECTS_PER_PAGE; i++) {
      const created = await as(owner).call('createProject', {
        body: { name: `${teamName} questionnaire ${i}` },
      });
      expect(created.status).toBe(200);
      ids.push(created.body.data.projectId);
    }
    const [projectId, otherProjectId] = ids;
    for (const id of [projectId, otherProjectId]) {
      for (const n of [1, 2]) {
        const added = await as(owner).call('addQuestion', {
          params: { projectId: id },
          body: { question: `Question ${n}: do you review access rights every quarter?` },
        });
        expect(added.status).toBe(200);
      }
    }
    // An endpoint nothing listens on (the discard port), with a test event more than a page holds.
    const hook = await as(owner).call('createWebhook', {
      body: { url: 'http://127.0.0.1:9/hooks/cursors', events: ['quiz.answered'] },
    });
    expect(hook.status).toBe(200);
    const webhookId = hook.body.data.webhookId as string;
    for (let i = 0; i <= DELIVERIES_PAGE; i++) {
      const sent = await as(owner).call('sendTestWebhook', { params: { webhookId } });
      expect(sent.status).toBe(200);
    }
    return { owner, projectId, otherProjectId, webhookId };
  };
  [home, foreign] = await Promise.all([
    lists('owner@cursors-home.test', 'Cursor Home'),
    lists('owner@cursors-foreign.test', 'Cursor Foreign'),
  ]);
});

afterAll(() => resources.stopAll());

describe('page cursors on every paginated route', () => {
  it('finds the paginated routes in the route table, each with the shared PageCursor', () => {
    // Prepare / Act
    // (The project list, sorted in memory, pages by position: its PageOffset takes digits only.)
    const withCursor = routeList.filter(
      (route) => 'cursor' in shapeOf(route) && shapeOf(route).cursor !== PageOffset,
    );
    // Assess: a route that pages by cursor does so with the one schema the codec guards.
    expect(paged.map((r) => r.name)).toEqual(withCursor.map((r) => r.name));
    expect(paged.map((r) => r.name)).toEqual(expect.arrayContaining(['listQuestions']));
    for (const route of paged) expect(shapeOf(route).cursor).toBe(PageCursor);
  });

  it.each(paged.map((r) => [r.name, r] as const))(
    '%s refuses every forged cursor with 400',
    async (_, route) => {
      // Prepare
      const real = await firstCursor(route, home);
      const theirs = await firstCursor(route, foreign);
      const cases = forgeries(real, theirs);
      if (route.path.includes('{projectId}')) {
        cases.push(['another project’s cursor', await firstCursor(route, home, home.otherProjectId)]);
      }
      // Act
      const answers = await Promise.all(cases.map(([, cursor]) => page(route, home, { cursor })));
      const next = await page(route, home, { cursor: real });
      // Assess
      const wrong = answers
        .map((answer, i) => ({ forgery: cases[i][0], status: answer.status, body: answer.body }))
        .filter(
          (a) =>
            a.status !== 400 ||
            JSON.stringify(a.body) !==
              JSON.stringify({ message: 'Invalid request query', fieldErrors: { cursor: [INVALID_CURSOR] } }),
        );
      expect(wrong).toEqual([]);
      expect(next.status).toBe(200);
      expect(next.body.data.items.length).toBeGreaterThan(0);
    },
  );

  it('refuses a project-list position that is not digits, and reads the next page by it', async () => {
    // Prepare
    const route = routeList.find((r) => r.name === 'listProjects')!;
    const next = await firstCursor(route, home);
    // Act
    const forged = await Promise.all(
      ['-1', '1e3', 'abc', ' 8', '8 ', '1'.repeat(8), '{"pk":"TEAM#x"}'].map((cursor) =>
        page(route, home, { cursor }),
      ),
    );
    const second = await page(route, home, { cursor: next });
    // Assess
    for (const answer of forged) {
      expect(answer.status).toBe(400);
      expect(answer.body.fieldErrors).toEqual({ cursor: [INVALID_CURSOR] });
    }
    expect(second.status).toBe(200);
    expect(second.body.data.items.length).toBeGreaterThan(0);
  });
});
