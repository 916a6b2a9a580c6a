/**
 * The WebSocket API that fans events out to browsers. One handler serves $connect, $disconnect and
 * $default. The stage is named `ws` so that CloudFront can forward the SPA's `/ws` path to it
 * unchanged: API Gateway WebSocket endpoints accept no path after the stage name, so an origin path
 * of `/<stage>` would turn `/ws` into `/<stage>/ws` and be refused.
 */
import { Validations } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** The WebSocket stage name, which is also the path CloudFront serves it on. */
export const WEBSOCKET_STAGE = 'ws';
export const WEBSOCKET_ROUTES = ['$connect', '$disconnect', '$default'] as const;

export interface WebSocketProps {
  throttling: { rateLimit: number; burstLimit: number };
  logGroup: logs.ILogGroup;
}

export class WebSocket extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;

  constructor(scope: Construct, id: string, props: WebSocketProps) {
    super(scope, id);
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      description: 'Live collaboration events',
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      throttle: props.throttling,
      accessLogSettings: { destination: new apigwv2.LogGroupLogDestination(props.logGroup) },
    });
  }

  /** https://{api}.execute-api.{region}.amazonaws.com/ws — where handlers post to connections. */
  get callbackUrl(): string {
    return this.stage.callbackUrl;
  }

  /** Route $connect, $disconnect and $default to `handler`. */
  setHandler(handler: IFunction): void {
    const integration = new WebSocketLambdaIntegration('Handler', handler);
    for (const routeKey of WEBSOCKET_ROUTES) {
      const route = this.api.addRoute(routeKey, { integration });
      Validations.of(route).acknowledge({
        id: 'AwsSolutions-APIG4',
        reason:
          'Browsers cannot set headers on a WebSocket handshake, so the client sends its Cognito ID token ' +
          'in an authorize message; the handler verifies it and only then stores the connection for a user ' +
          'and team. Events fan out to stored connections only, so an unauthorised socket receives nothing.',
      });
    }
  }

  /** execute-api:ManageConnections on this API, for posting events to connections. */
  grantManageConnections(grantee: IGrantable): void {
    this.api.grantManageConnections(grantee);
  }
}
