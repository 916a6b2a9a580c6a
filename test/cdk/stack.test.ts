/**
 * The CDK app, synthesized in-process: the dev stack once with real bundling (and the cdk-nag
 * AwsSolutions plugin), plus a few cheap variants with bundling skipped.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../lib/app';
import { CREATE_REQUIRE_BANNER, esbuildOptions, lambdaBundling } from '../../lib/bundling';
import { loadStageConfig } from '../../lib/config/stages';
import { SPA_FALLBACK_CODE } from '../../lib/constructs/web';
import { WEBSOCKET_ROUTES, WEBSOCKET_STAGE } from '../../lib/constructs/websocket';
import type { QuestionnaireStack } from '../../lib/stack';
import { ROUTE_GROUPS, type RouteEntry, routeList } from '../../shared/routes';
import { TABLE } from '../../shared/table';

type Properties = Record<string, any>;
type Resource = {
  Type: string;
  Properties: Properties;
  DependsOn?: string[];
  DeletionPolicy?: string;
  Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } };
};
type Resources = Record<string, Resource>;
interface CloudFrontOrigin {
  Id: string;
  DomainName: unknown;
  OriginPath?: string;
  OriginAccessControlId?: unknown;
  S3OriginConfig?: unknown;
  CustomOriginConfig?: { OriginProtocolPolicy: string };
}
interface CloudFrontBehavior {
  PathPattern: string;
  TargetOriginId: string;
  FunctionAssociations?: unknown[];
}
interface DistributionConfig {
  DefaultRootObject: string;
  DefaultCacheBehavior: CloudFrontBehavior;
  CacheBehaviors: CloudFrontBehavior[];
  Origins: CloudFrontOrigin[];
  CustomErrorResponses?: unknown;
  Logging?: unknown;
}

const IN_MEMORY = { '@aws-cdk/core:appMode': 'inmemory' };
const NO_BUNDLING = { ...IN_MEMORY, 'aws:cdk:bundling-stacks': [] };
const HANDLER_ENV = [
  'STAGE',
  'TABLE_NAME',
  'UPLOADS_BUCKET',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIL_FROM',
  'APP_URL',
  'WEBSOCKET_CALLBACK_URL',
  'NODE_OPTIONS',
];

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `qw-cdk-${prefix}-`));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in for `web/dist`, so the tests do not depend on whether the SPA has been built. */
function fakeWebDist(): string {
  const dir = tempDir('web');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  return dir;
}

function synthCheap(stage: string, options: BuildAppOptions = {}) {
  const built = buildApp(stage, {
    outdir: tempDir('cheap'),
    webDistDir: fakeWebDist(),
    ...options,
    context: { ...NO_BUNDLING, ...options.context },
  });
  return { ...built, template: Template.fromStack(built.stack) };
}

/**
 * Every AwsSolutions violation cdk-nag left unacknowledged, from the validation report CDK writes into the
 * assembly. cdk-nag 3 counts warnings as failures too; a clean run leaves no AwsSolutions entry at all.
 */
function nagViolations(assemblyDir: string): { rule: string; severity: string; paths: string[] }[] {
  const report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: {
        ruleName: string;
        severity: string;
        violatingConstructs?: { constructPath: string }[];
      }[];
    }[];
  };
  const plugin = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
  return (plugin?.violations ?? []).map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    paths: (v.violatingConstructs ?? []).map((c) => c.constructPath),
  }));
}

/** Logical id of an API Gateway resource → its full path, rebuilt from PathPart/ParentId. */
function apiResourcePaths(resources: Resources): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const cached = paths.get(id);
    if (cached) return cached;
    const { PathPart, ParentId } = resources[id].Properties;
    const parent = ParentId.Ref ? pathOf(ParentId.Ref) : '';
    const path = `${parent}/${PathPart}`;
    paths.set(id, path);
    return path;
  };
  for (const [id, r] of Object.entries(resources)) if (r.Type === 'AWS::ApiGateway::Resource') pathOf(id);
  return paths;
}

/** The function a Lambda proxy integration calls (the Fn::GetAtt inside its URI). */
function integratedFunction(uri: unknown): string {
  const match = JSON.stringify(uri).match(/"Fn::GetAtt":\["(\w+)","Arn"\]/);
  if (!match) throw new Error(`no function in integration URI ${JSON.stringify(uri)}`);
  return match[1];
}

