/**
 * cdk-nag and the resource budget: every stage of lib/config/stages.ts synthesises with the AwsSolutions
 * pack clean and every stack within 60% of CloudFormation's resource limit; every acknowledgement has a
 * reason, and the pack bites.
 */
import { type App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildApp,
  CLOUDFORMATION_RESOURCE_LIMIT,
  STACK_RESOURCE_BUDGET,
  stackLabel,
  stackName,
  stackResourceCounts,
} from '../../lib/app';
import { STAGE_NAMES } from '../../lib/config/stages';
import {
  fakeWebDist,
  handlerFunctions,
  NO_BUNDLING,
  nagViolations,
  type Resource,
  roleOf,
  type Synth,
  synthCheap,
  synthDev,
  tempDir,
} from './support';

let synth: Synth;
beforeAll(() => {
  // Synthesis throws on an unacknowledged finding, so this is already most of the test.
  synth = synthDev({ nag: true });
});

describe('cdk-nag', () => {
  it('reports no unacknowledged AwsSolutions findings (errors or warnings)', () => {
    // Synthesis would have thrown on a failure; the report and a direct run of the pack agree.
    expect(nagViolations(synth.assembly.directory)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(synth.app).violations).toEqual([]);
  });

  it('records a reason for every acknowledgement in the templates (the nested stack too)', () => {
    let count = 0;
    let nested = 0;
    for (const [id, r] of [
      ...Object.entries(synth.resources),
      ...Object.entries(synth.backgroundResources).map(([id, r]) => [`Background/${id}`, r] as const),
    ]) {
      for (const rule of r.Metadata?.cdk_nag?.rules_to_suppress ?? []) {
        count++;
        if (id.startsWith('Background/')) nested++;
        expect(rule.reason.length, `${id} ${rule.id}`).toBeGreaterThan(40);
      }
    }
    expect(count).toBeGreaterThan(0);
    expect(nested).toBeGreaterThan(0);
  });

  it.each([
    ['application', () => synth.resources],
    ['background nested', () => synth.backgroundResources],
  ])('acknowledges IAM wildcards per role, each for a grant that role has (%s stack)', (_, resourcesOf) => {
    // Each template as synthesized: the nested stack names the parent's bucket through a parameter
    // (referenceto…DataUploadsBucket…Arn), and its acknowledgements name it so (lib/nag.ts referenceIn).
    const resources = resourcesOf();
    expect(handlerFunctions(resources).length).toBeGreaterThan(5);
    for (const [id, fn] of handlerFunctions(resources)) {
      const role = roleOf(fn);
      const policies = Object.entries(resources).filter(
        ([, p]) => p.Type === 'AWS::IAM::Policy' && (p.Properties.Roles as { Ref: string }[])[0].Ref === role,
      ) as [string, Resource][];
      expect(policies, id).toHaveLength(1);
      const [, policy] = policies[0];
      const acknowledged = (policy.Metadata?.cdk_nag?.rules_to_suppress ?? [])
        .map((r) => r.id)
        .filter((rule) => rule.startsWith('AwsSolutions-IAM5['));
      const document = JSON.stringify(policy.Properties.PolicyDocument);
      // X-Ray (Resource *) for every traced function; the rest only where that role has the grant.
      expect(acknowledged, id).toContain('AwsSolutions-IAM5[Resource::*]');
      const uploads = acknowledged.some((rule) =>
        /<(DataUploadsBucket\w+\.Arn|referenceto\w+DataUploadsBucket\w+Arn)>\/\*\]$/.test(rule),
      );
      expect(uploads, `${id} uploads`).toBe(
        /(DataUploadsBucket\w+","Arn"\]|"Ref":"referenceto\w+DataUploadsBucket\w+Arn")\},"\/\*"/.test(
          document,
        ),
      );
      const connections = acknowledged.some((rule) => rule.includes('@connections'));
      expect(connections, `${id} connections`).toBe(document.includes('execute-api:ManageConnections'));
    }
  });
});

