/**
 * The single origin the browser sees: CloudFront serves the SPA from a private bucket (origin access
 * control), `/api/*` from the REST API stage and `/ws` from the WebSocket stage, and the SPA's
 * /runtime-config.json is written next to it at deploy time. The API reference's static files
 * (`/api-docs/*`, copied into web/dist by `npm run build:web`) are site files like the SPA's: the default
 * behaviour serves them, since `/api/*` only matches paths under `/api/`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_DOCS_ASSETS } from '../../shared/openapi';
import type { RuntimeConfig } from '../../shared/schemas/runtime-config';
import {
  awsSecurityOrigins,
  contentSecurityPolicy,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
} from '../../shared/security-headers';

export interface WebProps {
  stageName: string;
  /** The REST API and the stage CloudFront forwards /api/* to. */
  restApiId: string;
  /** The WebSocket API and its stage, whose name is the path CloudFront forwards to it. */
  webSocketApiId: string;
  webSocketStageName: string;
  /** Custom host name and its us-east-1 certificate; otherwise the *.cloudfront.net name is used. */
  appDomain?: { domainName: string; certificateArn: string };
  accessLogsBucket: s3.IBucket;
  removalPolicy: RemovalPolicy;
  logRetention: logs.RetentionDays;
  /** The built SPA (vite's output). When it has no index.html only runtime-config.json is deployed. */
  webDistDir: string;
  /** Values for /runtime-config.json other than the ones this construct knows (websocketUrl, apiBase). */
  runtimeConfig: Omit<RuntimeConfig, 'websocketUrl' | 'apiBase' | 'userPoolEndpoint'>;
}

/** Viewer-request function for the SPA behaviour only: a path without a file extension is a client route. */
export const SPA_FALLBACK_CODE = `function handler(event) {
  var request = event.request;
  var lastSegment = request.uri.substring(request.uri.lastIndexOf('/') + 1);
  if (lastSegment.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

export class Web extends Construct {
  readonly siteBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** https://host of the SPA, without a trailing slash. */
  readonly appUrl: string;
  readonly deployment: s3deploy.BucketDeployment;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { region, urlSuffix } = Stack.of(this);
    const executeApiDomain = (apiId: string) => `${apiId}.execute-api.${region}.${urlSuffix}`;

    this.siteBucket = new s3.Bucket(this, 'SiteBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: s3.BucketEncryption.S3_MANAGED,
      removalPolicy: props.removalPolicy,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'site/',
    });

    const spaFallback = new cloudfront.Function(this, 'SpaFallback', {
      comment: 'Rewrite client-side routes (no file extension) to /index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_FALLBACK_CODE),
    });

    // Origins are addressed by API id (not by the stage URL) so the distribution does not depend on the
    // API deployments, which depend on the handlers, whose APP_URL depends on the distribution.
    const apiOrigin = new origins.HttpOrigin(executeApiDomain(props.restApiId), {
      originPath: `/${props.stageName}`,
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    const webSocketOrigin = new origins.HttpOrigin(executeApiDomain(props.webSocketApiId), {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    });
    const passThrough: Omit<cloudfront.BehaviorOptions, 'origin'> = {
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Everything the viewer sent (Authorization, query, Sec-WebSocket-*) except Host, which API Gateway
      // needs to be its own name.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    };

    // One policy for every behaviour but /ws: the SPA and its files, and /api/* (whose /api/docs is a
    // page too). The CSP comes from shared/security-headers.ts, as the local gateway's does. The
    // websocket origin is named only with a custom domain: the *.cloudfront.net name would make the
    // policy depend on the distribution that uses it, and 'self' covers same-host wss:.
    const csp = contentSecurityPolicy(
      awsSecurityOrigins({
        region,
        oauthDomain: props.runtimeConfig.oauthDomain,
        appHost: props.appDomain?.domainName,
      }),
    );
    const securityHeadersBehavior: cloudfront.ResponseSecurityHeadersBehavior = {
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: false,
        override: true,
      },
    };
    const permissionsPolicy = { header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true };
    const siteHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SiteHeaders', {
      comment: `Security headers and CSP of the SPA (${props.stageName})`,
      securityHeadersBehavior,
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
    });
    const apiHeaders = new cloudfront.ResponseHeadersPolicy(this, 'ApiHeaders', {
      comment: `Security headers of /api/* (${props.stageName}); no-store unless the API says otherwise`,
      securityHeadersBehavior,
      customHeadersBehavior: {
        customHeaders: [permissionsPolicy, { header: 'Cache-Control', value: 'no-store', override: false }],
      },
    });

    const certificate = props.appDomain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.appDomain.certificateArn)
      : undefined;

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Questionnaire workspace (${props.stageName})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: siteHeaders,
        functionAssociations: [
          { function: spaFallback, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: apiOrigin,
          ...passThrough,
          responseHeadersPolicy: apiHeaders,
        },
        [`/${props.webSocketStageName}`]: { origin: webSocketOrigin, ...passThrough },
      },
      // No errorResponses: API 404s and 403s must reach the client as they are.
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_ALL,
      enableLogging: true,
      logBucket: props.accessLogsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.appDomain && certificate
        ? {
            domainNames: [props.appDomain.domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
    });
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Customers and the parties they send questionnaires to are worldwide; no country is excluded.',
    });
    if (!props.appDomain) {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason:
          'This stage has no custom domain, so it uses the default *.cloudfront.net certificate, whose ' +
          'minimum protocol CloudFront fixes; with appDomain set the distribution enforces TLSv1.2_2021.',
      });
    }

    this.appUrl = props.appDomain
      ? `https://${props.appDomain.domainName}`
      : `https://${this.distribution.distributionDomainName}`;
    const wsHost = props.appDomain ? props.appDomain.domainName : this.distribution.distributionDomainName;

    const runtimeConfig: RuntimeConfig = {
      ...props.runtimeConfig,
      apiBase: '/api',
      websocketUrl: `wss://${wsHost}/${props.webSocketStageName}`,
    };
    const hasSpa = existsSync(join(props.webDistDir, 'index.html'));
    if (!hasSpa) {
      Annotations.of(this).addWarningV2(
        'questionnaire:web-dist-missing',
        `${props.webDistDir} has no index.html, so only runtime-config.json is deployed; run \`npm run build:web\` before deploying.`,
      );
    } else if (!existsSync(join(props.webDistDir, API_DOCS_ASSETS.path, API_DOCS_ASSETS.init))) {
      Annotations.of(this).addWarningV2(
        'questionnaire:api-docs-missing',
        `${props.webDistDir} has no ${API_DOCS_ASSETS.path.slice(1)}/, so /api/docs cannot load its renderer; build with \`npm run build:web\` (not vite alone).`,
      );
    }
    this.deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
      destinationBucket: this.siteBucket,
      sources: [
        ...(hasSpa ? [s3deploy.Source.asset(props.webDistDir)] : []),
        s3deploy.Source.jsonData('runtime-config.json', runtimeConfig),
      ],
      // Without a build, keep whatever SPA is already there instead of deleting it.
      prune: hasSpa,
      // index.html and runtime-config.json must never be served stale after a deploy.
      cacheControl: [s3deploy.CacheControl.noCache()],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup: new logs.LogGroup(this, 'DeployLogs', {
        retention: props.logRetention,
        removalPolicy: props.removalPolicy,
      }),
    });
  }
}
