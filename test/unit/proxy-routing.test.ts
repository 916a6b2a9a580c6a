/**
 * Route groups behind the few API Gateway resources of lib/constructs/api-plan.ts: whatever resource a
 * request came through (a route's own, or a `{proxy+}` that only names the rest of the path), the
 * group's router reaches the route the local gateway would, with the same decoded path parameters.
 */
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEvent, APIGatewayProxyResult, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planApiResources, plannedMethodFor } from '../../lib/constructs/api-plan';
import { apiGatewayEvent } from '../../scripts/local/api-event';
import {
  fillPath,
  matchRoute,
  type PathRoute,
  pathParams,
  ROUTE_GROUPS,
  type RouteEntry,
  routeList,
  routeMatcher,
  routes,
} from '../../shared/routes';

process.env.TABLE_NAME = 'unit-table';
process.env.STAGE = 'dev';
process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';

const dynamo = mockClient(DynamoDBDocumentClient);
const context = { awsRequestId: 'req-1', getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<APIGatewayProxyResult>;

let routedHandler: typeof import('../../functions/common/http').routedHandler;
let meta: Handler;
beforeAll(async () => {
  ({ routedHandler } = await import('../../functions/common/http'));
  meta = (await import('../../functions/meta/handler')).handler as never;
});
beforeEach(() => dynamo.reset());

const PROXY = '/{proxy+}';
const plan = planApiResources(routeList);

/** Values that need decoding (a space, a non-ASCII letter, an encoded slash) in every {param}. */
const sampleParams = (route: RouteEntry) =>
  Object.fromEntries(pathParams(route.path).map((name) => [name, `${name} ü/1`]));

/** The event API Gateway sends for a request of `route` through the planned method that serves it. */
function eventThroughPlan(route: RouteEntry): { event: APIGatewayProxyEvent; resource: string } {
  const served = plan.filter((m) => m.routes.includes(route));
  expect(served, route.name).toHaveLength(1);
  const resource = served[0].path;
  const params = sampleParams(route);
  const path = fillPath(route.path, params);
  if (!resource.endsWith(PROXY)) {
    return {
      resource,
      event: apiGatewayEvent({ route: { method: route.method, path: resource }, path, params }),
    };
  }
  // Through `{proxy+}`: the prefix's own {params}, and the rest of the path (decoded) as `proxy`.
  const prefix = resource.slice(0, -PROXY.length).split('/').filter(Boolean);
  const filled = (segment: string) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    return param ? params[param] : segment;
  };
  const segments = route.path.split('/').filter(Boolean);
  const gatewayParams: Record<string, string> = {};
  for (const segment of prefix) {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    if (param) gatewayParams[param] = params[param];
  }
  gatewayParams.proxy = segments.slice(prefix.length).map(filled).join('/');
  return {
    resource,
    event: apiGatewayEvent({ route: { method: route.method, path: resource }, path, params: gatewayParams }),
  };
}

/** A group's real pipeline (log, {proxy+} resolution, router) around stubs that echo what they got. */
const echoing = (group: string) =>
  routedHandler(
    routeList.filter((r) => r.group === group),
    (route) => async (event) => ({
      statusCode: 200,
      body: JSON.stringify({ name: route.name, resource: event.resource, params: event.pathParameters }),
    }),
  ) as unknown as Handler;

describe('a route group behind {proxy+} resources', () => {
  it('reaches every route, with its path template and decoded parameters, as the local gateway does', async () => {
    let throughProxy = 0;
    for (const group of ROUTE_GROUPS) {
      // Prepare
      const handler = echoing(group);
      for (const route of routeList.filter((r) => r.group === group)) {
        const { event, resource } = eventThroughPlan(route);
        if (resource.endsWith(PROXY)) throughProxy++;
        const params = sampleParams(route);
        // Act
        const response = await handler(event, context);
        // Assess
        expect(response.statusCode, route.name).toBe(200);
        expect(JSON.parse(response.body), route.name).toEqual({
          name: route.name,
          resource: route.path,
          params: Object.keys(params).length ? params : null,
        });
        expect(matchRoute(route.method, event.path), route.name).toEqual({ route, params });
      }
    }
    // Most routes are reached through a proxy resource: that is the point.
    expect(throughProxy).toBeGreaterThan(routeList.length / 2);
  });

  it('answers 404 for a path under a proxy resource that no route of the group serves', async () => {
    // Prepare
    const event = apiGatewayEvent({
      route: { method: 'GET', path: '/api/team/{proxy+}' },
      path: '/api/team/nothing/here',
      params: { proxy: 'nothing/here' },
    });
    // Act
    const response = await echoing('team')(event, context);
    // Assess
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ message: 'Not found' });
  });

  it('runs a real handler for a proxy-style event', async () => {
    // Prepare: the health route, as if API Gateway had matched a catch-all resource.
    dynamo.on(GetCommand).resolves({});
    const event = apiGatewayEvent({
      route: { method: 'GET', path: '/api/{proxy+}' },
      path: routes.health.path,
      params: { proxy: 'health' },
    });
    // Act
    const response = await meta(event, context);
    // Assess
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body).data).toMatchObject({ status: 'ok' });
  });

  it('prefers a literal segment to a {param}, whatever the order of the table', () => {
    const manual: PathRoute = routes.listManualQuestions;
    const byId: PathRoute = routes.getQuestion;
    for (const table of [
      [manual, byId],
      [byId, manual],
    ]) {
      const match = routeMatcher(table);
      expect(match('GET', '/api/projects/p1/questions/manual')?.route).toBe(manual);
      expect(match('GET', '/api/projects/p1/questions/q%201')).toEqual({
        route: byId,
        params: { projectId: 'p1', questionId: 'q 1' },
      });
    }
  });

  it('finds the planned method API Gateway runs for any request, as the local gateway asks it', () => {
    for (const route of routeList) {
      const method = plannedMethodFor(plan, route.method, fillPath(route.path, sampleParams(route)));
      expect(method?.routes, route.name).toContain(route);
    }
    // An unknown path under /api reaches a signed-in group's {proxy+}; a resource without a method, none.
    expect(plannedMethodFor(plan, 'GET', '/api/no/such/route')).toMatchObject({
      path: '/api/{proxy+}',
      authorizer: 'cognito',
    });
    expect(plannedMethodFor(plan, 'GET', '/api')).toBeUndefined();
    expect(plannedMethodFor(plan, 'GET', '/elsewhere')).toBeUndefined();
  });
});
