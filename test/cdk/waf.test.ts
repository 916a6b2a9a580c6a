/**
 * AWS WAF: a REGIONAL web ACL on the REST API stage (in the application stack) and a CLOUDFRONT web ACL
 * in us-east-1 (the edge stack) that the distribution uses, each with AWS's IP-reputation, common and
 * known-bad-inputs rule groups and a rate limit per client IP, the common group's body-size rule
 * counting instead of blocking (the API takes JSON bodies up to MAX_BODY_BYTES), and logs to an
 * `aws-waf-logs-` log group with the stage's retention and the credentials headers redacted.
 */
import type { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { NagRuleCompliance, rules } from 'cdk-nag';
import { beforeAll, describe, expect, it } from 'vitest';
import { edgeStackName, stackName } from '../../lib/app';
import { loadStageConfig } from '../../lib/config/stages';
import {
  COUNT_ONLY_RULES,
  EDGE_REGION,
  EdgeStack,
  MANAGED_RULE_GROUPS,
  RATE_RULE_NAME,
  RATE_WINDOW_SECONDS,
  REDACTED_HEADERS,
} from '../../lib/constructs/waf';
import { MAX_BODY_BYTES } from '../../shared/constants';
import { ofType, type Properties, type Resources, synthDev } from './support';

interface StackTemplate {
  Resources: Resources;
  Outputs?: Record<string, { Value: unknown }>;
}

const config = loadStageConfig('dev');
let app: StackTemplate;
let edge: StackTemplate;
let edgeStack: EdgeStack;
let cdkApp: App;
beforeAll(() => {
  const synth = synthDev();
  cdkApp = synth.app;
  const found = synth.app.node.children.find((c): c is EdgeStack => c instanceof EdgeStack);
  if (!found) throw new Error('no edge stack in the app');
  edgeStack = found;
  app = synth.template.toJSON() as StackTemplate;
  edge = Template.fromStack(edgeStack).toJSON() as StackTemplate;
});

const webAcl = (template: StackTemplate) => {
  const acls = ofType(template.Resources, 'AWS::WAFv2::WebACL');
  expect(acls).toHaveLength(1);
  return acls[0];
};

/** The rules every ACL has: managed groups (with their count-only exceptions) and the rate rule. */
function expectRules(acl: Properties, rateKey: 'IP' | 'FORWARDED_IP') {
  expect(acl.DefaultAction).toEqual({ Allow: {} });
  const rules = acl.Rules as Properties[];
  const managed = rules.filter((r) => r.Statement.ManagedRuleGroupStatement);
  expect(managed.map((r) => r.Statement.ManagedRuleGroupStatement.Name).sort()).toEqual(
    [...MANAGED_RULE_GROUPS].sort(),
  );
  for (const rule of managed) {
    const group = rule.Statement.ManagedRuleGroupStatement;
    expect(group.VendorName).toBe('AWS');
    // The group's own actions apply (block), except the documented count-only rules.
    expect(rule.OverrideAction).toEqual({ None: {} });
    const counted = (group.RuleActionOverrides ?? []).map((o: Properties) => {
      expect(o.ActionToUse).toEqual({ Count: {} });
      return o.Name;
    });
    expect(counted).toEqual((COUNT_ONLY_RULES[group.Name] ?? []).map((r) => r.rule));
  }
  const common = managed.find(
    (r) => r.Statement.ManagedRuleGroupStatement.Name === 'AWSManagedRulesCommonRuleSet',
  );
  expect(common?.Statement.ManagedRuleGroupStatement.RuleActionOverrides).toEqual([
    { Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } },
  ]);

  const rate = rules.find((r) => r.Name === RATE_RULE_NAME);
  expect(rate?.Action).toEqual({ Block: {} });
  expect(rate?.Statement.RateBasedStatement).toMatchObject({
    AggregateKeyType: rateKey,
    Limit: config.waf.ipRateLimit,
    EvaluationWindowSec: RATE_WINDOW_SECONDS,
  });
  // Priorities are unique; every rule publishes metrics and samples.
  expect(new Set(rules.map((r) => r.Priority)).size).toBe(rules.length);
  for (const rule of rules) expect(rule.VisibilityConfig).toMatchObject({ CloudWatchMetricsEnabled: true });
}

