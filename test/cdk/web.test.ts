/**
 * The web construct: the CloudFront distribution that puts the SPA (and the API reference's assets),
 * /api and /ws on one origin, and the deployment of web/dist with runtime-config.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { SPA_FALLBACK_CODE } from '../../lib/constructs/web';
import { WEBSOCKET_STAGE } from '../../lib/constructs/websocket';
import { API_DOCS_ASSETS } from '../../shared/openapi';
import { routeList } from '../../shared/routes';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from '../../shared/security-headers';
import { ofType, type Resource, type Resources, type Synth, synthCheap, synthDev, tempDir } from './support';

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
  ResponseHeadersPolicyId?: unknown;
}
interface DistributionConfig {
  DefaultRootObject: string;
  DefaultCacheBehavior: CloudFrontBehavior;
  CacheBehaviors: CloudFrontBehavior[];
  Origins: CloudFrontOrigin[];
  CustomErrorResponses?: unknown;
  Logging?: unknown;
}

let synth: Synth;
let template: Template;
let resources: Resources;
beforeAll(() => {
  synth = synthDev();
  ({ template, resources } = synth);
});

const distribution = () =>
  ofType(resources, 'AWS::CloudFront::Distribution')[0][1].Properties
    .DistributionConfig as DistributionConfig;
const originOf = (config: DistributionConfig, behavior: CloudFrontBehavior) => {
  const origin = config.Origins.find((o) => o.Id === behavior.TargetOriginId);
  if (!origin) throw new Error(`no origin ${behavior.TargetOriginId}`);
  return origin;
};

/** CloudFront path patterns: `*` is any run of characters, `?` one character, case-sensitive. */
const patternMatches = (pattern: string, path: string) =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(path);
/** The behaviour CloudFront picks for a path: the first matching cache behaviour, else the default. */
const behaviorFor = (config: DistributionConfig, path: string) =>
  config.CacheBehaviors.find((b) => patternMatches(b.PathPattern, path)) ?? config.DefaultCacheBehavior;

