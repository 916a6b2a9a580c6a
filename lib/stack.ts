/**
 * Everything one stage runs, in one stack and its nested stack: auth, data, e-mail, the REST and
 * WebSocket APIs with their handlers, the CloudFront site that puts the SPA, /api and /ws on one
 * origin, and the REST API stage's WAF web ACL here; the background processing (the table stream's
 * dispatcher, the reactions, the stream jobs, the schedules, the mail events and the inboundMail
 * function) in the nested stack `Background` (lib/background-stack.ts), so each stays well under
 * CloudFormation's resource limit (lib/app.ts STACK_RESOURCE_BUDGET). Each function's role is granted only
 * its declared access (see Backend). Two small stacks go with it (lib/app.ts): the CloudFront web ACL in
 * us-east-1 (EdgeStack, lib/constructs/waf.ts) and the alarms and dashboard (MonitoringStack,
 * lib/constructs/monitoring.ts).
 */
import { CfnOutput, Lazy, RemovalPolicy, Stack, type StackProps, Tags, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { BACKGROUND_FUNCTIONS } from '../shared/background-functions';
import type { RouteEntry } from '../shared/routes';
import { BackgroundStack } from './background-stack';
import { mailFromAddress, type StageConfig } from './config/stages';
import { AccessLogs } from './constructs/access-logs';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Backend } from './constructs/backend';
import { Data } from './constructs/data';
import { Email } from './constructs/email';
import type { MailEvents } from './constructs/mail-events';
import type { Reactions } from './constructs/reactions';
import { Replies } from './constructs/replies';
import type { Schedules } from './constructs/schedules';
import type { StreamDispatcher } from './constructs/stream-dispatcher';
import type { StreamJobs } from './constructs/stream-jobs';
import { WebAcl } from './constructs/waf';
import { Web } from './constructs/web';
import { WebSocket } from './constructs/websocket';
import { acknowledgeWildcards } from './nag';

export interface QuestionnaireStackProps extends StackProps {
  config: StageConfig;
  /** Directory of the built SPA. */
  webDistDir: string;
  /** Route table override, for tests; defaults to shared/routes.ts. */
  routes?: readonly RouteEntry[];
  /** The CloudFront web ACL (EdgeStack, us-east-1) the distribution is put behind. */
  siteWebAclArn?: string;
}

export class QuestionnaireStack extends Stack {
  readonly auth: Auth;
  readonly data: Data;
  readonly email: Email;
  readonly backend: Backend;
  readonly api: Api;
  readonly webSocket: WebSocket;
  readonly web: Web;
  readonly webSocketHandler: IFunction;
  /** The nested stack of the background processing; the five below live in it. */
  readonly background: BackgroundStack;
  readonly reactions: Reactions;
  readonly jobs: StreamJobs;
  readonly dispatcher: StreamDispatcher;
  readonly schedules: Schedules;
  readonly replies: Replies;
  readonly mailEvents: MailEvents;
  readonly apiFirewall: WebAcl;

