/**
 * Shared by the CDK tests (one file per construct): in-process synthesis of the dev stack, cached per
 * process so a file synthesizes it once however many describe blocks use it, plus cheap variants with
 * bundling skipped and the helpers that read the template. Synthesis is slow on the 2-core machine, so
 * only backend.test.ts bundles the handlers and only nag.test.ts runs the cdk-nag plugin and CDK's
 * CloudFormation template validation (a WebAssembly engine that takes seconds to start) on the dev stack.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import { afterAll } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../lib/app';
import type { QuestionnaireStack } from '../../lib/stack';
import { API_DOCS_ASSETS } from '../../shared/openapi';

export type Properties = Record<string, any>;
export type Resource = {
  Type: string;
  Properties: Properties;
  DependsOn?: string[];
  DeletionPolicy?: string;
  Metadata?: { cdk_nag?: { rules_to_suppress: { id: string; reason: string }[] } };
};
export type Resources = Record<string, Resource>;

export const IN_MEMORY = { '@aws-cdk/core:appMode': 'inmemory' };
export const NO_BUNDLING = { ...IN_MEMORY, 'aws:cdk:bundling-stacks': [] };
export const HANDLER_ENV = [
  'STAGE',
  'TABLE_NAME',
  'UPLOADS_BUCKET',
  'USER_POOL_ID',
  'USER_POOL_CLIENT_ID',
  'MAIL_FROM',
  'APP_URL',
  'WEBSOCKET_CALLBACK_URL',
  'REPLY_DOMAIN',
  'REPLY_SIGNING_SECRET_ARN',
  'NODE_OPTIONS',
];

const tempDirs: string[] = [];
export const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `qw-cdk-${prefix}-`));
  tempDirs.push(dir);
  return dir;
};
// Registered in the importing test file.
afterAll(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  synthCache.clear();
});

/** A stand-in for `web/dist` (as `npm run build:web` leaves it), so tests do not depend on a build. */
export function fakeWebDist(): string {
  const dir = tempDir('web');
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
  const apiDocs = join(dir, API_DOCS_ASSETS.path.slice(1));
  mkdirSync(apiDocs);
  for (const file of [API_DOCS_ASSETS.bundle, API_DOCS_ASSETS.stylesheet, API_DOCS_ASSETS.init])
    writeFileSync(join(apiDocs, file), `/* ${file} */`);
  return dir;
}

export interface Synth {
  app: App;
  stack: QuestionnaireStack;
  /** The application stack's template (the API, data, auth, web). */
  template: Template;
  resources: Resources;
  /**
   * The background nested stack's template (lib/background-stack.ts): the stream dispatcher, the
   * reactions, the stream jobs, the schedules, the mail events and the inboundMail function.
   */
  background: Template;
  backgroundResources: Resources;
  /** Both as one application (`applicationTemplate`): what the tests of the whole app read. */
  appTemplate: TemplateJson;
  appResources: Resources;
  assembly: CloudAssembly;
}

export interface DevSynthOptions {
  /** Bundle the handlers with esbuild (slow; only the bundling assertions need it). */
  bundling?: boolean;
  /**
   * Run the cdk-nag AwsSolutions plugin and CDK's CloudFormation template validation, as `cdk synth`
   * does (synthesis throws on an unacknowledged finding or an invalid template).
   */
  nag?: boolean;
}

const synthCache = new Map<string, Synth>();

/** The dev stack as `cdk synth` builds it, synthesized once per process for each set of options. */
export function synthDev(options: DevSynthOptions = {}): Synth {
  const key = JSON.stringify({ bundling: options.bundling ?? false, nag: options.nag ?? false });
  const cached = synthCache.get(key);
  if (cached) return cached;
  const built = buildApp('dev', {
    outdir: tempDir('dev'),
    webDistDir: fakeWebDist(),
    context: options.bundling ? IN_MEMORY : NO_BUNDLING,
    nag: options.nag ?? false,
    cfnValidation: options.nag ?? false,
  });
  // Synthesizes once; later synth() calls reuse the assembly.
  const template = Template.fromStack(built.stack);
  const background = Template.fromStack(built.stack.background);
  const appTemplate = applicationTemplate(
    template.toJSON() as TemplateJson,
    background.toJSON() as TemplateJson,
  );
  const synth: Synth = {
    app: built.app,
    stack: built.stack,
    template,
    resources: template.toJSON().Resources,
    background,
    backgroundResources: background.toJSON().Resources,
    appTemplate,
    appResources: appTemplate.Resources,
    assembly: built.app.synth(),
  };
  synthCache.set(key, synth);
  return synth;
}

/**
 * A variant with bundling skipped, with cdk-nag on as `cdk synth` has it (unless `nag: false`) and the
 * slow built-in CloudFormation validation off (unless `cfnValidation: true`).
 */