describe('CloudFront', () => {
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
    for (const file of [API_DOCS_ASSETS.bundle, API_DOCS_ASSETS.stylesheet, API_DOCS_ASSETS.init]) {
      const path = `${API_DOCS_ASSETS.path}/${file}`;
      expect(rewrite(path)).toBe(path);
    }
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

  it('sends every route to the REST API, and the API reference assets to the site bucket', () => {
    const config = distribution();
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    for (const route of routeList) {
      const path = route.path.replace(/\{\w+\}/g, 'abc123');
      expect(behaviorFor(config, path), route.path).toBe(api);
    }
    for (const file of [API_DOCS_ASSETS.bundle, API_DOCS_ASSETS.stylesheet, API_DOCS_ASSETS.init]) {
      const path = `${API_DOCS_ASSETS.path}/${file}`;
      expect(behaviorFor(config, path), path).toBe(config.DefaultCacheBehavior);
    }
    expect(behaviorFor(config, '/api/docs')).toBe(api);
  });

  it('sends a strict CSP and the security headers on the SPA and /api/*, from its own policies', () => {
    const config = distribution();
    const policies = Object.fromEntries(ofType(resources, 'AWS::CloudFront::ResponseHeadersPolicy'));
    const policyOf = (behavior: CloudFrontBehavior) => {
      const id = (behavior.ResponseHeadersPolicyId as { Ref?: string } | undefined)?.Ref;
      expect(id, `${behavior.PathPattern ?? 'default'} uses a policy of this stack`).toBeDefined();
      return policies[id!].Properties.ResponseHeadersPolicyConfig;
    };
    const api = config.CacheBehaviors.find((b) => b.PathPattern === '/api/*')!;
    for (const behavior of [config.DefaultCacheBehavior, api]) {
      const policy = policyOf(behavior);
      const security = policy.SecurityHeadersConfig;
      const csp = new Map<string, string[]>(
        (security.ContentSecurityPolicy.ContentSecurityPolicy as string)
          .split('; ')
          .map((d) => d.split(' '))
          .map(([name, ...sources]) => [name, sources] as [string, string[]]),
      );
      expect(security.ContentSecurityPolicy.Override).toBe(true);
      expect(csp.get('default-src')).toEqual(["'self'"]);
      expect(csp.get('script-src')).toEqual(["'self'"]);
      expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://s3.ap-southeast-2.amazonaws.com',
        'https://*.s3.ap-southeast-2.amazonaws.com',
      ]);
      expect(csp.get('connect-src')).toEqual([
        "'self'",
        'https://cognito-idp.ap-southeast-2.amazonaws.com',
        'https://questionnaire-workspace-dev.auth.ap-southeast-2.amazoncognito.com',
        'https://s3.ap-southeast-2.amazonaws.com',
        'https://*.s3.ap-southeast-2.amazonaws.com',
      ]);
      expect(csp.get('font-src')).toEqual(["'self'", 'data:']);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      expect(csp.get('base-uri')).toEqual(["'self'"]);
      expect(csp.get('form-action')).toEqual([
        "'self'",
        'https://questionnaire-workspace-dev.auth.ap-southeast-2.amazoncognito.com',
      ]);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(security).toMatchObject({
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: HSTS_MAX_AGE_SECONDS,
          IncludeSubdomains: true,
          Preload: false,
          Override: true,
        },
      });
      expect(HSTS_MAX_AGE_SECONDS).toBe(63_072_000);
      expect(policy.CustomHeadersConfig.Items).toContainEqual({
        Header: 'Permissions-Policy',
        Value: PERMISSIONS_POLICY,
        Override: true,
      });
    }
    expect(PERMISSIONS_POLICY).toBe('camera=(), microphone=(), geolocation=()');
    // API responses are never cached by the browser unless the handler says otherwise.
    expect(policyOf(api).CustomHeadersConfig.Items).toContainEqual({
      Header: 'Cache-Control',
      Value: 'no-store',
      Override: false,
    });
    expect(JSON.stringify(policyOf(config.DefaultCacheBehavior))).not.toMatch(/no-store/);
  });

  it('logs to the access-log bucket', () => {
    expect(distribution().Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [expect.stringMatching(/^AccessLogsBucket/), 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
  });

  it('deploys the SPA (with the API reference assets) and a runtime-config.json built from tokens', () => {
    const [, deployment] = ofType(resources, 'Custom::CDKBucketDeployment')[0];
    expect(deployment.Properties.SourceObjectKeys).toHaveLength(2);
    expect(deployment.Properties.Prune).toBe(true);
    const markers = JSON.stringify(deployment.Properties.SourceMarkers[1]);
    expect(markers).toMatch(/AuthUserPool/);
    expect(markers).toMatch(/AuthUserPoolWebClient/);
    expect(markers).toMatch(/WebDistribution/);
    const assetDir = (index: number) =>
      join(
        synth.assembly.directory,
        `asset.${deployment.Properties.SourceObjectKeys[index].replace(/\.zip$/, '')}`,
      );
    // The JSON itself is an asset; find it and check its shape (markers stand in for tokens).
    const configJson = JSON.parse(readFileSync(join(assetDir(1), 'runtime-config.json'), 'utf8'));
    expect(configJson).toMatchObject({ stage: 'dev', region: 'ap-southeast-2', apiBase: '/api' });
    expect(configJson.websocketUrl).toMatch(/^wss:\/\/<<marker:0xbaba:\d+>>\/ws$/);
    expect(configJson.oauthDomain).toBe('questionnaire-workspace-dev.auth.ap-southeast-2.amazoncognito.com');
    // web/dist as `npm run build:web` leaves it: the SPA and api-docs/ go up together.
    for (const file of [
      'index.html',
      ...[API_DOCS_ASSETS.bundle, API_DOCS_ASSETS.init].map((f) => `api-docs/${f}`),
    ])
      expect(existsSync(join(assetDir(0), file)), file).toBe(true);
    expect(API_DOCS_ASSETS.path).toBe('/api-docs');
  });
});

describe('web variants (bundling skipped)', () => {
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

  it('warns when web/dist was built without the API reference assets (vite alone)', () => {
    const dist = tempDir('vite-only');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    const { stack } = synthCheap('dev', { webDistDir: dist, nag: false });
    Annotations.fromStack(stack).hasWarning(
      '/Questionnaire-dev/Web',
      Match.stringLikeRegexp('has no api-docs/'),
    );
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
    // With a known host name the websocket origin is named in connect-src ('self' covers it otherwise).
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: Match.objectLike({
            ContentSecurityPolicy: Match.stringLikeRegexp(
              "connect-src 'self' \\S+ \\S+ wss://app\\.example\\.com ",
            ),
          }),
        }),
      }),
    });
  });
});
