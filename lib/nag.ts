/**
 * Helpers for acknowledging cdk-nag (v3) findings with a reason. cdk-nag 3 reports each wildcard in an
 * IAM policy as its own finding, `AwsSolutions-IAM5[Action::s3:List*]` or `[Resource::<Bucket.Arn>/*]`,
 * and each must be acknowledged individually.
 */
import { Stack, Validations } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type { IConstruct } from 'constructs';

export interface WildcardReason {
  /** Matched against the finding, e.g. `Resource::<Table.Arn>/index/*` or `Action::s3:GetObject*`. */
  finding: RegExp;
  reason: string;
}

/** cdk-nag's rendering of a CloudFormation value: Fn::GetAtt → <Id.Attr>, Ref → <Id>, Fn::Join joined. */
export function flattenReference(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/}/g, '>');
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
    return items.map(flattenReference).join(delimiter);
  }
  if (node['Fn::Sub']) return flattenReference(node['Fn::Sub']);
  if (node['Fn::GetAtt']) {
    const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
    return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
  }
  if (node['Fn::ImportValue']) return flattenReference(node['Fn::ImportValue']);
  if (node.Ref) return `<${flattenReference(node.Ref)}>`;
  return JSON.stringify(value);
}

/** A pattern matching exactly this finding. */
export const exactly = (finding: string) => new RegExp(`^${finding.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

interface StatementJson {
  Effect?: string;
  Action?: string | string[];
  Resource?: unknown;
}

/** The AwsSolutions-IAM5 findings (without the rule id) of a policy document, as cdk-nag computes them. */
export function wildcardFindings(scope: IConstruct, document: iam.PolicyDocument): string[] {
  const resolved = Stack.of(scope).resolve(document) as { Statement?: StatementJson[] } | undefined;
  const findings = new Set<string>();
  for (const statement of resolved?.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of asArray(statement.Action))
      if (action.includes('*')) findings.add(`Action::${action}`);
    for (const resource of asArray(statement.Resource as unknown)) {
      const flat = flattenReference(resource);
      if (flat.includes('*')) findings.add(`Resource::${flat}`);
    }
  }
  return [...findings];
}

/**
 * Acknowledge every wildcard in `policy` with the reason whose pattern matches it. A wildcard that no
 * reason covers is an error, so a new broad grant cannot slip in under an old justification.
 * Call it after the last grant to the policy.
 */
export function acknowledgeWildcards(policy: iam.Policy, reasons: WildcardReason[]): void {
  for (const finding of wildcardFindings(policy, policy.document)) {
    const match = reasons.find((r) => r.finding.test(finding));
    if (!match) {
      throw new Error(`${policy.node.path}: no reason given for IAM wildcard ${finding}`);
    }
    Validations.of(policy).acknowledge({ id: `AwsSolutions-IAM5[${finding}]`, reason: match.reason });
  }
}