describe('cdk-nag variants (bundling skipped)', () => {
  it('fails synthesis when a resource breaks an AwsSolutions rule', () => {
    const outdir = tempDir('nag');
    const { app, stack } = buildApp('dev', {
      outdir,
      webDistDir: fakeWebDist(),
      context: NO_BUNDLING,
      cfnValidation: false,
      // The careless bucket is about cdk-nag, not the budget (tested below).
      resourceBudget: CLOUDFORMATION_RESOURCE_LIMIT,
    });
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

  it('retains stateful resources in prod', () => {
    const { template } = stageSynth('prod');
    for (const type of ['AWS::DynamoDB::Table', 'AWS::S3::Bucket', 'AWS::Cognito::UserPool']) {
      const all = Object.values(template.findResources(type)) as Resource[];
      expect(all.length, type).toBeGreaterThan(0);
      for (const r of all) expect(r.DeletionPolicy, type).toBe('Retain');
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: true });
    template.hasResourceProperties('AWS::ApiGateway::Stage', { StageName: 'prod' });
    template.resourceCountIs('AWS::Cognito::UserPoolIdentityProvider', 0);
  });
});

/**
 * Every stage of lib/config/stages.ts as `cdk synth -c stage=<name>` builds it (cdk-nag and CDK's
 * template validation on, bundling skipped): nag clean, and every stack within the resource budget.
 */
const stageSynths = new Map<string, { app: App; template: Template; stacks: Stack[] }>();
function stageSynth(stage: string) {
  const cached = stageSynths.get(stage);
  if (cached) return cached;
  const built =
    stage === 'dev'
      ? { app: synth.app, template: synth.template }
      : synthCheap(stage, { cfnValidation: true });
  const result = { ...built, stacks: built.app.node.findAll().filter((c): c is Stack => Stack.isStack(c)) };
  stageSynths.set(stage, result);
  return result;
}

describe.each(STAGE_NAMES)('stage %s', (stage) => {
  it('synthesises with cdk-nag clean', () => {
    const { app } = stageSynth(stage);
    expect(nagViolations(app.synth().directory)).toEqual([]);
    expect(new AwsSolutionsChecks().validateScope(app).violations).toEqual([]);
  });

  it(`keeps every stack within ${STACK_RESOURCE_BUDGET} resources (60% of CloudFormation's ${CLOUDFORMATION_RESOURCE_LIMIT})`, () => {
    const { stacks } = stageSynth(stage);
    expect(stacks.length).toBeGreaterThan(0);
    // The background nested stack is a stack of its own (CloudFormation's limit applies to it alone)...
    expect(stacks.filter((stack) => stack.nested).map(stackLabel)).toEqual([
      `${stackName(stage)}/Background`,
    ]);
    const counts = Object.fromEntries(
      stacks.map((stack) => [
        stackLabel(stack),
        Object.keys(Template.fromStack(stack).toJSON().Resources).length,
      ]),
    );
    console.log(`resource budget ${stage}: ${JSON.stringify(counts)} (budget ${STACK_RESOURCE_BUDGET})`);
    for (const [name, count] of Object.entries(counts))
      expect(count, name).toBeLessThanOrEqual(STACK_RESOURCE_BUDGET);
    // ...and one resource of its parent's.
    const parent = stacks.find((stack) => stack.stackName === stackName(stage)) as Stack;
    const nestedInParent = Template.fromStack(parent).findResources('AWS::CloudFormation::Stack');
    expect(Object.keys(nestedInParent)).toHaveLength(1);
    // The check synthesis itself makes counts the same resources as the templates hold.
    const { app } = stageSynth(stage);
    expect(
      Object.fromEntries([...stackResourceCounts(app)].map(([stack, n]) => [stackLabel(stack), n])),
    ).toEqual(counts);
  });
});

describe('resource budget', () => {
  it('fails synthesis when a stack outgrows its budget', () => {
    // Prepare: the dev app with a budget below what it holds.
    // Act and Assess
    expect(() => synthCheap('dev', { nag: false, resourceBudget: 100 })).toThrow(
      /Stack Questionnaire-dev has \d+ resources, above its budget of 100/,
    );
  });

  it('counts the background nested stack on its own, and fails synthesis when it outgrows its budget', () => {
    // Prepare: a budget below the nested stack's count.
    // Act and Assess: it is named by its path (its stack name is only known at deploy).
    expect(() => synthCheap('dev', { nag: false, resourceBudget: 40 })).toThrow(
      /Stack Questionnaire-dev\/Background has \d+ resources, above its budget of 40/,
    );
  });
});
