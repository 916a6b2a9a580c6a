/**
 * Builds the CDK app for one stage. bin/app.ts calls it for `cdk synth`/`deploy`; tests call it to
 * synthesize in-process.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, CfnResource, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import type { RouteEntry } from '../shared/routes';
import { loadStageConfig, REGION, type StageConfig, type StageConfigInput } from './config/stages';
import { PROJECT_ROOT } from './constructs/backend';
import { MonitoringStack } from './constructs/monitoring';
import { EDGE_REGION, EdgeStack } from './constructs/waf';
import { QuestionnaireStack } from './stack';

export interface BuildAppOptions {
  /** An existing app (bin/app.ts passes the CLI's); otherwise one is created with cdk.json's context. */
  app?: App;
  /** Extra context for a created app, e.g. `{ 'aws:cdk:bundling-stacks': [] }` to skip bundling. */
  context?: Record<string, unknown>;
  /** Cloud assembly directory for a created app (default: a temporary directory). */
  outdir?: string;
  /** Overrides of the stage's configuration (validated like the rest). */
  configOverrides?: Partial<StageConfigInput>;
  /** The built SPA; defaults to web/dist. */
  webDistDir?: string;
  /** Route table override for tests; defaults to shared/routes.ts. */
  routes?: readonly RouteEntry[];
  /** Resources allowed per stack (default STACK_RESOURCE_BUDGET); tests lower it to see synthesis fail. */
  resourceBudget?: number;
  /** Register the cdk-nag AwsSolutions checks (default true). */
  nag?: boolean;
  /**
   * CDK's built-in CloudFormation template validation of a created app (default true; with cdk.json's
   * validateAgainstDefaultRules its errors fail synthesis). Tests that do not check it may skip it.
   */
  cfnValidation?: boolean;
}

export interface BuiltApp {
  app: App;
  config: StageConfig;
  stack: QuestionnaireStack;
  /** The CloudFront web ACL, in us-east-1. */
  edge: EdgeStack;
  /** Alarms, their SNS topic and the dashboard. */
  monitoring: MonitoringStack;
}

export const stackName = (stage: string) => `Questionnaire-${stage}`;
export const edgeStackName = (stage: string) => `Questionnaire-${stage}-Edge`;
export const monitoringStackName = (stage: string) => `Questionnaire-${stage}-Monitoring`;

/** CloudFormation's limit on resources in one stack. */
export const CLOUDFORMATION_RESOURCE_LIMIT = 500;
/** Every stack keeps 40% headroom under that limit (test/cdk/nag.test.ts asserts it for every stage). */
export const STACK_RESOURCE_BUDGET = Math.floor(CLOUDFORMATION_RESOURCE_LIMIT * 0.6);

/**
 * Resources in each stack under `scope` (what each template's Resources will hold). A nested stack
 * (lib/background-stack.ts) is a stack of its own here, as CloudFormation counts it, and its parent
 * counts it as one resource (its AWS::CloudFormation::Stack).
 */
export function stackResourceCounts(scope: IConstruct): Map<Stack, number> {
  const counts = new Map<Stack, number>();
  for (const construct of scope.node.findAll()) {
    if (!CfnResource.isCfnResource(construct)) continue;
    const stack = Stack.of(construct);
    counts.set(stack, (counts.get(stack) ?? 0) + 1);
  }
  return counts;
}

/** A stack's name for reports: a nested stack's is a token until deploy, so its construct path. */
export const stackLabel = (stack: Stack) => (stack.nested ? stack.node.path : stack.stackName);

/** The feature flags and other context in cdk.json, which the CLI passes to bin/app.ts. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(PROJECT_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

export function buildApp(stage: string, options: BuildAppOptions = {}): BuiltApp {
  const config = loadStageConfig(stage, options.configOverrides);
  const app =
    options.app ??
    new App({
      context: { ...cdkJsonContext(), ...options.context },
      outdir: options.outdir,
      builtinCloudFormationValidation: options.cfnValidation ?? true,
    });

  const account = process.env.CDK_DEFAULT_ACCOUNT;
  const removalPolicy = config.removalPolicy === 'retain' ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
  // CloudFront web ACLs exist only in us-east-1; the ARN reaches the site stack as a (weak) cross-region
  // reference, which CloudFormation resolves at deploy time, so synthesis needs no AWS access.
  const edge = new EdgeStack(app, edgeStackName(config.stage), {
    env: { account, region: EDGE_REGION },
    description: `Questionnaire workspace (${config.stage}): CloudFront web ACL`,
    terminationProtection: config.removalPolicy === 'retain',
    stage: config.stage,
    rateLimit: config.waf.ipRateLimit,
    logRetention: config.logRetention,
    removalPolicy,
  });
  const stack = new QuestionnaireStack(app, stackName(config.stage), {
    config,
    env: { account, region: REGION },
    description: `Questionnaire workspace (${config.stage})`,
    terminationProtection: config.removalPolicy === 'retain',
    webDistDir: options.webDistDir ?? join(PROJECT_ROOT, 'web', 'dist'),
    routes: options.routes,
    siteWebAclArn: edge.webAcl.arn,
  });
  // Created after the application stack is complete: it watches every function and queue found in it.
  const monitoring = new MonitoringStack(app, monitoringStackName(config.stage), {
    env: { account, region: REGION },
    description: `Questionnaire workspace (${config.stage}): alarms and dashboard`,
    stage: config.stage,
    alarmEmail: config.alarmEmail,
    monitored: [stack],
    restApi: stack.api.restApi,
    routeGroups: stack.api.handlers,
    table: stack.data.table,
    webSocket: { apiId: stack.webSocket.api.apiId, stageName: stack.webSocket.stage.stageName },
  });

  // `cdk synth` fails here, long before a deploy would meet CloudFormation's limit.
  const budget = options.resourceBudget ?? STACK_RESOURCE_BUDGET;
  app.node.addValidation({
    validate: () =>
      [...stackResourceCounts(app)]
        .filter(([, count]) => count > budget)
        .map(
          ([overgrown, count]) =>
            `Stack ${stackLabel(overgrown)} has ${count} resources, above its budget of ${budget} ` +
            `(CloudFormation's limit is ${CLOUDFORMATION_RESOURCE_LIMIT}): routes must not cost a ` +
            'resource each (lib/constructs/api-plan.ts), or move resources to another stack.',
        ),
  });

  if (options.nag ?? true) {
    // cdk-nag 3 is a policy-validation plugin: it runs after synthesis and fails it on unacknowledged errors.
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { writeSuppressionsToCloudFormation: true }));
  }
  return { app, config, stack, edge, monitoring };
}
