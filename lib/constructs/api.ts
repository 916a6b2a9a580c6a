/**
 * The REST API, built from the route table in shared/routes/: one Lambda per route group (with its own
 * role, granted the group's declared access), reached through as few API Gateway resources as the table
 * allows (planApiResources): where a whole subtree of paths belongs to one group with one kind of
 * authorisation, one resource with ANY and a `{proxy+}` child with ANY serve it, and the group's router
 * (functions/common/http.ts, driven by the same table) picks the route. A new route therefore costs no
 * CloudFormation resource unless it opens a subtree shared with another group. Request validation
 * happens in the handlers (zod), not here.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { GROUP_ACCESS, ROUTE_GROUPS, type RouteEntry, type RouteGroup, routeList } from '../../shared/routes';
import { planApiResources } from './api-plan';
import type { Backend } from './backend';

export interface ApiProps {
  stageName: string;
  throttling: { rateLimit: number; burstLimit: number };
  userPool: cognito.IUserPool;
  backend: Backend;
  accessLogGroup: logs.ILogGroup;
  /** Defaults to the route table; tests pass other lists to exercise other code paths. */
  routes?: readonly RouteEntry[];
}

const jsonMessage = (message: string) => ({ 'application/json': JSON.stringify({ message }) });

export class Api extends Construct {
  readonly restApi: apigw.RestApi;
  readonly handlers: Record<RouteGroup, IFunction>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const routes = props.routes ?? routeList;

    this.restApi = new apigw.RestApi(this, 'RestApi', {
      description: 'Questionnaire workspace REST API (served under /api through CloudFront)',
      // CloudFront is the edge; a regional endpoint avoids a second, hidden distribution.
      endpointTypes: [apigw.EndpointType.REGIONAL],
      // Stage logging needs the account-level CloudWatch role.
      cloudWatchRole: true,
      deployOptions: {
        stageName: props.stageName,
        throttlingRateLimit: props.throttling.rateLimit,
        throttlingBurstLimit: props.throttling.burstLimit,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new apigw.LogGroupLogDestination(props.accessLogGroup),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
      },
    });
    this.addGatewayResponses();
    Validations.of(this.restApi).acknowledge({
      id: 'AwsSolutions-APIG2',
      reason:
        'Every handler validates path, query and body with the zod schemas of shared/routes.ts and answers ' +
        '400 with field messages; API Gateway models would duplicate those schemas and answer differently.',
    });
    const cloudWatchRole = this.restApi.node.tryFindChild('CloudWatchRole');
    if (cloudWatchRole) {
      Validations.of(cloudWatchRole).acknowledge({
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        reason:
          'The account-level role API Gateway uses to write execution and access logs; AWS documents this ' +
          'managed policy for it and it grants only CloudWatch Logs actions.',
      });
    }

    const handlers = {} as Record<RouteGroup, IFunction>;
    const integrations = {} as Record<RouteGroup, apigw.LambdaIntegration>;
    for (const group of ROUTE_GROUPS) {
      handlers[group] = props.backend.addHandler(this, `${capitalise(group)}Handler`, {
        entry: `functions/${group}/handler.ts`,
        description: `REST route group "${group}"`,
        access: GROUP_ACCESS[group],
        timeout: Duration.seconds(29),
      });
      integrations[group] = new apigw.LambdaIntegration(handlers[group], {
        proxy: true,
        // One permission per function for this API (any of its methods), not one per method: with
        // 120-odd routes, per-method permissions alone would pass CloudFormation's 500-resource limit.
        scopePermissionToMethod: false,
      });
    }
    this.handlers = handlers;

    const authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [props.userPool],
      // The SPA sends the Cognito ID token, which carries no OAuth scopes, so none are required.
      identitySource: apigw.IdentitySource.header('Authorization'),
    });

    for (const entry of planApiResources(routes)) {
      const resource = this.restApi.root.resourceForPath(entry.path);
      const method = resource.addMethod(
        entry.method,
        integrations[entry.group],
        entry.authorizer === 'cognito'
          ? { authorizationType: apigw.AuthorizationType.COGNITO, authorizer }
          : // Public routes need no token; an api-key route's team key is verified by the handler
            // (functions/common/http.ts), here and locally alike.
            { authorizationType: apigw.AuthorizationType.NONE },
      );
      if (entry.authorizer === 'none') {
        const served = entry.routes.map((r) => `${r.method} ${r.path}`).join(', ');
        const why = entry.routes.some((r) => r.auth === 'scim')
          ? "called by the team's identity provider with the team's SCIM bearer token (checked by the handler " +
            'against its stored hash, wrong tokens counted and locked out per team), not by a signed-in user'
          : entry.routes.some((r) => r.auth === 'api-key')
            ? "public by design or called by integrators with their team's analytics API key (checked by the " +
              'handler against its stored hash, rate-limited per key), not by a signed-in user'
            : 'public by design in shared/routes (health, API reference, sign-in routing)';
        const reason = `${entry.method} ${entry.path} serves only ${served}, ${why}; the handler answers 404 to any other path.`;
        Validations.of(method).acknowledge(
          { id: 'AwsSolutions-APIG4', reason },
          { id: 'AwsSolutions-COG4', reason },
        );
      }
    }
  }

  /** JSON bodies for the errors API Gateway answers itself, in the same shape the handlers use. */
  private addGatewayResponses(): void {
    // API Gateway reports an unknown path or method as a missing token; for the SPA it is a 404.
    this.restApi.addGatewayResponse('NotFound', {
      type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      templates: jsonMessage('Not found'),
    });
    this.restApi.addGatewayResponse('Unauthorized', {
      type: apigw.ResponseType.UNAUTHORIZED,
      statusCode: '401',
      templates: jsonMessage('Unauthorized'),
    });
    const fromContext = { 'application/json': '{"message":$context.error.messageString}' };
    this.restApi.addGatewayResponse('Default4xx', {
      type: apigw.ResponseType.DEFAULT_4XX,
      templates: fromContext,
    });
    this.restApi.addGatewayResponse('Default5xx', {
      type: apigw.ResponseType.DEFAULT_5XX,
      templates: fromContext,
    });
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