const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type) as [string, Resource][];

describe('dev stack', () => {
  let app: App;
  let stack: QuestionnaireStack;
  let template: Template;
  let resources: Resources;
  let assembly: CloudAssembly;

  beforeAll(() => {
    const built = buildApp('dev', { outdir: tempDir('dev'), webDistDir: fakeWebDist(), context: IN_MEMORY });
    app = built.app;
    stack = built.stack;
    // Synthesizes once (bundling the handlers and running cdk-nag); later synth() calls reuse the assembly.
    template = Template.fromStack(stack);
    assembly = app.synth();
    resources = template.toJSON().Resources;
  });

  describe('Lambda', () => {
    const handlers = () =>
      ofType(resources, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Runtime === 'nodejs22.x');

    it('has exactly one function per route group plus the WebSocket handler', () => {
      expect(handlers()).toHaveLength(ROUTE_GROUPS.length + 1);
      // CDK's own helpers (BucketDeployment) are not among them.
      const helpers = ofType(resources, 'AWS::Lambda::Function').filter(
        ([id]) => !handlers().some(([h]) => h === id),
      );
      expect(helpers.every(([id]) => id.startsWith('CustomCDKBucketDeployment'))).toBe(true);
    });

    it('gives every handler the shared runtime settings and the full environment', () => {
      for (const [id, fn] of handlers()) {
        expect(fn.Properties, id).toMatchObject({
          Handler: 'index.handler',
          Architectures: ['arm64'],
          MemorySize: 1024,
          Timeout: 29,
          TracingConfig: { Mode: 'Active' },
        });
        expect(Object.keys(fn.Properties.Environment.Variables).sort(), id).toEqual([...HANDLER_ENV].sort());
        expect(fn.Properties.Environment.Variables).toMatchObject({
          STAGE: 'dev',
          NODE_OPTIONS: '--enable-source-maps',
        });
      }
    });

    it('bundles each handler as minified ESM with the createRequire banner and the SDK inside', () => {
      for (const [id, fn] of handlers()) {
        const asset = join(assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
        const files = readdirSync(asset);
        expect(files.sort(), id).toEqual(['index.mjs', 'index.mjs.map']);
        const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
        expect(code.startsWith(CREATE_REQUIRE_BANNER), id).toBe(true);
        expect(code, id).not.toMatch(/from\s*["']@aws-sdk\//);
      }
    });

    it('derives the NodejsFunction bundling from the plain esbuild options', () => {
      expect(esbuildOptions).toMatchObject({
        format: 'esm',
        platform: 'node',
        target: 'node22',
        minify: true,
        sourcemap: true,
        external: [],
      });
      expect(lambdaBundling).toMatchObject({
        format: 'esm',
        target: 'node22',
        minify: true,
        sourceMap: true,
        mainFields: ['module', 'main'],
        banner: CREATE_REQUIRE_BANNER,
        externalModules: [],
        forceDockerBundling: false,
      });
    });
  });

  describe('REST API', () => {
    it('has one method per route, on the route path, and nothing else', () => {
      const paths = apiResourcePaths(resources);
      const methods = ofType(resources, 'AWS::ApiGateway::Method').map(([, m]) => ({
        route: `${m.Properties.HttpMethod} ${paths.get(m.Properties.ResourceId.Ref)}`,
        props: m.Properties,
      }));
      expect(methods.map((m) => m.route).sort()).toEqual(
        routeList.map((r) => `${r.method} ${r.path}`).sort(),
      );

      for (const route of routeList) {
        const method = methods.find((m) => m.route === `${route.method} ${route.path}`)!;
        const expected = {
          user: { AuthorizationType: 'COGNITO_USER_POOLS', AuthorizerId: expect.anything() },
          public: { AuthorizationType: 'NONE' },
          'api-key': { AuthorizationType: 'NONE', ApiKeyRequired: true },
        }[route.auth];
        expect(method.props, route.name).toMatchObject(expected);
        if (route.auth === 'user') expect(method.props.AuthorizationScopes, route.name).toBeUndefined();
        expect(method.props.Integration, route.name).toMatchObject({
          Type: 'AWS_PROXY',
          IntegrationHttpMethod: 'POST',
        });
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

    it('creates a usage plan and API key exactly when a route uses one', () => {
      const expected = routeList.some((r) => r.auth === 'api-key') ? 1 : 0;
      template.resourceCountIs('AWS::ApiGateway::UsagePlan', expected);
      template.resourceCountIs('AWS::ApiGateway::ApiKey', expected);
    });
  });

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
      expect(resources[fn].Properties.Description).toMatch(/^WebSocket/);
    });

    it('auto-deploys a `ws` stage and tells every handler its callback URL', () => {
      template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
        StageName: WEBSOCKET_STAGE,
        AutoDeploy: true,
        AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
        DefaultRouteSettings: { ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 },
      });
      for (const [, fn] of ofType(resources, 'AWS::Lambda::Function')) {
        const url = fn.Properties.Environment?.Variables?.WEBSOCKET_CALLBACK_URL;
        if (fn.Properties.Runtime !== 'nodejs22.x') continue;
        expect(JSON.stringify(url)).toMatch(/"Ref":"WebSocketApi\w+".*\/ws"\]\]/);
      }
    });

    it('lets the shared handler role post to connections of this API', () => {
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp('^BackendHandlerRole') }],
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

  describe('data', () => {
    it('builds the single table from shared/table.ts', () => {
      template.resourceCountIs('AWS::DynamoDB::Table', 1);
      template.hasResourceProperties('AWS::DynamoDB::Table', {
        KeySchema: [
          { AttributeName: TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE.sortKey, KeyType: 'RANGE' },
        ],
        BillingMode: 'PAY_PER_REQUEST',
        TimeToLiveSpecification: { AttributeName: TABLE.ttlAttribute, Enabled: true },
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        GlobalSecondaryIndexes: TABLE.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
      const [, table] = ofType(resources, 'AWS::DynamoDB::Table')[0];
      const stringAttributes = [
        TABLE.partitionKey,
        TABLE.sortKey,
        ...TABLE.indexes.flatMap((i) => [i.partitionKey, i.sortKey]),
      ];
      expect(table.Properties.AttributeDefinitions).toEqual(
        expect.arrayContaining(stringAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' }))),
      );
    });

    it('blocks public access and refuses plain HTTP on every bucket', () => {
      const buckets = ofType(resources, 'AWS::S3::Bucket');
      expect(buckets.length).toBe(3);
      const policies = ofType(resources, 'AWS::S3::BucketPolicy');
      for (const [id, bucket] of buckets) {
        expect(bucket.Properties.PublicAccessBlockConfiguration, id).toEqual({
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        });
        const policy = policies.find(([, p]) => p.Properties.Bucket.Ref === id);
        expect(JSON.stringify(policy?.[1].Properties.PolicyDocument), id).toMatch(
          /"Condition":\{"Bool":\{"aws:SecureTransport":"false"\}\},"Effect":"Deny"/,
        );
      }
    });

    it('lets the SPA origin PUT and GET presigned upload URLs', () => {
      template.hasResourceProperties('AWS::S3::Bucket', {
        CorsConfiguration: {
          CorsRules: [
            Match.objectLike({
              AllowedMethods: ['PUT', 'GET'],
              AllowedHeaders: ['*'],
              AllowedOrigins: [
                {
                  'Fn::Join': [
                    '',
                    [
                      'https://',
                      { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] },
                    ],
                  ],
                },
              ],
            }),
          ],
        },
      });
    });
  });

  describe('auth', () => {
    it('uses e-mail as the username with the product password policy', () => {
      template.hasResourceProperties('AWS::Cognito::UserPool', {
        UsernameAttributes: ['email'],
        AutoVerifiedAttributes: ['email'],
        AdminCreateUserConfig: { AllowAdminCreateUserOnly: false },
        Policies: {
          PasswordPolicy: {
            MinimumLength: 8,
            RequireUppercase: true,
            RequireLowercase: true,
            RequireSymbols: true,
            RequireNumbers: false,
          },
        },
      });
    });

    it('has a public SPA client with SRP/password flows and implicit OAuth back to the app', () => {
      const appUrl = { 'Fn::GetAtt': [Match.stringLikeRegexp('^WebDistribution'), 'DomainName'] };
      template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
        GenerateSecret: false,
        ExplicitAuthFlows: Match.arrayEquals([
          'ALLOW_USER_PASSWORD_AUTH',
          'ALLOW_USER_SRP_AUTH',
          'ALLOW_REFRESH_TOKEN_AUTH',
        ]),
        AllowedOAuthFlows: ['implicit'],
        AllowedOAuthScopes: Match.arrayEquals(['email', 'openid']),
        CallbackURLs: [{ 'Fn::Join': ['', ['https://', appUrl, '/token']] }],
        LogoutURLs: [{ 'Fn::Join': ['', ['https://', appUrl, '/']] }],
        SupportedIdentityProviders: [
          'COGNITO',
          ...loadStageConfig('dev').ssoProviders.map((p) => p.providerName),
        ],
      });
      template.hasResourceProperties('AWS::Cognito::UserPoolDomain', {
        Domain: 'questionnaire-workspace-dev',
      });
    });

    it('creates the configured SAML provider with an e-mail mapping before the client', () => {
      const [provider] = loadStageConfig('dev').ssoProviders;
      expect(provider.kind).toBe('SAML');
      const idps = ofType(resources, 'AWS::Cognito::UserPoolIdentityProvider');
      expect(idps).toHaveLength(1);
      const [idpId, idp] = idps[0];
      expect(idp.Properties).toMatchObject({
        ProviderName: provider.providerName,
        ProviderType: 'SAML',
        ProviderDetails: { MetadataURL: provider.kind === 'SAML' ? provider.metadataUrl : '' },
        AttributeMapping: { email: expect.any(String) },
      });
      const [, client] = ofType(resources, 'AWS::Cognito::UserPoolClient')[0];
      expect(client.DependsOn).toContain(idpId);
    });
  });

  describe('email', () => {
    it('creates the SES identity with a default configuration set and lets handlers send from it', () => {
      template.hasResourceProperties('AWS::SES::EmailIdentity', {
        EmailIdentity: 'dev.example.com',
        ConfigurationSetAttributes: {
          ConfigurationSetName: { Ref: Match.stringLikeRegexp('^EmailConfigurationSet') },
        },
      });
      template.hasResourceProperties('AWS::IAM::Policy', {
        Roles: [{ Ref: Match.stringLikeRegexp('^BackendHandlerRole') }],
        PolicyDocument: {
          Statement: Match.arrayWith([Match.objectLike({ Action: Match.arrayWith(['ses:SendEmail']) })]),
        },
      });
    });
  });

  describe('CloudFront', () => {
    const distribution = () =>
      ofType(resources, 'AWS::CloudFront::Distribution')[0][1].Properties
        .DistributionConfig as DistributionConfig;
    const originOf = (config: DistributionConfig, behavior: CloudFrontBehavior) => {
      const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId);
      if (!origin) throw new Error(`no origin ${behavior.TargetOriginId}`);
      return origin;
    };

    it('serves index.html from the private bucket through origin access control', () => {
      const config = distribution();
      expect(config.DefaultRootObject).toBe('index.html');
      const origin = originOf(config, config.DefaultCacheBehavior);
      expect(origin.OriginAccessControlId).toBeDefined();
      expect(origin.S3OriginConfig).toEqual({ OriginAccessIdentity: '' });
      template.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    });

    it('rewrites client routes only on the default behaviour, and never rewrites API errors', () => {
      const config = distribution();
      expect(config.DefaultCacheBehavior.FunctionAssociations).toEqual([
        {
          EventType: 'viewer-request',
          FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^WebSpaFallback/), 'FunctionARN'] },
        },
      ]);
      for (const behavior of config.CacheBehaviors)
        expect(behavior.FunctionAssociations, behavior.PathPattern).toBeUndefined();
      expect(config.CustomErrorResponses).toBeUndefined();
      template.hasResourceProperties('AWS::CloudFront::Function', {
        FunctionCode: SPA_FALLBACK_CODE,
        FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      });
    });

    it('has a fallback function that sends extension-less paths to /index.html', () => {
      const handler = new Function(`${SPA_FALLBACK_CODE}; return handler;`)() as (e: unknown) => {
        uri: string;
      };
      const rewrite = (uri: string) => handler({ request: { uri } }).uri;
      expect(rewrite('/')).toBe('/index.html');
      expect(rewrite('/projects/42/questions')).toBe('/index.html');
      expect(rewrite('/token')).toBe('/index.html');
      expect(rewrite('/assets/app-1234.js')).toBe('/assets/app-1234.js');
      expect(rewrite('/runtime-config.json')).toBe('/runtime-config.json');
    });

    it('forwards /api/* to the REST stage and /ws to the WebSocket stage, uncached', () => {
      const config = distribution();
      const behaviors = Object.fromEntries(config.CacheBehaviors.map((b) => [b.PathPattern, b]));
      expect(Object.keys(behaviors).sort()).toEqual(['/api/*', `/${WEBSOCKET_STAGE}`]);
      const cachingDisabled = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
      const allViewerExceptHost = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';
      for (const behavior of config.CacheBehaviors) {
        expect(behavior, behavior.PathPattern).toMatchObject({
          CachePolicyId: cachingDisabled,
          OriginRequestPolicyId: allViewerExceptHost,
          AllowedMethods: expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
          ViewerProtocolPolicy: 'https-only',
        });
        expect(originOf(config, behavior).CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
      }
      const api = originOf(config, behaviors['/api/*']);
      expect(api.OriginPath).toBe('/dev');
      expect(JSON.stringify(api.DomainName)).toMatch(/"Ref":"ApiRestApi\w+"\},".execute-api./);
      const ws = originOf(config, behaviors[`/${WEBSOCKET_STAGE}`]);
      expect(ws.OriginPath).toBeUndefined();
      expect(JSON.stringify(ws.DomainName)).toMatch(/"Ref":"WebSocketApi\w+"\},".execute-api./);
    });

    it('logs to the access-log bucket', () => {
      expect(distribution().Logging).toEqual({
        Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^AccessLogsBucket/), 'RegionalDomainName'] },
        Prefix: 'cloudfront/',
      });
    });

    it('deploys the SPA and a runtime-config.json built from tokens', () => {
      const [, deployment] = ofType(resources, 'Custom::CDKBucketDeployment')[0];
      expect(deployment.Properties.SourceObjectKeys).toHaveLength(2);
      expect(deployment.Properties.Prune).toBe(true);
      const markers = JSON.stringify(deployment.Properties.SourceMarkers[1]);
      expect(markers).toMatch(/AuthUserPool/);
      expect(markers).toMatch(/AuthUserPoolWebClient/);
      expect(markers).toMatch(/WebDistribution/);
      // The JSON itself is an asset; find it and check its shape (markers stand in for tokens).
      const key = deployment.Properties.SourceObjectKeys[1].replace(/\.zip$/, '');
      const configJson = JSON.parse(
        readFileSync(join(assembly.directory, `asset.${key}`, 'runtime-config.json'), 'utf8'),
      );
      expect(configJson).toMatchObject({ stage: 'dev', region: 'ap-southeast-2', apiBase: '/api' });
      expect(configJson.websocketUrl).toMatch(/^wss:\/\/<<marker:0xbaba:\d+>>\/ws$/);
      expect(configJson.oauthDomain).toBe(
        'questionnaire-workspace-dev.auth.ap-southeast-2.amazoncognito.com',
      );
    });
  });

  describe('cdk-nag', () => {
    it('reports no unacknowledged AwsSolutions findings (errors or warnings)', () => {
      // Synthesis would have thrown on a failure; the report and a direct run of the pack agree.
      expect(nagViolations(assembly.directory)).toEqual([]);
      expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
    });

    it('records a reason for every acknowledgement in the template', () => {
      let count = 0;
      for (const [id, r] of Object.entries(resources)) {
        for (const rule of r.Metadata?.cdk_nag?.rules_to_suppress ?? []) {
          count++;
          expect(rule.reason.length, `${id} ${rule.id}`).toBeGreaterThan(40);
        }
      }
      expect(count).toBeGreaterThan(0);
    });
  });
});

