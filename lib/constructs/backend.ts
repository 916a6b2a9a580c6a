/**
 * The Lambda runtime shared by every handler: one execution role, one environment (the variables
 * functions/common/config.ts reads) and the same runtime, architecture, memory, tracing and bundling.
 */
import { fileURLToPath } from 'node:url';
import { Duration, type RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { lambdaBundling } from '../bundling';

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
}

export interface BackendProps {
  environment: HandlerEnvironment;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

export interface HandlerOptions {
  /** Entry file relative to the repository root; it must export `handler`. */
  entry: string;
  description: string;
  /** REST handlers stop at API Gateway's 29 s integration limit. */
  timeout?: Duration;
}

export class Backend extends Construct {
  /** The execution role every handler assumes; grant to this once for all functions. */
  readonly role: iam.Role;
  readonly functions: NodejsFunction[] = [];
  private readonly props: BackendProps;

  constructor(scope: Construct, id: string, props: BackendProps) {
    super(scope, id);
    this.props = props;
    // No AWS managed policy: log permissions are granted on each function's own log group below.
    this.role = new iam.Role(this, 'HandlerRole', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: 'Execution role shared by the API and WebSocket handlers',
    });
  }

  /** A bundled Node.js handler with the shared settings, created in `scope`. */
  addHandler(scope: Construct, id: string, options: HandlerOptions): NodejsFunction {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: this.props.logRetention,
      removalPolicy: this.props.removalPolicy,
    });
    const fn = new NodejsFunction(scope, id, {
      entry: `${PROJECT_ROOT}${options.entry}`,
      handler: 'handler',
      description: options.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: 1024,
      timeout: options.timeout ?? Duration.seconds(29),
      tracing: lambda.Tracing.ACTIVE,
      role: this.role,
      logGroup,
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: `${PROJECT_ROOT}package-lock.json`,
      bundling: lambdaBundling,
      environment: { ...this.props.environment, NODE_OPTIONS: '--enable-source-maps' },
    });
    logGroup.grantWrite(this.role);
    Validations.of(fn).acknowledge({
      id: 'AwsSolutions-L1',
      reason:
        'nodejs22.x is the runtime the project design pins: handlers, the node22 bundling target ' +
        'and the local runner are verified on it; moving to nodejs24.x is a deliberate, tested upgrade.',
    });
    this.functions.push(fn);
    return fn;
  }
}