export function synthCheap(stage: string, options: BuildAppOptions = {}) {
  const built = buildApp(stage, {
    outdir: tempDir('cheap'),
    webDistDir: fakeWebDist(),
    cfnValidation: false,
    ...options,
    context: { ...NO_BUNDLING, ...options.context },
  });
  const template = Template.fromStack(built.stack);
  const background = Template.fromStack(built.stack.background);
  return {
    ...built,
    template,
    background,
    appTemplate: applicationTemplate(template.toJSON() as TemplateJson, background.toJSON() as TemplateJson),
  };
}

/**
 * Every AwsSolutions violation cdk-nag left unacknowledged, from the validation report CDK writes into the
 * assembly. cdk-nag 3 counts warnings as failures too; a clean run leaves no AwsSolutions entry at all.
 */
export function nagViolations(assemblyDir: string): { rule: string; severity: string; paths: string[] }[] {
  const report = JSON.parse(readFileSync(join(assemblyDir, 'validation-report.json'), 'utf8')) as {
    pluginReports: {
      pluginName: string;
      violations: {
        ruleName: string;
        severity: string;
        violatingConstructs?: { constructPath: string }[];
      }[];
    }[];
  };
  const plugin = report.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
  return (plugin?.violations ?? []).map((v) => ({
    rule: v.ruleName,
    severity: v.severity,
    paths: (v.violatingConstructs ?? []).map((c) => c.constructPath),
  }));
}

export interface TemplateJson {
  Resources: Resources;
  Outputs?: Record<string, { Value: unknown }>;
}

/**
 * The application stack's resources and its background nested stack's as one map, as CloudFormation
 * wires them: in the nested stack, each parameter is replaced by what the parent passes it
 * (`{ Ref: 'referencetoQuestionnairedevDataTable…Arn' }` reads `{ 'Fn::GetAtt': ['DataTable…', 'Arn'] }`);
 * in the parent, each read of a nested output by the output's value (`{ 'Fn::GetAtt': [<nested stack>,
 * 'Outputs.…HandlerArn'] }` reads `{ 'Fn::GetAtt': ['…Handler…', 'Arn'] }`). So a test of the whole
 * application (every function, every grant, what reads the stream) sees one set of logical ids.
 */
export function applicationResources(parent: TemplateJson, nested: TemplateJson): Resources {
  return applicationTemplate(parent, nested).Resources;
}

/** The same, with the application stack's outputs (what other stacks read) resolved alike. */
export function applicationTemplate(parent: TemplateJson, nested: TemplateJson): TemplateJson {
  const stacks = ofType(parent.Resources, 'AWS::CloudFormation::Stack');
  if (stacks.length !== 1) throw new Error(`expected one nested stack, found ${stacks.length}`);
  const [[stackId, stack]] = stacks;
  const parameters = (stack.Properties.Parameters ?? {}) as Record<string, unknown>;
  const outputs = nested.Outputs ?? {};
  const substitute = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(substitute);
    if (value === null || typeof value !== 'object') return value;
    const node = value as Record<string, unknown>;
    if (typeof node.Ref === 'string' && Object.keys(node).length === 1 && node.Ref in parameters)
      return parameters[node.Ref];
    const getAtt = node['Fn::GetAtt'] as [string, string] | undefined;
    if (getAtt?.[0] === stackId && getAtt[1].startsWith('Outputs.')) {
      const output = outputs[getAtt[1].slice('Outputs.'.length)];
      if (!output) throw new Error(`no output ${getAtt[1]} in the nested stack`);
      return substitute(output.Value);
    }
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, substitute(v)]));
  };
  const all: Resources = {};
  for (const [id, resource] of Object.entries(parent.Resources)) all[id] = substitute(resource) as Resource;
  for (const [id, resource] of Object.entries(nested.Resources)) {
    if (id in all) throw new Error(`logical id ${id} is in both the application stack and its nested stack`);
    all[id] = substitute(resource) as Resource;
  }
  return { Resources: all, Outputs: substitute(parent.Outputs ?? {}) as TemplateJson['Outputs'] };
}

/** Logical id of an API Gateway resource → its full path, rebuilt from PathPart/ParentId. */
export function apiResourcePaths(resources: Resources): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const cached = paths.get(id);
    if (cached) return cached;
    const { PathPart, ParentId } = resources[id].Properties;
    const parent = ParentId.Ref ? pathOf(ParentId.Ref) : '';
    const path = `${parent}/${PathPart}`;
    paths.set(id, path);
    return path;
  };
  for (const [id, r] of Object.entries(resources)) if (r.Type === 'AWS::ApiGateway::Resource') pathOf(id);
  return paths;
}

export interface GatewayMethod {
  id: string;
  /** The resource path, e.g. `/api/team/{proxy+}`. */
  path: string;
  httpMethod: string;
  properties: Properties;
}

