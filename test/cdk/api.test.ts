/** The REST API construct: every route reachable, one function per route group, Cognito, errors, stage. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { planApiResources } from '../../lib/constructs/api-plan';
import { fillPath, pathParams, type RouteEntry, routeList } from '../../shared/routes';
import {
  apiMethods,
  apiResourcePaths,
  type GatewayMethod,
  gatewayMethodFor,
  integratedFunction,
  ofType,
  type Resources,
  synthDev,
} from './support';

let template: Template;
let resources: Resources;
let methods: GatewayMethod[];
beforeAll(() => {
  ({ template, resources } = synthDev());
  methods = apiMethods(resources);
});

/** A request path of the route, with a sample value in each {param}. */
const samplePath = (route: RouteEntry) =>
  fillPath(route.path, Object.fromEntries(pathParams(route.path).map((name) => [name, `${name}-1`])));

/** The method API Gateway would run for the route (fails the test if none). */
function methodFor(route: RouteEntry): GatewayMethod {
  const method = gatewayMethodFor(methods, route.method, samplePath(route));
  if (!method) throw new Error(`${route.method} ${route.path} reaches no API Gateway method`);
  return method;
}

describe('REST API', () => {
  it("reaches every route through a Lambda proxy method with the route's authorisation", () => {
    for (const route of routeList) {
      const { properties } = methodFor(route);
      const expected = {
        user: { AuthorizationType: 'COGNITO_USER_POOLS', AuthorizerId: expect.anything() },
        public: { AuthorizationType: 'NONE' },
        'api-key': { AuthorizationType: 'NONE' },
        scim: { AuthorizationType: 'NONE' },
      }[route.auth];
      expect(properties, route.name).toMatchObject(expected);
      if (route.auth === 'user') expect(properties.AuthorizationScopes, route.name).toBeUndefined();
      expect(properties.Integration, route.name).toMatchObject({
        Type: 'AWS_PROXY',
        IntegrationHttpMethod: 'POST',
      });
    }
  });

  it('costs no method per route: one ANY per group subtree, and a route of an existing subtree adds nothing', () => {
    // Prepare: the plan of the table, and of the table with routes added inside existing group subtrees.
    const team = routeList.find((r) => r.name === 'getTeamSettings')!;
    const question = routeList.find((r) => r.name === 'getQuestion')!;
    const extra: RouteEntry[] = [
      { ...team, name: 'extraTeam' as never, method: 'POST', path: '/api/team/settings/extra/{thingId}' },
      {
        ...question,
        name: 'extraQuestion' as never,
        method: 'DELETE',
        path: `${question.path}/history/purge`,
      },
    ];
    // Act
    const plan = planApiResources(routeList);
    const grown = planApiResources([...routeList, ...extra]);
    // Assess: the synthesized API is the plan, far fewer methods than routes, and growing costs nothing.
    expect(methods.map((m) => `${m.httpMethod} ${m.path}`).sort()).toEqual(
      plan.map((m) => `${m.method} ${m.path}`).sort(),
    );
    expect(methods.length).toBeLessThan(routeList.length / 2);
    expect(grown.map((m) => `${m.method} ${m.path}`)).toEqual(plan.map((m) => `${m.method} ${m.path}`));
    for (const route of routeList) {
      const { properties } = methodFor(route);
      const served = plan.filter((m) => m.routes.includes(route));
      expect(served, route.name).toHaveLength(1);
      expect(served[0].group, route.name).toBe(route.group);
      expect(properties.HttpMethod, route.name).toBe(served[0].method);
    }
    expect(methods.filter((m) => m.httpMethod !== 'ANY')).toEqual([]);
  });

  it('serves the OpenAPI document and the rendered reference as public routes of the meta group', () => {
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const route = routeList.find((r) => r.path === path);
      expect(route, path).toMatchObject({ method: 'GET', auth: 'public', group: 'meta' });
      expect(methodFor(route!).properties.AuthorizationType, path).toBe('NONE');
    }
  });

  it('sends each route group to its own function', () => {
    const fnByGroup = new Map<string, Set<string>>();
    for (const route of routeList) {
      const fns = fnByGroup.get(route.group) ?? new Set();
      fns.add(integratedFunction(methodFor(route).properties.Integration.Uri));
      fnByGroup.set(route.group, fns);
    }
    for (const [group, fns] of fnByGroup) expect(fns.size, group).toBe(1);
    const distinct = new Set([...fnByGroup.values()].map((fns) => [...fns][0]));
    expect(distinct.size).toBe(fnByGroup.size);
    for (const fn of distinct) {
      expect(resources[fn].Properties.Description).toMatch(/^REST route group/);
    }
  });

  it('leaves only public and api-key routes without the authorizer', () => {
    const open = planApiResources(routeList).filter((m) => m.authorizer === 'none');
    expect(open.length).toBeGreaterThan(0);
    for (const entry of open) {
      for (const route of entry.routes) expect(route.auth, route.name).not.toBe('user');
    }
    for (const route of routeList.filter((r) => r.auth === 'user')) {
      expect(methodFor(route).properties.AuthorizationType, route.name).toBe('COGNITO_USER_POOLS');
    }
  });

  it('gives no resource two variable children, which API Gateway refuses at deploy', () => {
    // The table has /api/answers/{answerId}/… beside /api/answers/{answerSourceId}/…: one proxy covers both.
    const paths = [...apiResourcePaths(resources).values()];
    const variableChildren = new Map<string, string[]>();
    for (const path of paths) {
      const parent = path.slice(0, path.lastIndexOf('/'));
      const part = path.slice(parent.length + 1);
      if (part.startsWith('{')) variableChildren.set(parent, [...(variableChildren.get(parent) ?? []), part]);
    }
    for (const [parent, parts] of variableChildren) expect(parts, parent).toHaveLength(1);
    expect(paths).toContain('/api/answers/{proxy+}');
  });

  it('plans a shared path per HTTP method, and refuses what API Gateway would', () => {
    // Prepare: a path that a public and a user route share, and differently named sibling parameters.
    const [user] = routeList.filter((r) => r.auth === 'user' && r.group === 'team');
    const [open] = routeList.filter((r) => r.auth === 'public' && r.group === 'meta');
    const shared: RouteEntry[] = [
      { ...user, method: 'POST', path: '/api/mixed' },
      { ...open, method: 'GET', path: '/api/mixed' },
    ];
    const siblings: RouteEntry[] = [
      { ...user, path: '/api/mixed/{a}/x' },
      { ...open, path: '/api/mixed/{b}/y' },
    ];
    // Act
    const plan = planApiResources(shared);
    // Assess
    expect(plan.map((m) => [m.method, m.path, m.authorizer])).toEqual([
      ['POST', '/api/mixed', 'cognito'],
      ['GET', '/api/mixed', 'none'],
    ]);
    expect(() => planApiResources(siblings)).toThrow(/differently named parameters/);
    expect(() => planApiResources([user, user])).toThrow(/declared twice/);
  });

  it('uses a Cognito user-pool authorizer on the Authorization header', () => {
    template.resourceCountIs('AWS::ApiGateway::Authorizer', 1);
    template.hasResourceProperties('AWS::ApiGateway::Authorizer', {
      Type: 'COGNITO_USER_POOLS',
      IdentitySource: 'method.request.header.Authorization',
      ProviderARNs: [{ 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthUserPool'), 'Arn'] }],
    });
  });

  it('answers its own errors with JSON: unknown routes 404, missing tokens 401', () => {
    const responses = Object.fromEntries(
      ofType(resources, 'AWS::ApiGateway::GatewayResponse').map(([, r]) => [
        r.Properties.ResponseType,
        r.Properties,
      ]),
    );
    expect(responses.MISSING_AUTHENTICATION_TOKEN).toMatchObject({
      StatusCode: '404',
      ResponseTemplates: { 'application/json': '{"message":"Not found"}' },
    });
    expect(responses.UNAUTHORIZED).toMatchObject({
      StatusCode: '401',
      ResponseTemplates: { 'application/json': '{"message":"Unauthorized"}' },
    });
    for (const type of ['DEFAULT_4XX', 'DEFAULT_5XX']) {
      const body = responses[type]?.ResponseTemplates['application/json'];
      expect(body, type).toContain('"message"');
    }
  });

  it('deploys a stage named after the stage, throttled, traced and access-logged', () => {
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      TracingEnabled: true,
      AccessLogSetting: { DestinationArn: Match.anyValue(), Format: Match.anyValue() },
      MethodSettings: Match.arrayWith([
        Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100, LoggingLevel: 'ERROR' }),
      ]),
    });
    template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      EndpointConfiguration: { Types: ['REGIONAL'] },
    });
  });

  it('leaves the analytics key to the handler: no API Gateway usage plan or key', () => {
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 0);
    template.resourceCountIs('AWS::ApiGateway::ApiKey', 0);
  });
});
