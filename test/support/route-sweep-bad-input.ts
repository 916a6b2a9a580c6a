/**
 * The bad-input sweep (see route-sweep.ts), for the routes a file is given: sweep-bad-input-1 and
 * sweep-bad-input-2 (test/integration) each sweep one half of the route table (BAD_INPUT_HALVES).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { jsonLimitProblem } from '../../functions/common/http';
import { MAX_BODY_BYTES } from '../../shared/constants';
import { pathParams, type RouteEntry, routeList } from '../../shared/routes';
import {
  HOSTILE_PATH_SEGMENTS,
  hostileBodies,
  hostileQueries,
  INVALID_JSON_TEXTS,
  ODD_QUERY_KEYS,
  pathSegments,
  UNKNOWN_IDS,
} from './arbitraries';
import {
  BAD_INPUT_HALVES,
  CORE_PATH_SEGMENTS,
  clip,
  countsLine,
  ctxOf,
  encodeParams,
  exampleOf,
  expectNoProblems,
  freshParamsFor,
  MIN_INPUTS_PER_ROUTE,
  names,
  PROTOTYPE_MEMBERS,
  paramsFor,
  paramsSchemaOf,
  pick,
  RUNS,
  type Sweep,
  type SweepRequest,
  sample,
  seedFor,
  sweepCases,
  sweepFile,
  tally,
  WRONG_CONTENT_TYPES,
} from './route-sweep';

/**
 * A bad-input sweep file (sweep-bad-input-1 and -2): its own stack with the home team, the sweep of
 * its half of the route table, and its counts line.
 */
export function badInputSweepFile(half: 0 | 1) {
  const { sweep } = sweepFile({ home: true }, () => countsLine(`bad input, half ${half + 1} of 2`));
  describeBadInputSweep(BAD_INPUT_HALVES[half], () => sweep);
}

