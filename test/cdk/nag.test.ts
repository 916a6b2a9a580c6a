/** cdk-nag: the AwsSolutions pack passes on dev and prod, every acknowledgement has a reason, and it bites. */
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../lib/app';
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

  it('records a reason for every acknowledgement in the template', () => {
    let count = 0;
    for (const [id, r] of Object.entries(synth.resources)) {
      for (const rule of r.Metadata?.cdk_nag?.rules_to_suppress ?? []) {
        count++;
        expect(rule.reason.length, `${id} ${rule.id}`).toBeGreaterThan(40);
      }
    }
    expect(count).toBeGreaterThan(0);
  });

  it('acknowledges IAM wildcards per role, each for a grant that role has', () => {
    const { resources } = synth;
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
      const uploads = acknowledged.some((rule) => /DataUploadsBucket\w+\.Arn>\/\*\]$/.test(rule));
      expect(uploads, `${id} uploads`).toBe(/DataUploadsBucket\w+","Arn"\]\},"\/\*"/.test(document));
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

  it('retains stateful resources in prod and passes cdk-nag there too', () => {
    const { app, template } = synthCheap('prod', { cfnValidation: true });
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
});
