/** The REST API construct: one method per route, one function per route group, Cognito, errors, stage. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { routeList } from '../../shared/routes';
import { apiResourcePaths, integratedFunction, ofType, type Resources, synthDev } from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

describe('REST API', () => {
  it('has one method per route, on the route path, and nothing else', () => {
    const paths = apiResourcePaths(resources);
    const methods = ofType(resources, 'AWS::ApiGateway::Method').map(([, m]) => ({
      route: `${m.Properties.HttpMethod} ${paths.get(m.Properties.ResourceId.Ref)}`,
      props: m.Properties,
    }));
    expect(methods.map((m) => m.route).sort()).toEqual(routeList.map((r) => `${r.method} ${r.path}`).sort());

    for (const route of routeList) {
      const method = methods.find((m) => m.route === `${route.method} ${route.path}`)!;
      const expected = {
        user: { AuthorizationType: 'COGNITO_USER_POOLS', AuthorizerId: expect.anything() },
        public: { AuthorizationType: 'NONE' },
        'api-key': { AuthorizationType: 'NONE' },
      }[route.auth];
      expect(method.props, route.name).toMatchObject(expected);
      if (route.auth === 'user') expect(method.props.AuthorizationScopes, route.name).toBeUndefined();
      expect(method.props.Integration, route.name).toMatchObject({
        Type: 'AWS_PROXY',
        IntegrationHttpMethod: 'POST',
      });
    }
  });

  it('serves the OpenAPI document and the rendered reference as public routes of the meta group', () => {
    const paths = apiResourcePaths(resources);
    for (const path of ['/api/openapi.json', '/api/docs']) {
      const route = routeList.find((r) => r.path === path);
      expect(route, path).toMatchObject({ method: 'GET', auth: 'public', group: 'meta' });
      const method = ofType(resources, 'AWS::ApiGateway::Method').find(
        ([, m]) => m.Properties.HttpMethod === 'GET' && paths.get(m.Properties.ResourceId.Ref) === path,
      );
      expect(method?.[1].Properties.AuthorizationType, path).toBe('NONE');
    }
  });

  it('sends each route group to its own function', () => {
    const paths = apiResourcePaths(resources);
    const fnByRoute = new Map(
      ofType(resources, 'AWS::ApiGateway::Method').map(([, m]) => [
        `${m.Properties.HttpMethod} ${paths.get(m.Properties.ResourceId.Ref)}`,
        integratedFunction(m.Properties.Integration.Uri),
      ]),
    );
    const fnByGroup = new Map<string, Set<string>>();
    for (const route of routeList) {
      const fns = fnByGroup.get(route.group) ?? new Set();
      fns.add(fnByRoute.get(`${route.method} ${route.path}`)!);
      fnByGroup.set(route.group, fns);
    }
    for (const [group, fns] of fnByGroup) expect(fns.size, group).toBe(1);
    const distinct = new Set([...fnByGroup.values()].map((fns) => [...fns][0]));
    expect(distinct.size).toBe(fnByGroup.size);
    for (const fn of distinct) {
      expect(resources[fn].Properties.Description).toMatch(/^REST route group/);
    }
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
