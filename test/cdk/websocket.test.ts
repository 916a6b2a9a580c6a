/** The WebSocket API construct: its routes, its stage, and who may post to its connections. */
import { Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { WEBSOCKET_ROUTES, WEBSOCKET_STAGE } from '../../lib/constructs/websocket';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { handlerFunctions, integratedFunction, ofType, type Resources, roleOf, synthDev } from './support';

let template: Template;
let resources: Resources;
beforeAll(() => {
  ({ template, resources } = synthDev());
});

/** The function behind the WebSocket API's one integration. */
const webSocketFunction = () => {
  const [[, integration]] = ofType(resources, 'AWS::ApiGatewayV2::Integration');
  return integratedFunction(integration.Properties.IntegrationUri);
};

describe('WebSocket API', () => {
  it('routes $connect, $disconnect and $default to the one WebSocket handler', () => {
    const routes = ofType(resources, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual([...WEBSOCKET_ROUTES].sort());
    const integrations = ofType(resources, 'AWS::ApiGatewayV2::Integration');
    expect(integrations).toHaveLength(1);
    const [integrationId, integration] = integrations[0];
    for (const route of routes)
      expect(route.Target).toEqual({ 'Fn::Join': ['', ['integrations/', { Ref: integrationId }]] });
    const fn = integratedFunction(integration.Properties.IntegrationUri);
    expect(resources[fn].Properties.Description).toBe(BACKGROUND_FUNCTIONS.websocket.description);
    expect(resources[fn].Properties.Description).toMatch(/^WebSocket/);
  });

  it('auto-deploys a `ws` stage and tells every handler its callback URL', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: WEBSOCKET_STAGE,
      AutoDeploy: true,
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
      DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
    });
    for (const [, fn] of handlerFunctions(resources)) {
      const url = fn.Properties.Environment?.Variables?.WEBSOCKET_CALLBACK_URL;
      expect(JSON.stringify(url)).toMatch(/"Ref":"WebSocketApi\w+".*\/ws"\]\]/);
    }
  });

  it("lets the WebSocket handler's own role post to connections of this API", () => {
    template.hasResourceProperties('AWS::IAM::Policy', {
      Roles: [{ Ref: roleOf(resources[webSocketFunction()]) }],
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 'execute-api:ManageConnections',
            Resource: {
              'Fn::Join': ['', Match.arrayWith([{ Ref: Match.stringLikeRegexp('^WebSocketApi') }])],
            },
          }),
        ]),
      },
    });
  });
});
