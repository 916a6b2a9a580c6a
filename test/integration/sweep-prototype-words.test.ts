/**
 * The prototype-word sweep: the names of Object.prototype's members — words a user can type, and
 * that code indexing a plain object with a user's word would meet instead of its own data — sent in
 * every text field of every route (each string of the route's valid example body, each query key,
 * each path parameter), alone and inside a sentence, and in every cell of an uploaded questionnaire
 * and library file, which are then read, searched, suggested from and autofilled: 0 answers of 500
 * or above, no internals in any error. Prints its counts. What the sweeps check: route-sweep.ts.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { pathParams, type RouteEntry, routeList } from '../../shared/routes';
import { eventually } from '../support/eventually';
import {
  countsLine,
  ctxOf,
  describeRequest,
  encodeParams,
  exampleOf,
  expectNoProblems,
  judge,
  paramsFor,
  type SweepRequest,
  send,
  sweepFile,
  tally,
} from '../support/route-sweep';
import { importSource, uploadLibraryFile } from '../support/sources';

/** Own names of Object.prototype that read as words. */
const WORDS = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];
const VALUES = [...WORDS, ...WORDS.map((w) => `Is the ${w} of customer data encrypted at rest?`)];
/** Requests of each route sent over HTTP; the rest go in-process to the gateway's dispatch. */
const OVER_HTTP = 3;

const { sweep } = sweepFile({ home: true }, () => countsLine('prototype words'));

/** Every string in a JSON value, by its path (array indexes and object keys). */
function stringPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (typeof value === 'string') return [at];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...at, i]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...at, k]));
  return [];
}

function replaced(value: unknown, path: Array<string | number>, text: string): unknown {
  if (!path.length) return text;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaced(v, rest, text) : v));
  const object = value as Record<string, unknown>;
  return { ...object, [head]: replaced(object[head as string], rest, text) };
}

/** The requests of one route: each text place given each value, one place at a time. */
function requestsOf(route: RouteEntry): SweepRequest[] {
  const { home } = sweep;
  const params = paramsFor(route, home);
  const token = route.auth === 'public' ? undefined : home.owner.token;
  const base = { method: route.method, token };
  const requests: SweepRequest[] = [];
  const example = exampleOf(route, ctxOf(home));
  const body = example === undefined ? undefined : JSON.stringify(example);
  for (const name of pathParams(route.path))
    for (const value of VALUES)
      requests.push({ ...base, path: encodeParams(route.path, { ...params, [name]: value }), body });
  const path = encodeParams(route.path, params);
  for (const at of stringPaths(example))
    for (const value of VALUES)
      requests.push({
        ...base,
        path,
        body: JSON.stringify(replaced(example, at, value)),
        kind: at.join('.'),
      });
  const queryKeys = route.query instanceof z.ZodObject ? Object.keys(route.query.shape) : [];
  for (const key of queryKeys)
    for (const value of VALUES)
      requests.push({ ...base, path, body, query: [[key, value]], kind: `query ${key}` });
  return requests;
}

describe('the prototype-word sweep', () => {
  it('sends the words in every text field, query and path parameter of every route: 0 × 5xx', async () => {
    // Prepare
    const routes = routeList.filter((route) => requestsOf(route).length > 0);
    const problems: string[] = [];
    // Act
    for (const route of routes) {
      tally.routes.add(route.name);
      const requests = requestsOf(route);
      for (let i = 0; i < requests.length; i += 4) {
        await Promise.all(
          requests.slice(i, i + 4).map(async (request, j) => {
            const answer = await send(request, i + j >= OVER_HTTP);
            for (const problem of judge(request, answer))
              problems.push(`${route.name}: ${describeRequest(request)}: ${problem}`);
          }),
        );
      }
    }
    // Assess
    expect(routes.length).toBeGreaterThan(100);
    expectNoProblems(problems);
    expect(tally.serverErrors).toBe(0);
  }, 600_000);

  it('reads, searches, suggests from and autofills files whose every cell is such a word', async () => {
    // Prepare: a questionnaire and a library file of the words, alone and in sentences.
    const { api, home, stack } = sweep;
    const as = api.as(home.owner.token);
    const csv = (rows: string[][]) =>
      new TextEncoder().encode(`${rows.map((r) => r.map((c) => `"${c}"`).join(',')).join('\r\n')}\r\n`);
    const questionnaire = csv([
      ['Ref', 'Question', 'Answer'],
      ...VALUES.map((value, i) => [WORDS[i % WORDS.length], value, WORDS[(i + 1) % WORDS.length]]),
    ]);
    const library = csv([
      ['Question', 'Answer'],
      ...VALUES.map((value, i) => [value, `The ${WORDS[i % WORDS.length]} is kept encrypted with AES-256.`]),
    ]);
    // A project of its own: the route sweep above changed the home team's (closed it, renamed it…).
    const created = await as.call('createProject', { body: { name: 'constructor prototype review' } });
    expect(created.status).toBe(200);
    const projectId = created.body.data.projectId as string;
    // Act
    const source = await importSource(as, projectId, 'Prototype words.csv', questionnaire);
    const sheet = await as.call('getSheet', {
      params: {
        projectId: projectId,
        projectSourceId: source.projectSourceId,
        sheetId: source.sheets[0].sheetId,
      },
    });
    const answerSourceId = await uploadLibraryFile(as, 'Prototype words.csv', library);
    const completed = await as.call('completeLibraryUpload', { params: { answerSourceId } });
    // The importer then sends the rows it read as answers.
    const imported = await as.call('importAnswers', {
      body: {
        items: VALUES.slice(WORDS.length).map((value, i) => ({
          question: value,
          answer: `The ${WORDS[i % WORDS.length]} is kept encrypted with AES-256.`,
        })),
      },
    });
    // Questions are sentences (a one-word question is refused for its length, not its word).
    const added = await Promise.all(
      VALUES.slice(WORDS.length).map((question) =>
        as.call('addQuestion', { params: { projectId: projectId }, body: { question } }),
      ),
    );
    expect(added.map((a) => a.status)).toEqual(added.map(() => 200));
    await stack.settle();
    const searched = await Promise.all(
      WORDS.map((word) => as.call('searchLibrary', { body: { searchTerm: word, view: 'ALL' } })),
    );
    const suggested = await Promise.all(
      added.map((a) =>
        as.call('listSuggestions', {
          params: { projectId: projectId, questionId: a.body.data.questionId },
        }),
      ),
    );
    const autofill = await as.call('startAutofill', { params: { projectId: projectId }, body: {} });
    // Assess
    expect(source.status).toBe('READY');
    expect(sheet.status).toBe(200);
    expect(completed.status).toBe(200);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    for (const response of [...added, ...searched, ...suggested, autofill])
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
    expect(suggested.every((s) => s.status === 200)).toBe(true);
    expect(autofill.status).toBe(200);
    // Indexed from the stream: each word finds the library answers that hold it.
    for (const found of searched) expect(found.body.data.total).toBeGreaterThan(0);
    await eventually(
      async () => {
        const run = await as.call('getAutofill', { params: { projectId: projectId } });
        expect(run.status).toBe(200);
        expect(run.body.data.status).toBe('DONE');
      },
      { timeoutMs: 60_000 },
    );
  }, 300_000);
});
