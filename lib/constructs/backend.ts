/**
 * The Lambda runtime shared by every handler: one environment (the variables functions/common/config.ts
 * reads) and the same runtime, architecture, memory, tracing and bundling. Each function has its own
 * execution role, granted exactly the FunctionAccess it declares (shared/routes/<group>.ts for route
 * groups, shared/background-functions.ts for the others) plus writing its own logs and X-Ray traces.
 */
import { fileURLToPath } from 'node:url';
import { type CfnElement, Duration, type RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { FunctionAccess } from '../../shared/routes';
import { STREAM_RECORD_PREFIX } from '../../shared/stream-routing';
import { lambdaBundling } from '../bundling';
import { acknowledgeWildcards, exactly, referenceIn, type WildcardReason } from '../nag';
import type { Email } from './email';
import type { WebSocket } from './websocket';

/** Repository root, where package-lock.json, functions/ and shared/ live. */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The handler environment; names match functions/common/config.ts. */
export interface HandlerEnvironment {
  STAGE: string;
  TABLE_NAME: string;
  UPLOADS_BUCKET: string;
  USER_POOL_ID: string;
  USER_POOL_CLIENT_ID: string;
  MAIL_FROM: string;
  APP_URL: string;
  WEBSOCKET_CALLBACK_URL: string;
  /** The domain of reply addresses of comment e-mails. */
  REPLY_DOMAIN: string;
  /** The secret that signs reply addresses (read only by functions that declare replySigning). */
  REPLY_SIGNING_SECRET_ARN: string;
}

/** What a FunctionAccess can name: each key of it is granted on one of these. */
export interface BackendResources {
  table: dynamodb.Table;
  uploadsBucket: s3.IBucket;
  userPool: cognito.IUserPool;
  email: Email;
  webSocket: WebSocket;
  replySigningSecret: secretsmanager.ISecret;
  inboundMailBucket: s3.IBucket;
}

export interface BackendProps {
  environment: HandlerEnvironment;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  resources: BackendResources;
}

export interface HandlerOptions {
  /** Entry file relative to the repository root; it must export `handler`. */
  entry: string;
  description: string;
  /** What the function may do in AWS; its role is granted this and nothing else. */
  access: FunctionAccess;
  /** REST handlers stop at API Gateway's 29 s integration limit. */
  timeout?: Duration;
  /** 1024 MB unless a job needs more (parsing a large file). */
  memorySize?: number;
}

/** One function with the role only it assumes and the access that role was granted. */
export interface Handler {
  function: NodejsFunction;
  role: iam.Role;
  access: FunctionAccess;
}

/** The actions a Lambda needs for active tracing; X-Ray supports no resource-level permissions for them. */
const XRAY_WRITE = ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'];

export class Backend extends Construct {
  readonly handlers: Handler[] = [];
  private readonly props: BackendProps;

  constructor(scope: Construct, id: string, props: BackendProps) {
    super(scope, id);
    this.props = props;
  }

  /** A bundled Node.js handler with the shared settings and its own role, created in `scope`. */
  addHandler(scope: Construct, id: string, options: HandlerOptions): NodejsFunction {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: this.props.logRetention,
      removalPolicy: this.props.removalPolicy,
    });
    // No AWS managed policy: logs are granted on the function's own log group, X-Ray explicitly.
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${options.entry} only`,
    });
    const fn = new NodejsFunction(scope, id, {
      entry: `${PROJECT_ROOT}${options.entry}`,
      handler: 'handler',
      description: options.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: options.memorySize ?? 1024,
      timeout: options.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}package-lock.json`,
      bundling: lambdaBundling,
      environment: { ...this.props.environment, NODE_OPTIONS: '--enable-source-maps' },
      // The secret is read at run time over localhost from the extension, which caches it.
      paramsAndSecrets: options.access.replySigning
        ? lambda.ParamsAndSecretsLayerVersion.fromVersion(lambda.ParamsAndSecretsVersions.V1_0_103)
        : undefined,
    });
    logGroup.grantWrite(role);
    this.grantAccess(role, options.access);
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the project design pins: handlers, the node22 bundling target ' +
        'and the local runner are verified on it; moving to nodejs24.x is a deliberate, tested upgrade.',
    });
    this.handlers.push({ function: fn, role, access: options.access });
    return fn;
  }

  /** Exactly what `access` names, each on its one resource. */
  private grantAccess(role: iam.Role, access: FunctionAccess): void {
    const { table, uploadsBucket, userPool, email, webSocket, replySigningSecret, inboundMailBucket } =
      this.props.resources;
    // Both include the table's indexes (Query on a GSI) and DescribeTable.
    if (access.table === 'read') table.grants.readData(role);
    if (access.table === 'readwrite') table.grants.readWriteData(role);
    if (access.uploads) {
      // Objects only: presigned PUT/GET are signed with these credentials, and `complete` re-checks size
      // and type with HeadObject (s3:GetObject). ListBucket lets HeadObject answer 404 rather than 403.
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions:
            access.uploads === 'read'
              ? ['s3:GetObject']
              : ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
          resources: [uploadsBucket.arnForObjects('*')],
        }),
      );
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({ actions: ['s3:ListBucket'], resources: [uploadsBucket.bucketArn] }),
      );
    }
    if (access.email) email.grantSend(role);
    if (access.userPoolRead) userPool.grant(role, 'cognito-idp:AdminGetUser', 'cognito-idp:ListUsers');
    if (access.connections) webSocket.grantManageConnections(role);
    if (access.replySigning) {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['secretsmanager:GetSecretValue'],
          resources: [replySigningSecret.secretArn],
        }),
      );
    }
    if (access.streamRecords) {
      // Only the oversized stream records' prefix (expired by the bucket's lifecycle rule).
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: [access.streamRecords === 'write' ? 's3:PutObject' : 's3:GetObject'],
          resources: [uploadsBucket.arnForObjects(`${STREAM_RECORD_PREFIX}*`)],
        }),
      );
    }
    if (access.inboundMail) {
      role.addToPrincipalPolicy(
        new iam.PolicyStatement({
          actions: ['s3:GetObject'],
          resources: [inboundMailBucket.arnForObjects('*')],
        }),
      );
    }
  }

  /** SendMessage on the stream consumers' queues, to each handler that declares `streamQueues: 'send'`. */
  grantStreamQueues(queues: sqs.IQueue[]): void {
    for (const handler of this.handlers)
      if (handler.access.streamQueues === 'send')
        for (const queue of queues) queue.grantSendMessages(handler.role);
  }

  /**
   * Acknowledge each role's IAM wildcards with the reason for that very grant. Call it once, after the
   * last grant to any handler role (event sources add theirs when they are bound).
   */
  acknowledgeWildcards(): void {
    const { table, uploadsBucket, inboundMailBucket } = this.props.resources;
    for (const handler of this.handlers) {
      // As the role's template reads the ARN (the background nested stack's through a parameter).
      const arnOf = (resource: Construct) =>
        referenceIn(Stack.of(handler.role), resource.node.defaultChild as CfnElement, 'Arn');
      const policy = handler.role.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
      if (!policy) continue;
      const readsStream = handler.function.node.children.some((c) => c instanceof lambda.EventSourceMapping);
      const reasons: WildcardReason[] = [
        {
          finding: exactly(`Resource::${arnOf(table)}/index/*`),
          reason:
            "Queries on the table's GSIs (named after access patterns) need every index ARN of this one table.",
        },
        {
          finding: exactly(`Resource::${arnOf(uploadsBucket)}/*`),
          reason:
            'Upload keys are namespaced by team and created at run time, so object actions are granted on ' +
            'the keys of the uploads bucket only; team scoping is enforced by the handlers.',
        },
        {
          finding: exactly(`Resource::${arnOf(uploadsBucket)}/${STREAM_RECORD_PREFIX}*`),
          reason:
            'The stream dispatcher keeps an oversized stream record under its own key (named after the record) ' +
            'in the stream-records/ prefix of the uploads bucket, and may write nothing else there.',
        },
        {
          finding: exactly(`Resource::${arnOf(inboundMailBucket)}/*`),
          reason:
            'SES receiving names each stored reply by its message id, so reading replies needs the object keys ' +
            'of the inbound mail bucket (and nothing else of it).',
        },
        {
          finding:
            /^Resource::arn:[\w-]+:execute-api:[\w-]+:(\d{12}|<AWS::AccountId>):<\w+>\/\*\/\*\/@connections\/\*$/,
          reason:
            'Posting to a WebSocket connection needs @connections/<connectionId>, and connection ids are ' +
            'issued at run time; the grant is limited to this one WebSocket API.',
        },
        {
          finding: /^Resource::\*$/,
          reason: readsStream
            ? `X-Ray ${XRAY_WRITE.join('/')} (active tracing) and dynamodb:ListStreams (the table stream ` +
              'event source) support no resource-level permissions.'
            : `X-Ray ${XRAY_WRITE.join('/')} (active tracing) support no resource-level permissions.`,
        },
      ];
      acknowledgeWildcards(policy, reasons);
    }
  }
}