describe('cheaper variants (bundling skipped)', () => {
  it('fails synthesis when a resource breaks an AwsSolutions rule', () => {
    const outdir = tempDir('nag');
    const { app, stack } = buildApp('dev', { outdir, webDistDir: fakeWebDist(), context: NO_BUNDLING });
    new s3.Bucket(stack, 'CarelessBucket');
    expect(() => app.synth()).toThrow(/AwsSolutions-S10/);
    const violations = nagViolations(outdir);
    expect(violations).toContainEqual(
      expect.objectContaining({
        rule: 'AwsSolutions-S10',
        paths: [expect.stringContaining('CarelessBucket')],
      }),
    );
  });

  it('deploys only runtime-config.json, keeps the old SPA and warns when web/dist is missing', () => {
    const { stack, template } = synthCheap('dev', { webDistDir: join(tempDir('empty'), 'dist') });
    const [, deployment] = Object.entries(template.findResources('Custom::CDKBucketDeployment'))[0] as [
      string,
      Resource,
    ];
    expect(deployment.Properties.SourceObjectKeys).toHaveLength(1);
    expect(deployment.Properties.Prune).toBe(false);
    Annotations.fromStack(stack).hasWarning(
      '/Questionnaire-dev/Web',
      Match.stringLikeRegexp('no index.html'),
    );
  });

  it('builds the usage plan and API key when a route needs the analytics API key', () => {
    const analytics: RouteEntry = {
      ...routeList[0],
      name: routeList[0].name,
      method: 'GET',
      path: '/api/analytics/{teamId}/answers',
      auth: 'api-key',
    };
    const { template } = synthCheap('dev', { routes: [...routeList, analytics] });
    template.resourceCountIs('AWS::ApiGateway::UsagePlan', 1);
    template.resourceCountIs('AWS::ApiGateway::ApiKey', 1);
    template.resourceCountIs('AWS::ApiGateway::UsagePlanKey', 1);
    template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      ApiKeyRequired: true,
      AuthorizationType: 'NONE',
      ResourceId: { Ref: Match.stringLikeRegexp('teamId') },
    });
    template.hasResourceProperties('AWS::ApiGateway::Resource', { PathPart: '{teamId}' });
  });

  it('retains stateful resources in prod and passes cdk-nag there too', () => {
    const { app, template } = synthCheap('prod');
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool']) {
      const all = Object.values(template.findResources(type)) as Resource[];
      expect(all.length, type).toBeGreaterThan(0);
      for (const r of all) expect(r.DeletionPolicy, type).toBe('Retain');
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    template.hasResourceProperties('AWS::ApiGateway::Stage', { StageName: 'prod' });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
    expect(nagViolations(app.synth().directory)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
  });

  it('uses a custom domain with its certificate and TLS 1.2 when the stage has one', () => {
    const { template } = synthCheap('dev', {
      configOverrides: {
        appDomain: {
          domainName: 'app.example.com',
          certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
        },
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['app.example.com'],
        ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021' }),
      }),
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolClient', {
      CallbackURLs: ['https://app.example.com/token'],
    });
  });

  it('creates OIDC providers with the client secret resolved from Secrets Manager at deploy time', () => {
    const { template } = synthCheap('dev', {
      configOverrides: {
        ssoProviders: [
          {
            providerName: 'AcmeOkta',
            kind: 'OIDC',
            issuerUrl: 'https://acme.okta.example',
            clientId: 'client-123',
            clientSecretName: 'qw/dev/sso/acme',
            identifiers: ['acme.example'],
          },
        ],
      },
    });
    template.hasResourceProperties('AWS::Cognito::UserPoolIdentityProvider', {
      ProviderName: 'AcmeOkta',
      ProviderType: 'OIDC',
      ProviderDetails: Match.objectLike({
        client_id: 'client-123',
        client_secret: '{{resolve:secretsmanager:qw/dev/sso/acme:SecretString:::}}',
        oidc_issuer: 'https://acme.okta.example',
      }),
      AttributeMapping: { email: 'email' },
    });
  });
});

describe('stage config', () => {
  it('validates both stages', () => {
    expect(loadStageConfig('dev').stage).toBe('dev');
    expect(loadStageConfig('prod').removalPolicy).toBe('retain');
  });

  it('rejects an unknown stage and a sender the SES identity does not cover', () => {
    expect(() => loadStageConfig('staging')).toThrow(/Unknown stage/);
    expect(() =>
      loadStageConfig('dev', {
        email: { identity: { kind: 'domain', domain: 'dev.example.com' }, mailFrom: 'x@other.com' },
      }),
    ).toThrow(/not covered by the SES identity/);
    expect(() =>
      loadStageConfig('dev', {
        ssoProviders: [
          { providerName: 'COGNITO', kind: 'SAML', metadataUrl: 'https://idp.example.com/m.xml' },
        ],
      }),
    ).toThrow(/built-in/);
  });
});
