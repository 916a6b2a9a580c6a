/**
 * Helpers for acknowledging cdk-nag (v3) findings with a reason. cdk-nag 3 reports each wildcard in an
 * IAM policy as its own finding, `AwsSolutions-IAM5[Action::s3:List*]` or `[Resource::<Bucket.Arn>/*]`,
 * and each must be acknowledged individually.
 */
import { CfnElement, Names, Stack, Validations } from 'aws-cdk-lib';
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

/**
 * A reference to an attribute of `target` as `consumer`'s template will hold it, flattened: `<Id.Arn>`
 * in the target's own stack; in a nested stack of the target's stack, CDK passes the value as a
 * parameter named `referenceto<the target's unique id><attribute>` (lib/background-stack.ts), which
 * the template reads with a Ref: `<referencetoQuestionnairedevDataTable2A4BE46EArn>`.
 */
export function referenceIn(consumer: Stack, target: CfnElement, attribute: string): string {
  const producer = Stack.of(target);
  if (producer === consumer) return `<${consumer.resolve(target.logicalId)}.${attribute}>`;
  if (consumer.nestedStackParent === producer) return `<${nestedParameterName(target, attribute)}>`;
  throw new Error(`${consumer.node.path}: no reference rendering for ${target.node.path}`);
}

/** The parameter CDK creates in a nested stack for a parent's `target` attribute (`Ref` for a Ref). */
const nestedParameterName = (target: CfnElement, attribute: string) =>
  `referenceto${Names.nodeUniqueId(target.node)}${attribute}`;

/**
 * A resolved value of `consumer`, with the references to its parent stack's resources as the synthesized
 * nested template holds them (CDK replaces them with parameters when it prepares the app, after the
 * constructs, and so these acknowledgements, are made).
 */
function asSynthesized(consumer: Stack, value: unknown): unknown {
  const parent = consumer.nestedStackParent;
  if (!parent) return value;
  const parentElements = new Map<string, CfnElement>();
  for (const c of parent.node.findAll())
    if (CfnElement.isCfnElement(c) && Stack.of(c) === parent)
      parentElements.set(parent.resolve(c.logicalId), c);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const node = v as Record<string, unknown>;
    const getAtt = node['Fn::GetAtt'] as [string, string] | undefined;
    if (getAtt && parentElements.has(getAtt[0]))
      return { Ref: nestedParameterName(parentElements.get(getAtt[0]) as CfnElement, getAtt[1]) };
    if (typeof node.Ref === 'string' && parentElements.has(node.Ref))
      return { Ref: nestedParameterName(parentElements.get(node.Ref) as CfnElement, 'Ref') };
    return Object.fromEntries(Object.entries(node).map(([k, inner]) => [k, walk(inner)]));
  };
  return walk(value);
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
  const stack = Stack.of(scope);
  const resolved = asSynthesized(stack, stack.resolve(document)) as
    | { Statement?: StatementJson[] }
    | undefined;
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