function describeBadInputSweep(routes: RouteEntry[], sweep: () => Sweep) {
  describe('bad-input sweep (as a team owner, who holds every permission)', () => {
    const routeRequest = (route: RouteEntry): SweepRequest => {
      const { home } = sweep();
      return {
        method: route.method,
        path: encodeParams(route.path, paramsFor(route, home)),
        token: home.owner.token,
      };
    };

    /** What the pipeline answers a body: 413 over the size limit; 400 for non-JSON, JSON over its limits, or what the schema refuses. */
    function expectedForBody(route: RouteEntry, text: string): readonly number[] | undefined {
      if (Buffer.byteLength(text) > MAX_BODY_BYTES) return [413];
      let parsed: unknown;
      try {
        parsed = text === '' ? {} : JSON.parse(text);
      } catch {
        return [400];
      }
      if (jsonLimitProblem(parsed)) return [400];
      return route.body!.safeParse(parsed).success ? undefined : [400];
    }

    it.each(names(routes.filter((r) => r.body)))('%s: generated and malformed bodies', async (name) => {
      const route = routeList.find((r) => r.name === name)!;
      const { home } = sweep();
      tally.routes.add(name);
      const base = routeRequest(route);
      const example = JSON.stringify(exampleOf(route, ctxOf(home)));
      const generated = sample(hostileBodies(route.body!, JSON.parse(example)), name, 'body');
      const invalidUtf8 = new Uint8Array([
        ...new TextEncoder().encode('{"x":"'),
        0xff,
        0xfe,
        0xc0,
        ...new TextEncoder().encode('"}'),
      ]);
      const cases: Array<{ request: SweepRequest; expected?: readonly number[] }> = [
        ...generated.map(({ kind, text }) => ({
          request: { ...base, kind, body: text },
          expected: expectedForBody(route, text),
        })),
        ...pick(INVALID_JSON_TEXTS, 4, name, 'invalid JSON').map((text) => ({
          request: { ...base, kind: 'invalid JSON', body: text },
          expected: [400],
        })),
        { request: { ...base, kind: 'empty body', body: '' }, expected: expectedForBody(route, '') },
        {
          request: { ...base, kind: 'invalid UTF-8', body: invalidUtf8 },
          expected: expectedForBody(route, new TextDecoder().decode(invalidUtf8)),
        },
        {
          request: { ...base, kind: 'over 1 MB', body: `{"pad":"${'x'.repeat(MAX_BODY_BYTES)}"}` },
          expected: [413],
        },
        // The pipeline reads JSON whatever the declared type; what matters is that nothing breaks.
        ...pick(WRONG_CONTENT_TYPES, 2, name, 'content type').map((contentType) => ({
          request: { ...base, kind: 'wrong content type', body: example, contentType },
        })),
        {
          request: {
            ...base,
            kind: 'form post',
            body: 'name=x&tagLabel=y',
            contentType: 'application/x-www-form-urlencoded',
          },
          expected: [400],
        },
      ];
      expectNoProblems(await sweepCases(cases, name));
    });

    it.each(names(routes.filter((r) => r.query)))('%s: generated and odd queries', async (name) => {
      const route = routeList.find((r) => r.name === name)!;
      const { home } = sweep();
      tally.routes.add(name);
      const base = {
        ...routeRequest(route),
        body: route.body ? JSON.stringify(exampleOf(route, ctxOf(home))) : undefined,
      };
      /** API Gateway keeps the last value of a repeated key; the pipeline validates that map. */
      const expectedFor = (query: Array<[string, string]>) => {
        const map: Record<string, string> = Object.create(null);
        for (const [key, value] of query) map[key] = value;
        return route.query!.safeParse({ ...map }).success ? undefined : [400];
      };
      const keys = Object.keys((route.query as z.ZodObject).shape ?? {});
      const queries: Array<Array<[string, string]>> = [
        ...sample(hostileQueries(route.query!), name, 'query'),
        ...ODD_QUERY_KEYS.map((key): Array<[string, string]> => [[key, '1']]),
        ...keys.flatMap(
          (key): Array<Array<[string, string]>> => [
            [[key, '']],
            [[key, 'q'.repeat(5_000)]],
            [
              [key, '1'],
              [key, 'x'],
            ],
          ],
        ),
      ];
      expectNoProblems(
        await sweepCases(
          queries.map((query) => ({
            request: { ...base, kind: 'query', query },
            expected: expectedFor(query),
          })),
          name,
        ),
      );
    });

    it.each(names(routes.filter((r) => pathParams(r.path).length > 0)))(
      '%s: hostile, generated and unknown path parameters',
      async (name) => {
        const route = routeList.find((r) => r.name === name)!;
        const { home } = sweep();
        tally.routes.add(name);
        const real = paramsFor(route, home);
        const body = route.body ? JSON.stringify(exampleOf(route, ctxOf(home))) : undefined;
        const cases: Array<{ request: SweepRequest; expected?: readonly number[] }> = [];
        for (const param of pathParams(route.path)) {
          const values = [
            ...CORE_PATH_SEGMENTS,
            ...pick(HOSTILE_PATH_SEGMENTS, 6, name, 'path', param),
            ...sample(pathSegments, name, 'path', param).slice(0, Math.ceil(RUNS / 2)),
          ];
          for (const value of values) {
            const params = { ...real, [param]: value };
            const valid = paramsSchemaOf(route).safeParse(params).success;
            // '.' and '..' are path syntax, resolved before routing: another route (or none) answers.
            const syntax = value === '.' || value === '..';
            cases.push({
              request: {
                method: route.method,
                path: encodeParams(route.path, params),
                body,
                token: home.owner.token,
                kind: `${param}=${clip(JSON.stringify(value), 40)}`,
              },
              expected: valid || syntax ? undefined : [400],
            });
          }
          for (const value of ['__proto__', ...pick(UNKNOWN_IDS.slice(1), 3, name, 'unknown', param)]) {
            cases.push({
              request: {
                method: route.method,
                path: encodeParams(route.path, { ...real, [param]: value }),
                body,
                token: home.owner.token,
                kind: `unknown ${param}`,
              },
              expected: [404],
            });
          }
        }
        expectNoProblems(await sweepCases(cases, name));
      },
    );

    it.each(names(routes))('%s: query keys named like Object.prototype members', async (name) => {
      const route = routeList.find((r) => r.name === name)!;
      const { home } = sweep();
      tally.routes.add(name);
      const query: Array<[string, string]> = [
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
      ].map((key) => [key, '1']);
      const request: SweepRequest = {
        method: route.method,
        path: encodeParams(route.path, route.path.includes('{') ? await freshParamsFor(route, home) : {}),
        body: route.body ? JSON.stringify(exampleOf(route, ctxOf(home))) : undefined,
        token: home.owner.token,
        query,
        kind: 'prototype query keys',
      };
      expectNoProblems(await sweepCases([{ request }], name));
    });

    it.each(names(routes))(
      `%s: generated queries, bodies and ids, up to ${MIN_INPUTS_PER_ROUTE} inputs`,
      async (name) => {
        const route = routeList.find((r) => r.name === name)!;
        const { home } = sweep();
        tally.routes.add(name);
        const missing = MIN_INPUTS_PER_ROUTE - (tally.perRoute.get(name) ?? 0);
        if (missing <= 0) return;
        const idNames = pathParams(route.path);
        const queries = fc.sample(hostileQueries(route.query ?? z.object({})), {
          seed: seedFor(name, 'top-up', 'query'),
          numRuns: missing,
        });
        const segments = fc.sample(pathSegments, { seed: seedFor(name, 'top-up', 'id'), numRuns: missing });
        const bodies = fc.sample(fc.json({ depthSize: 'small' }), {
          seed: seedFor(name, 'top-up', 'body'),
          numRuns: missing,
        });
        const example = route.body ? JSON.stringify(exampleOf(route, ctxOf(home))) : undefined;
        const cases = queries.map((query, i) => {
          // Every id generated (so a destructive route never reaches a real record), with odd queries.
          const params = Object.fromEntries(idNames.map((param) => [param, segments[i]]));
          const validIds = paramsSchemaOf(route).safeParse(params).success;
          const syntax = segments[i] === '.' || segments[i] === '..';
          const map: Record<string, string> = Object.create(null);
          for (const [key, value] of query) map[key] = value;
          const validQuery = !route.query || route.query.safeParse({ ...map }).success;
          const request: SweepRequest = {
            method: route.method,
            path: encodeParams(route.path, params),
            // A POST, PUT or DELETE without a body is sent JSON of any shape half the time; it must not matter.
            body: example ?? (i % 2 && route.method !== 'GET' ? bodies[i] : undefined),
            token: home.owner.token,
            query,
            kind: 'generated query, body and ids',
          };
          const expected = idNames.length && !validIds && !syntax ? [400] : validQuery ? undefined : [400];
          return { request, expected };
        });
        expectNoProblems(await sweepCases(cases, name));
      },
    );

    it(`sent every route at least ${MIN_INPUTS_PER_ROUTE} bad inputs`, () => {
      const short = routes
        .map((r) => [r.name, tally.perRoute.get(r.name) ?? 0] as const)
        .filter(([, count]) => count < MIN_INPUTS_PER_ROUTE);
      expect(short).toEqual([]);
    });

    it('left Object.prototype unpolluted by the __proto__ and constructor keys sent above', () => {
      // The stack's handlers run in this process, so a polluted prototype would show here.
      expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(PROTOTYPE_MEMBERS);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });
}