  constructor(scope: Construct, id: string, props: QuestionnaireStackProps) {
    super(scope, id, props);
    const { config } = props;
    const removalPolicy = config.removalPolicy === 'retain' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    Tags.of(this).add('app', 'questionnaire-workspace');
    Tags.of(this).add('stage', config.stage);

    // The SPA's URL is the distribution's, which is created last (it needs the APIs); resolve it lazily.
    let web: Web | undefined;
    const appUrl = config.appDomain
      ? `https://${config.appDomain.domainName}`
      : Lazy.string({ produce: () => web?.appUrl });

    const accessLogs = new AccessLogs(this, 'AccessLogs', { removalPolicy, retention: config.logRetention });
    this.data = new Data(this, 'Data', {
      removalPolicy,
      appOrigin: appUrl,
      accessLogsBucket: accessLogs.bucket,
    });
    this.auth = new Auth(this, 'Auth', {
      appUrl,
      hostedUiDomainPrefix: config.hostedUiDomainPrefix,
      ssoProviders: config.ssoProviders,
      removalPolicy,
    });
    this.email = new Email(this, 'Email', { identity: config.email.identity });
    this.replies = new Replies(this, 'Replies', {
      domain: config.replies.domain,
      accessLogsBucket: accessLogs.bucket,
      removalPolicy,
    });

    const logGroup = (id: string) =>
      new logs.LogGroup(this, id, { retention: config.logRetention, removalPolicy });
    this.webSocket = new WebSocket(this, 'WebSocket', {
      throttling: config.throttling,
      logGroup: logGroup('WebSocketAccessLogs'),
    });

    this.backend = new Backend(this, 'Backend', {
      logRetention: config.logRetention,
      removalPolicy,
      environment: {
        STAGE: config.stage,
        TABLE_NAME: this.data.table.tableName,
        UPLOADS_BUCKET: this.data.uploadsBucket.bucketName,
        USER_POOL_ID: this.auth.userPool.userPoolId,
        USER_POOL_CLIENT_ID: this.auth.client.userPoolClientId,
        MAIL_FROM: config.email.mailFrom,
        APP_URL: appUrl,
        WEBSOCKET_CALLBACK_URL: this.webSocket.callbackUrl,
        REPLY_DOMAIN: config.replies.domain,
        REPLY_SIGNING_SECRET_ARN: this.replies.signingSecret.secretArn,
      },
      resources: {
        table: this.data.table,
        uploadsBucket: this.data.uploadsBucket,
        userPool: this.auth.userPool,
        email: this.email,
        webSocket: this.webSocket,
        replySigningSecret: this.replies.signingSecret,
        inboundMailBucket: this.replies.inboundBucket,
      },
    });
    const { websocket } = BACKGROUND_FUNCTIONS;
    this.webSocketHandler = this.backend.addHandler(this.webSocket, 'Handler', {
      entry: websocket.entry,
      description: websocket.description,
      access: websocket.access,
    });
    this.webSocket.setHandler(this.webSocketHandler);
    // The background processing (stream dispatcher, reactions, stream jobs, schedules, mail events) in a
    // nested stack of its own: CloudFormation counts its resources apart from this stack's.
    this.background = new BackgroundStack(this, 'Background', {
      backend: this.backend,
      table: this.data.table,
      email: this.email,
      replies: this.replies,
      removalPolicy,
      description: `Questionnaire workspace (${config.stage}): background processing`,
    });
    this.reactions = this.background.reactions;
    this.jobs = this.background.jobs;
    this.dispatcher = this.background.dispatcher;
    this.schedules = this.background.schedules;
    this.mailEvents = this.background.mailEvents;

    this.api = new Api(this, 'Api', {
      stageName: config.stage,
      throttling: config.throttling,
      userPool: this.auth.userPool,
      backend: this.backend,
      accessLogGroup: logGroup('ApiAccessLogs'),
      routes: props.routes,
    });
    // Both APIs log through the account-level CloudWatch role the REST API sets up.
    const apiGatewayAccount = this.api.restApi.node.tryFindChild('Account');
    if (apiGatewayAccount) this.webSocket.stage.node.addDependency(apiGatewayAccount);

    web = new Web(this, 'Web', {
      stageName: config.stage,
      restApiId: this.api.restApi.restApiId,
      webSocketApiId: this.webSocket.api.apiId,
      webSocketStageName: this.webSocket.stage.stageName,
      appDomain: config.appDomain,
      accessLogsBucket: accessLogs.bucket,
      removalPolicy,
      logRetention: config.logRetention,
      webDistDir: props.webDistDir,
      runtimeConfig: {
        stage: config.stage,
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        oauthDomain: this.auth.oauthDomain,
      },
    });
    this.web = web;
    if (props.siteWebAclArn) this.web.distribution.attachWebAclId(props.siteWebAclArn);
    this.apiFirewall = new WebAcl(this, 'ApiFirewall', {
      scope: 'REGIONAL',
      name: `questionnaire-${config.stage}-api`,
      rateLimit: config.waf.ipRateLimit,
      logRetention: config.logRetention,
      removalPolicy,
    });
    this.apiFirewall.associate(this.api.restApi.deploymentStage);

    // After the last grant to a handler role (the stream event source adds the reactions role's).
    this.backend.acknowledgeWildcards();
    this.acknowledgeHelperFindings();

    const output = (id: string, value: string, description: string) =>
      new CfnOutput(this, id, { value, description });
    output('AppUrl', this.web.appUrl, 'The SPA, /api and /ws');
    output('DistributionId', this.web.distribution.distributionId, 'CloudFront distribution');
    output('RestApiUrl', this.api.restApi.url, 'REST API stage, direct (prefer AppUrl/api)');
    output('WebSocketUrl', this.webSocket.stage.url, 'WebSocket stage, direct (prefer wss://<app>/ws)');
    output('UserPoolId', this.auth.userPool.userPoolId, 'Cognito user pool');
    output('UserPoolClientId', this.auth.client.userPoolClientId, 'Cognito app client for the SPA');
    output('HostedUiDomain', this.auth.oauthDomain, 'Cognito hosted UI (federated sign-in)');
    output('TableName', this.data.table.tableName, 'DynamoDB table');
    output('UploadsBucketName', this.data.uploadsBucket.bucketName, 'Uploads bucket');
    output('SiteBucketName', this.web.siteBucket.bucketName, 'SPA bucket');
    output('MailFrom', mailFromAddress(config.email.mailFrom), 'SES sender address');
  }

  /**
   * Findings on resources CDK creates for us: the BucketDeployment custom-resource handler (a singleton
   * Lambda with its own role) — its code and permissions are CDK's, not ours.
   */
  private acknowledgeHelperFindings(): void {
    for (const child of this.node.children) {
      if (!child.node.id.startsWith('Custom::CDKBucketDeployment')) continue;
      Validations.of(child).acknowledge(
        {
          id: 'AwsSolutions-L1',
          reason: 'CDK BucketDeployment handler: aws-cdk-lib chooses and upgrades its runtime.',
        },
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason: 'CDK BucketDeployment handler: the basic execution policy only lets it write its own logs.',
        },
      );
      const policy = child.node.tryFindChild('ServiceRole')?.node.tryFindChild('DefaultPolicy') as
        | iam.Policy
        | undefined;
      if (policy) {
        acknowledgeWildcards(policy, [
          {
            finding: /^Action::s3:(GetObject|GetBucket|List|DeleteObject|Abort)\*$/,
            reason:
              'CDK BucketDeployment handler: CDK grants it read on the asset bucket and read/write on the site ' +
              'bucket so it can sync (and prune) the SPA.',
          },
          {
            finding:
              /^Resource::(<\w+\.Arn>|arn:[\w-]+:s3:::cdk-[\w-]+-assets-(\d{12}|<AWS::AccountId>)-[\w-]+)\/\*$/,
            reason:
              'CDK BucketDeployment handler: objects of the CDK asset bucket and of the site bucket only.',
          },
          {
            finding: /^Resource::\*$/,
            reason:
              'CDK BucketDeployment handler: cloudfront:CreateInvalidation/GetInvalidation take no resource ARN here.',
          },
        ]);
      }
    }
  }
}