/** The ACL's logging: an aws-waf-logs- log group with the stage's retention, credentials redacted. */
function expectLogging(template: StackTemplate, aclId: string, logGroupName: string) {
  const [logGroupId, logGroup] = ofType(template.Resources, 'AWS::Logs::LogGroup').find(
    ([, g]) => g.Properties.LogGroupName === logGroupName,
  ) ?? [undefined, undefined];
  expect(logGroup, logGroupName).toBeDefined();
  expect(logGroup?.Properties.RetentionInDays).toBe(config.logRetention);
  const configs = ofType(template.Resources, 'AWS::WAFv2::LoggingConfiguration');
  expect(configs).toHaveLength(1);
  const [, logging] = configs[0];
  expect(logging.Properties.ResourceArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  const destination = JSON.stringify(logging.Properties.LogDestinationConfigs);
  expect(destination).toContain(':log-group:');
  expect(destination).toContain(`{"Ref":"${logGroupId}"}`);
  // WAF rejects the `:*` suffix CloudWatch Logs ARNs usually carry.
  expect(destination).not.toContain(':*');
  expect(logging.Properties.RedactedFields).toEqual(
    REDACTED_HEADERS.map((Name) => ({ SingleHeader: { Name } })),
  );
}

describe('WAF on the REST API stage', () => {
  it('runs the managed rule groups and a rate rule keyed on the client address CloudFront forwards', () => {
    const [, acl] = webAcl(app);
    expect(acl.Properties.Scope).toBe('REGIONAL');
    expectRules(acl.Properties, 'FORWARDED_IP');
    const rate = (acl.Properties.Rules as Properties[]).find((r) => r.Name === RATE_RULE_NAME);
    expect(rate?.Statement.RateBasedStatement.ForwardedIPConfig).toEqual({
      HeaderName: 'X-Forwarded-For',
      FallbackBehavior: 'NO_MATCH',
    });
  });

  it('is associated with the stage', () => {
    const [aclId] = webAcl(app);
    const [stageId] = ofType(app.Resources, 'AWS::ApiGateway::Stage')[0];
    const [restApiId] = ofType(app.Resources, 'AWS::ApiGateway::RestApi')[0];
    const associations = ofType(app.Resources, 'AWS::WAFv2::WebACLAssociation');
    expect(associations).toHaveLength(1);
    const [, association] = associations[0];
    expect(association.Properties.WebACLArn).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // The stage's ARN, by reference to the API and to the stage (so CloudFormation creates the stage first).
    const arn = JSON.stringify(association.Properties.ResourceArn);
    expect(arn).toContain(':apigateway:');
    expect(arn).toContain(`::/restapis/",{"Ref":"${restApiId}"},"/stages/",{"Ref":"${stageId}"}`);
  });

  it('logs to an aws-waf-logs- group with the stage retention', () => {
    const [aclId] = webAcl(app);
    expectLogging(app, aclId, 'aws-waf-logs-questionnaire-dev-api');
  });

  it('leaves room under the body-size rule for the API’s largest JSON body (the documented exception)', () => {
    // SizeRestrictions_BODY blocks bodies over 8 KB; the API accepts up to MAX_BODY_BYTES.
    expect(MAX_BODY_BYTES).toBeGreaterThan(8 * 1024);
    expect(COUNT_ONLY_RULES.AWSManagedRulesCommonRuleSet[0].why).toMatch(/MAX_BODY_BYTES/);
  });
});

describe('WAF on CloudFront', () => {
  it('lives in us-east-1 with CLOUDFRONT scope, the managed groups and a per-viewer-IP rate rule', () => {
    expect(edgeStack.region).toBe(EDGE_REGION);
    expect(edgeStack.stackName).toBe(edgeStackName('dev'));
    const [, acl] = webAcl(edge);
    expect(acl.Properties.Scope).toBe('CLOUDFRONT');
    expectRules(acl.Properties, 'IP');
  });

  it('logs to an aws-waf-logs- group in us-east-1 with the stage retention', () => {
    const [aclId] = webAcl(edge);
    expectLogging(edge, aclId, 'aws-waf-logs-questionnaire-dev-site');
  });

  it("puts the distribution behind the edge stack's web ACL (a cross-region reference)", () => {
    const [aclId] = webAcl(edge);
    const [, distribution] = ofType(app.Resources, 'AWS::CloudFront::Distribution')[0];
    const reference = distribution.Properties.DistributionConfig.WebACLId as Record<string, Properties>;
    const output = reference['Fn::GetStackOutput'];
    expect(output).toMatchObject({ StackName: edgeStackName('dev'), Region: EDGE_REGION });
    expect(edge.Outputs?.[output.OutputName as string]?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(stackName('dev')).not.toBe(edgeStackName('dev'));
  });
});

describe('WAF and cdk-nag', () => {
  it("satisfies cdk-nag's own WAF checks on the stage (APIG3) and the distribution (CFR2)", () => {
    // The rules themselves, not the pack: acknowledgements (api.ts, web.ts predate the ACLs) do not apply.
    const all = cdkApp.node.findAll();
    const stages = all.filter((c): c is apigw.CfnStage => c instanceof apigw.CfnStage);
    const distributions = all.filter(
      (c): c is cloudfront.CfnDistribution => c instanceof cloudfront.CfnDistribution,
    );
    expect(stages).toHaveLength(1);
    expect(distributions).toHaveLength(1);
    expect(rules.apigw.APIGWAssociatedWithWAF(stages[0])).toBe(NagRuleCompliance.COMPLIANT);
    expect(rules.cloudfront.CloudFrontDistributionWAFIntegration(distributions[0])).toBe(
      NagRuleCompliance.COMPLIANT,
    );
  });
});
