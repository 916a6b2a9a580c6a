/**
 * AWS WAF: one web ACL on the REST API stage (REGIONAL, in this stack's region) and one on the
 * CloudFront distribution (CLOUDFRONT scope, which AWS only accepts in us-east-1, so it lives in the small
 * EdgeStack below and its ARN reaches the site stack as a cross-region reference). Both run the same
 * rules — AWS's IP-reputation, common and known-bad-inputs managed groups and a rate limit per client IP —
 * and log to a CloudWatch log group named `aws-waf-logs-…` (the prefix WAF requires) in their own region.
 */
import { ArnFormat, type RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** The AWS managed rule groups every web ACL runs, in priority order (after the rate rule, see RULE_ORDER). */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesAmazonIpReputationList',
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * Rules of a managed group that only count (and log) instead of blocking, each with why. These are the
 * exceptions where a rule would block legitimate traffic.
 */
export const COUNT_ONLY_RULES: Record<string, { rule: string; why: string }[]> = {
  AWSManagedRulesCommonRuleSet: [
    {
      rule: 'SizeRestrictions_BODY',
      why:
        'It blocks request bodies over 8 KB, but the API accepts JSON bodies up to MAX_BODY_BYTES (1 MiB, ' +
        'shared/constants.ts; the handlers answer 413 above it): saving a long answer, a bulk answer update, ' +
        'a library import check or a questionnaire with many questions are legitimate large bodies. Files ' +
        'themselves never pass through WAF: they go straight to S3 with presigned POST/PUT.',
    },
  ],
};

/**
 * Headers never written to the WAF logs: the Cognito ID token (Authorization) and an integrator's API key
 * (client_secret, see shared/openapi.ts).
 */
export const REDACTED_HEADERS = ['authorization', 'client_secret'] as const;

/** Requests per client IP in any 5-minute window above which WAF blocks that IP (see RATE_WINDOW_SECONDS). */
export const RATE_WINDOW_SECONDS = 300;

export const RATE_RULE_NAME = 'RateLimitPerClientIp';

export interface WebAclProps {
  /** REGIONAL for the REST API stage, CLOUDFRONT for the distribution (must be created in us-east-1). */
  scope: 'REGIONAL' | 'CLOUDFRONT';
  /** Name of the ACL, its metrics and (after `aws-waf-logs-`) its log group, e.g. `questionnaire-dev-api`. */
  name: string;
  /** Requests per client IP per 5 minutes. */
  rateLimit: number;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

const visibility = (metricName: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);

    // Behind CloudFront the REST API sees CloudFront's edge servers as the source of every request, so a
    // per-IP count there would throttle whole edges (many users at once). The regional ACL therefore keys
    // the rate rule on the client address CloudFront puts in X-Forwarded-For; requests without it (direct
    // calls to execute-api, bypassing the site) are not counted by this rule but still meet the stage's
    // throttling. The authoritative per-viewer limit is the CloudFront ACL's, which sees the viewer's IP.
    const rateStatement: wafv2.CfnWebACL.RateBasedStatementProperty =
      props.scope === 'CLOUDFRONT'
        ? { aggregateKeyType: 'IP', limit: props.rateLimit, evaluationWindowSec: RATE_WINDOW_SECONDS }
        : {
            aggregateKeyType: 'FORWARDED_IP',
            forwardedIpConfig: { headerName: 'X-Forwarded-For', fallbackBehavior: 'NO_MATCH' },
            limit: props.rateLimit,
            evaluationWindowSec: RATE_WINDOW_SECONDS,
          };

    const rules: wafv2.CfnWebACL.RuleProperty[] = [
      {
        // Known-bad addresses first, then the rate limit, then the (costlier) request inspections.
        name: `AWS-${MANAGED_RULE_GROUPS[0]}`,
        priority: 0,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name: MANAGED_RULE_GROUPS[0] } },
        visibilityConfig: visibility(`${props.name}-ip-reputation`),
      },
      {
        name: RATE_RULE_NAME,
        priority: 1,
        action: { block: {} },
        statement: { rateBasedStatement: rateStatement },
        visibilityConfig: visibility(`${props.name}-rate`),
      },
      ...MANAGED_RULE_GROUPS.slice(1).map(
        (group, i): wafv2.CfnWebACL.RuleProperty => ({
          name: `AWS-${group}`,
          priority: 2 + i,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: group,
              ruleActionOverrides: (COUNT_ONLY_RULES[group] ?? []).map(({ rule }) => ({
                name: rule,
                actionToUse: { count: {} },
              })),
            },
          },
          visibilityConfig: visibility(`${props.name}-${group}`),
        }),
      ),
    ];

    this.acl = new wafv2.CfnWebACL(this, 'WebAcl', {
      name: props.name,
      // WAF descriptions allow no parentheses.
      description: `Questionnaire workspace - ${props.scope === 'CLOUDFRONT' ? 'CloudFront site' : 'REST API'}`,
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility(props.name),
      rules,
    });

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      // WAF only logs to log groups whose name starts with aws-waf-logs-.
      logGroupName: `aws-waf-logs-${props.name}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    // WAF adds the log group resource policy for delivery.logs.amazonaws.com itself when logging is set up.
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      // The log group's ARN without the `:*` suffix logGroupArn carries, which WAF rejects.
      logDestinationConfigs: [
        Stack.of(this).formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: this.logGroup.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: REDACTED_HEADERS.map((name) => ({ singleHeader: { Name: name } })),
    });
    logging.node.addDependency(this.logGroup);
  }

  get arn(): string {
    return this.acl.attrArn;
  }

  /** Put a REST API stage behind this (REGIONAL) ACL. */
  associate(stage: apigw.Stage): wafv2.CfnWebACLAssociation {
    // The stage's ARN refers to the stage resource, so the association is created after it.
    return new wafv2.CfnWebACLAssociation(this, 'Association', {
      resourceArn: stage.stageArn,
      webAclArn: this.acl.attrArn,
    });
  }
}

/** CloudFront web ACLs must be created in us-east-1. */
export const EDGE_REGION = 'us-east-1';

export interface EdgeStackProps extends StackProps {
  stage: string;
  rateLimit: number;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** The CloudFront distribution's web ACL and its logs, in us-east-1. */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    this.webAcl = new WebAcl(this, 'SiteFirewall', {
      scope: 'CLOUDFRONT',
      name: `questionnaire-${props.stage}-site`,
      rateLimit: props.rateLimit,
      logRetention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
  }
}