/** Every API Gateway method of the template with its resource path. */
export function apiMethods(resources: Resources): GatewayMethod[] {
  const paths = apiResourcePaths(resources);
  return ofType(resources, 'AWS::ApiGateway::Method').map(([id, m]) => ({
    id,
    path: m.Properties.ResourceId.Ref ? (paths.get(m.Properties.ResourceId.Ref) ?? '?') : '/',
    httpMethod: m.Properties.HttpMethod,
    properties: m.Properties,
  }));
}

/**
 * The method API Gateway runs for a request, as it selects one: down the resource tree, a literal
 * segment before a {param} before a `{proxy+}` (which takes the rest of the path, at least one segment),
 * falling back where a branch leads nowhere; on the resource, the request's HTTP method before ANY.
 */
export function gatewayMethodFor(methods: GatewayMethod[], httpMethod: string, path: string) {
  const byPath = new Map<string, GatewayMethod[]>();
  for (const m of methods) byPath.set(m.path, [...(byPath.get(m.path) ?? []), m]);
  const resourcePaths = [...byPath.keys()];
  const children = (parent: string) =>
    new Set(
      resourcePaths
        .filter((p) => p.startsWith(`${parent}/`))
        .map((p) => p.slice(parent.length + 1).split('/')[0]),
    );
  const methodAt = (resource: string) => {
    const candidates = byPath.get(resource) ?? [];
    return (
      candidates.find((m) => m.httpMethod === httpMethod) ?? candidates.find((m) => m.httpMethod === 'ANY')
    );
  };
  const walk = (resource: string, rest: string[]): GatewayMethod | undefined => {
    if (rest.length === 0) return methodAt(resource);
    const next = children(resource);
    const [segment, ...after] = rest;
    if (next.has(segment)) {
      const found = walk(`${resource}/${segment}`, after);
      if (found) return found;
    }
    for (const part of next) {
      if (/^\{\w+\}$/.test(part)) {
        const found = walk(`${resource}/${part}`, after);
        if (found) return found;
      }
    }
    return next.has('{proxy+}') ? methodAt(`${resource}/{proxy+}`) : undefined;
  };
  return walk('', path.split('/').filter(Boolean));
}

/** The function a Lambda proxy integration calls (the Fn::GetAtt inside its URI). */
export function integratedFunction(uri: unknown): string {
  const match = JSON.stringify(uri).match(/"Fn::GetAtt":\["(\w+)","Arn"\]/);
  if (!match) throw new Error(`no function in integration URI ${JSON.stringify(uri)}`);
  return match[1];
}

export const ofType = (resources: Resources, type: string) =>
  Object.entries(resources).filter(([, r]) => r.Type === type) as [string, Resource][];

/** Our handlers (the nodejs22.x functions), not CDK's helper functions. */
export const handlerFunctions = (resources: Resources) =>
  ofType(resources, 'AWS::Lambda::Function').filter(([, r]) => r.Properties.Runtime === 'nodejs22.x');

/** The role a function assumes (logical id). */
export function roleOf(fn: Resource): string {
  const [roleId, attribute] = fn.Properties.Role['Fn::GetAtt'] as [string, string];
  if (attribute !== 'Arn') throw new Error(`unexpected role reference ${JSON.stringify(fn.Properties.Role)}`);
  return roleId;
}

export interface PolicyStatementJson {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: unknown;
}

const asArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** Every statement of every policy attached to a role (AWS::IAM::Policy resources and inline policies). */
export function roleStatements(resources: Resources, roleId: string): PolicyStatementJson[] {
  const attached = ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => asArray(p.Properties.Roles).some((r: { Ref?: string }) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as PolicyStatementJson[]);
  const inline = asArray(resources[roleId].Properties.Policies).flatMap(
    (p: { PolicyDocument: { Statement: PolicyStatementJson[] } }) => p.PolicyDocument.Statement,
  );
  return [...attached, ...inline];
}

export const actionsOf = (statement: PolicyStatementJson) => asArray(statement.Action);
export const resourcesOf = (statement: PolicyStatementJson) => asArray(statement.Resource);

/**
 * The table-stream mapping that invokes the function with this description (the reactions function, or
 * a stream job of shared/background-functions.ts): exactly one per function.
 */
export function mappingOf(resources: Resources, description: string): Resource {
  const functions = handlerFunctions(resources)
    .filter(([, fn]) => fn.Properties.Description === description)
    .map(([id]) => id);
  const mappings = ofType(resources, 'AWS::Lambda::EventSourceMapping').filter(([, m]) =>
    functions.includes(m.Properties.FunctionName.Ref),
  );
  if (functions.length !== 1 || mappings.length !== 1)
    throw new Error(
      `expected one function and one mapping for "${description}", found ${functions.length} and ${mappings.length}`,
    );
  return mappings[0][1];
}
