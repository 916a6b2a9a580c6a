/**
 * Backend: the handlers' shared runtime settings and bundling (the one synthesis with real esbuild
 * bundling), and least privilege: each function has its own role, granted exactly its declared access.
 */

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_DATA_FILES, CREATE_REQUIRE_BANNER, esbuildOptions, lambdaBundling } from '../../lib/bundling';
import { DISPATCHER_STREAM } from '../../lib/constructs/stream-dispatcher';
import { BACKGROUND_FUNCTIONS } from '../../shared/background-functions';
import { API_DOCS_ASSETS } from '../../shared/openapi';
import {
  type FunctionAccess,
  fillPath,
  GROUP_ACCESS,
  pathParams,
  ROUTE_GROUPS,
  routeList,
} from '../../shared/routes';
import {
  actionsOf,
  apiMethods,
  gatewayMethodFor,
  HANDLER_ENV,
  handlerFunctions,
  integratedFunction,
  mappingOf,
  ofType,
  type PolicyStatementJson,
  type Resources,
  resourcesOf,
  roleOf,
  roleStatements,
  type Synth,
  synthDev,
} from './support';

let synth: Synth;
let resources: Resources;
beforeAll(() => {
  synth = synthDev({ bundling: true });
  // The application's: its stack and the background nested stack as one (support.ts applicationResources).
  resources = synth.appResources;
});

/** Every Lambda bundle (index.mjs) stays under 1 MB (issue 26). */
const BUNDLE_LIMIT_BYTES = 1_000_000;

/** Bundles larger than this are suspicious for the meta function (it must not carry the renderer). */
const META_BUNDLE_LIMIT_BYTES = 1_500_000;

describe('Lambda', () => {
  it('has exactly one function per route group plus the WebSocket and reactions functions', () => {
    const handlers = handlerFunctions(resources);
    expect(handlers).toHaveLength(ROUTE_GROUPS.length + Object.keys(BACKGROUND_FUNCTIONS).length);
    // CDK's own helpers (BucketDeployment, the bucket-notification handler) are not among them.
    const helpers = ofType(resources, 'AWS::Lambda::Function').filter(
      ([id]) => !handlers.some(([h]) => h === id),
    );
    expect(helpers.every(([id]) => /^(CustomCDKBucketDeployment|BucketNotificationsHandler)/.test(id))).toBe(
      true,
    );
  });

  it('gives every handler the shared runtime settings and the full environment', () => {
    const jobs = streamJobFunctions(resources);
    for (const [id, fn] of handlerFunctions(resources)) {
      expect(fn.Properties, id).toMatchObject({
        Handler: 'index.handler',
        Architectures: ['arm64'],
        MemorySize: jobs.get(id)?.memoryMb ?? 1024,
        TracingConfig: { Mode: 'Active' },
      });
      // REST handlers stop at API Gateway's 29 s; the stream consumer (reactions.test.ts) and the mail
      // events (mail-events.test.ts) have longer, and each stream job its declared time (stream-jobs.test.ts).
      if (jobs.has(id)) expect(fn.Properties.Timeout, id).toBe(jobs.get(id)?.timeoutSeconds);
      else if (!/^(Reactions|MailEvents)/.test(id)) expect(fn.Properties.Timeout, id).toBe(29);
      // Functions with the Parameters and Secrets extension (replySigning) also get its settings.
      const own = Object.keys(fn.Properties.Environment.Variables).filter(
        (name) => !/^(PARAMETERS_SECRETS_|SECRETS_MANAGER_|SSM_PARAMETER_STORE_)/.test(name),
      );
      // The stream dispatcher also has its consumers' queue URLs.
      const extra = id.startsWith('StreamDispatcher') ? ['STREAM_QUEUE_URLS'] : [];
      expect(own.sort(), id).toEqual([...HANDLER_ENV, ...extra].sort());
      expect(fn.Properties.Environment.Variables).toMatchObject({
        STAGE: 'dev',
        NODE_OPTIONS: '--enable-source-maps',
      });
    }
  });

  it('bundles each handler as minified ESM with the createRequire banner and the SDK inside', () => {
    for (const [id, fn] of handlerFunctions(resources)) {
      const asset = join(synth.assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
      const files = readdirSync(asset);
      // The data files a handler reads beside its bundle (the search vocabulary) are shipped with it.
      const data = BUNDLE_DATA_FILES.map((file) => basename(file));
      expect(files.sort(), id).toEqual(['index.mjs', 'index.mjs.map', ...data].sort());
      const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
      expect(code.startsWith(CREATE_REQUIRE_BANNER), id).toBe(true);
      expect(code, id).not.toMatch(/from\s*["']@aws-sdk\//);
    }
  });

  it('keeps every bundle under 1 MB', () => {
    for (const [id, fn] of handlerFunctions(resources)) {
      const description = String(resources[roleOf(fn)].Properties.Description);
      const entry = /^Execution role of (\S+) only$/.exec(description)?.[1];
      expect(entry, id).toBeDefined();
      const asset = join(synth.assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
      const size = statSync(join(asset, 'index.mjs')).size;
      expect(size, `${entry} (${id})`).toBeLessThan(BUNDLE_LIMIT_BYTES);
    }
  });

  it('keeps zod out of the background functions that validate no request (its schemas cost every cold start)', () => {
    const zodFree = new Set<string>(
      [
        'streamDispatcher',
        'reactions',
        'inboundMail',
        'libraryFileReader',
        'libraryHealth',
        'mailEvents',
        'libraryReviewDue',
        'libraryReviewDigest',
      ].map((name) => BACKGROUND_FUNCTIONS[name as keyof typeof BACKGROUND_FUNCTIONS].entry),
    );
    let checked = 0;
    for (const [id, fn] of handlerFunctions(resources)) {
      const description = String(resources[roleOf(fn)].Properties.Description);
      const entry = /^Execution role of (\S+) only$/.exec(description)?.[1] ?? '';
      if (!zodFree.has(entry)) continue;
      const asset = join(synth.assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
      const { sources } = JSON.parse(readFileSync(join(asset, 'index.mjs.map'), 'utf8')) as {
        sources: string[];
      };
      expect(
        sources.filter((source) => source.includes('node_modules/zod/')),
        `${entry} (${id})`,
      ).toEqual([]);
      checked++;
    }
    expect(checked).toBe(zodFree.size);
  });

  it('keeps the API reference renderer out of the meta bundle (the site serves it)', () => {
    const meta = integratedFunctionOf(resources, 'meta');
    const asset = join(
      synth.assembly.directory,
      `asset.${resources[meta].Properties.Code.S3Key.replace(/\.zip$/, '')}`,
    );
    const code = readFileSync(join(asset, 'index.mjs'), 'utf8');
    // (Booleans, so a failure does not print a megabyte of minified code.)
    expect(code.includes('SwaggerUIBundle'), 'renderer in the meta bundle').toBe(false);
    expect(code.includes(API_DOCS_ASSETS.path), 'page points at the site assets').toBe(true);
    expect(statSync(join(asset, 'index.mjs')).size).toBeLessThan(META_BUNDLE_LIMIT_BYTES);
  });

  it('derives the NodejsFunction bundling from the plain esbuild options', () => {
    expect(esbuildOptions).toMatchObject({
      format: 'esm',
      platform: 'node',
      target: 'node22',
      minify: true,
      sourcemap: true,
      external: [],
    });
    expect(lambdaBundling).toMatchObject({
      format: 'esm',
      target: 'node22',
      minify: true,
      sourceMap: true,
      mainFields: ['module', 'main'],
      banner: CREATE_REQUIRE_BANNER,
      externalModules: [],
      forceDockerBundling: false,
    });
  });
});

// ---------------------------------------------------------------------------------------------------
// Least privilege
// ---------------------------------------------------------------------------------------------------

/** What every function may do whatever it declares: write its own logs and its X-Ray traces. */
const BASELINE = [
  'logs:CreateLogStream',
  'logs:PutLogEvents',
  'xray:PutTraceSegments',
  'xray:PutTelemetryRecords',
];

const TABLE_READ = [
  'dynamodb:BatchGetItem',
  'dynamodb:GetItem',
  'dynamodb:Query',
  'dynamodb:Scan',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
  // Part of CDK's read grant on the table ARN; they act on streams only, which a table ARN is not.
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

type AccessKey = keyof FunctionAccess;
type AccessValue<K extends AccessKey> = `${NonNullable<FunctionAccess[K]>}`;

/**
 * Access key → the action patterns (`*` matches within an action name) each value allows. A role action
 * outside BASELINE and the patterns of the function's declaration fails the test.
 */
const ALLOWED: { [K in AccessKey]-?: Record<AccessValue<K>, string[]> } = {
  table: { read: TABLE_READ, readwrite: [...TABLE_READ, ...TABLE_WRITE] },
  uploads: {
    read: ['s3:GetObject', 's3:ListBucket'],
    readwrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket'],
  },
  email: { true: ['ses:SendEmail', 'ses:SendRawEmail'], false: [] },
  userPoolRead: { true: ['cognito-idp:AdminGetUser', 'cognito-idp:ListUsers'], false: [] },
  connections: { true: ['execute-api:ManageConnections'], false: [] },
  replySigning: { true: ['secretsmanager:GetSecretValue'], false: [] },
  inboundMail: { read: ['s3:GetObject'] },
  streamQueues: { send: ['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'] },
  streamRecords: { write: ['s3:PutObject'], read: ['s3:GetObject'] },
};

/** What a declared access must at least be granted (the other direction). */
const REQUIRED: { [K in AccessKey]-?: Partial<Record<AccessValue<K>, string[]>> } = {
  table: { read: ['dynamodb:GetItem', 'dynamodb:Query'], readwrite: ['dynamodb:PutItem', 'dynamodb:Query'] },
  uploads: { read: ['s3:GetObject'], readwrite: ['s3:PutObject', 's3:DeleteObject'] },
  email: { true: ['ses:SendEmail'] },
  userPoolRead: { true: ['cognito-idp:AdminGetUser'] },
  connections: { true: ['execute-api:ManageConnections'] },
  replySigning: { true: ['secretsmanager:GetSecretValue'] },
  inboundMail: { read: ['s3:GetObject'] },
  streamQueues: { send: ['sqs:SendMessage'] },
  streamRecords: { write: ['s3:PutObject'], read: ['s3:GetObject'] },
};

/**
 * A function with an event source: the dispatcher reads the stream and writes failures to its queue;
 * a consumer receives from and deletes on its own queue.
 */
const EVENT_SOURCE = [
  'sqs:ReceiveMessage',
  'sqs:ChangeMessageVisibility',
  'sqs:DeleteMessage',
  'dynamodb:DescribeStream',
  'dynamodb:GetRecords',
  'dynamodb:GetShardIterator',
  'dynamodb:ListStreams',
  'sqs:SendMessage',
  'sqs:GetQueueAttributes',
  'sqs:GetQueueUrl',
];

/** Which resource (by logical-id prefix, or `*`) each service's actions may name. */
const RESOURCE_OF: Record<string, RegExp> = {
  dynamodb: /"DataTable\w+"/,
  s3: /"(DataUploadsBucket|RepliesInboundBucket)\w+"/,
  secretsmanager: /"RepliesSigningSecret\w+"/,
  ses: /"Email(Identity|ConfigurationSet)\w+"/,
  'cognito-idp': /"AuthUserPool\w+"/,
  'execute-api': /"WebSocketApi\w+"/,
  sqs: /"(StreamDispatcherFailedRecords|ReactionsChanges|Jobs\w+Queue|MailEventsFailedEvents)\w+"/,
};

const matches = (pattern: string, action: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^:]*')}$`).test(action);

function allowedFor(access: FunctionAccess, hasEventSource: boolean): string[] {
  const allowed = [...BASELINE, ...(hasEventSource ? EVENT_SOURCE : [])];
  for (const key of Object.keys(ALLOWED) as AccessKey[]) {
    const value = access[key];
    if (value === undefined) continue;
    allowed.push(...((ALLOWED[key] as Record<string, string[]>)[String(value)] ?? []));
  }
  return allowed;
}

function requiredFor(access: FunctionAccess): string[] {
  return (Object.keys(REQUIRED) as AccessKey[]).flatMap((key) =>
    access[key] === undefined ? [] : ((REQUIRED[key] as Record<string, string[]>)[String(access[key])] ?? []),
  );
}

/** The stream jobs' functions (logical id → the job they declare). */
function streamJobFunctions(resources: Resources) {
  const jobs = new Map<string, { memoryMb: number; timeoutSeconds: number }>();
  for (const fn of Object.values(BACKGROUND_FUNCTIONS))
    if ('job' in fn) jobs.set(mappingOf(resources, fn.description).Properties.FunctionName.Ref, fn.job);
  // The dispatcher: its declared memory and time.
  jobs.set(
    mappingOf(resources, BACKGROUND_FUNCTIONS.streamDispatcher.description).Properties.FunctionName.Ref,
    {
      memoryMb: DISPATCHER_STREAM.memoryMb,
      timeoutSeconds: DISPATCHER_STREAM.timeout.toSeconds(),
    },
  );
  // Scheduled functions keep the default memory and their declared time (schedules.test.ts).
  for (const fn of Object.values(BACKGROUND_FUNCTIONS)) {
    if (!('schedule' in fn)) continue;
    const [id] = handlerFunctions(resources).find(([, f]) => f.Properties.Description === fn.description)!;
    jobs.set(id, { memoryMb: 1024, timeoutSeconds: fn.schedule.timeoutSeconds });
  }
  return jobs;
}

/** The function each route group's routes are integrated with (one per group, see api.test.ts). */
function integratedFunctionOf(resources: Resources, group: string): string {
  const route = routeList.find((r) => r.group === group)!;
  const path = fillPath(route.path, Object.fromEntries(pathParams(route.path).map((name) => [name, 'x1'])));
  const method = gatewayMethodFor(apiMethods(resources), route.method, path)!;
  return integratedFunction(method.properties.Integration.Uri);
}

interface DeclaredFunction {
  name: string;
  functionId: string;
  access: FunctionAccess;
}

/** The function the inbound mail bucket's ObjectCreated notification invokes. */
function inboundMailFunction(resources: Resources): string {
  const [[, notifications]] = ofType(resources, 'Custom::S3BucketNotifications');
  const [config] = notifications.Properties.NotificationConfiguration.LambdaFunctionConfigurations;
  return config.LambdaFunctionArn['Fn::GetAtt'][0];
}

/** Every function with the access its declaration names, found from what invokes it in the template. */
function declaredFunctions(resources: Resources): DeclaredFunction[] {
  const rest = ROUTE_GROUPS.map((group) => ({
    name: `route group ${group}`,
    functionId: integratedFunctionOf(resources, group),
    access: GROUP_ACCESS[group],
  }));
  const [[, wsIntegration]] = ofType(resources, 'AWS::ApiGatewayV2::Integration');
  const mapping = mappingOf(resources, BACKGROUND_FUNCTIONS.reactions.description);
  const jobs = Object.entries(BACKGROUND_FUNCTIONS)
    .filter(([, fn]) => 'job' in fn)
    .map(([name, fn]) => ({
      name,
      functionId: mappingOf(resources, fn.description).Properties.FunctionName.Ref as string,
      access: fn.access as FunctionAccess,
    }));
  // Scheduled functions: the target of their EventBridge rule (schedules.test.ts).
  const targets = ofType(resources, 'AWS::Events::Rule').flatMap(([, rule]) =>
    (rule.Properties.Targets as Array<{ Arn: { 'Fn::GetAtt': string[] } }>).map(
      (t) => t.Arn['Fn::GetAtt'][0],
    ),
  );
  const scheduled = Object.entries(BACKGROUND_FUNCTIONS)
    .filter(([, fn]) => 'schedule' in fn)
    .map(([name, fn]) => ({
      name,
      functionId: targets.find((id) => resources[id].Properties.Description === fn.description) as string,
      access: fn.access as FunctionAccess,
    }));
  return [
    ...jobs,
    ...scheduled,
    ...rest,
    {
      name: 'websocket',
      functionId: integratedFunction(wsIntegration.Properties.IntegrationUri),
      access: BACKGROUND_FUNCTIONS.websocket.access,
    },
    {
      name: 'reactions',
      functionId: mapping.Properties.FunctionName.Ref,
      access: BACKGROUND_FUNCTIONS.reactions.access,
    },
    {
      name: 'streamDispatcher',
      functionId: mappingOf(resources, BACKGROUND_FUNCTIONS.streamDispatcher.description).Properties
        .FunctionName.Ref as string,
      access: BACKGROUND_FUNCTIONS.streamDispatcher.access as FunctionAccess,
    },
    {
      name: 'inboundMail',
      functionId: inboundMailFunction(resources),
      access: BACKGROUND_FUNCTIONS.inboundMail.access,
    },
    {
      // The target of the configuration set's events rule (mail-events.test.ts).
      name: 'mailEvents',
      functionId: targets.find(
        (id) => resources[id].Properties.Description === BACKGROUND_FUNCTIONS.mailEvents.description,
      ) as string,
      access: BACKGROUND_FUNCTIONS.mailEvents.access,
    },
  ];
}

function statementsOf(fn: DeclaredFunction): PolicyStatementJson[] {
  return roleStatements(resources, roleOf(resources[fn.functionId]));
}
const actionsOfFunction = (fn: DeclaredFunction) => statementsOf(fn).flatMap(actionsOf);
/** Reads an event source, or is invoked asynchronously with an on-failure destination (the mail events). */
const hasEventSource = (functionId: string) =>
  ofType(resources, 'AWS::Lambda::EventSourceMapping').some(
    ([, m]) => m.Properties.FunctionName.Ref === functionId,
  ) ||
  ofType(resources, 'AWS::Lambda::EventInvokeConfig').some(
    ([, c]) => c.Properties.FunctionName.Ref === functionId && c.Properties.DestinationConfig?.OnFailure,
  );

describe('least privilege', () => {
  it('declares every handler: one per route group, the WebSocket and the reactions function', () => {
    const declared = declaredFunctions(resources).map((f) => f.functionId);
    expect(new Set(declared).size).toBe(declared.length);
    expect(declared.sort()).toEqual(
      handlerFunctions(resources)
        .map(([id]) => id)
        .sort(),
    );
  });

  it('gives each function a role of its own that only Lambda assumes, with no managed policies', () => {
    const roles = declaredFunctions(resources).map((f) => roleOf(resources[f.functionId]));
    expect(new Set(roles).size).toBe(roles.length);
    for (const role of roles) {
      expect(resources[role].Type, role).toBe('AWS::IAM::Role');
      expect(resources[role].Properties.ManagedPolicyArns, role).toBeUndefined();
      expect(resources[role].Properties.AssumeRolePolicyDocument.Statement, role).toEqual([
        { Action: 'sts:AssumeRole', Effect: 'Allow', Principal: { Service: 'lambda.amazonaws.com' } },
      ]);
    }
    // No role is shared with anything else that has a policy.
    for (const [id, policy] of ofType(resources, 'AWS::IAM::Policy')) {
      const attached = (policy.Properties.Roles as { Ref: string }[]).map((r) => r.Ref);
      if (attached.some((r) => roles.includes(r))) expect(attached, id).toHaveLength(1);
    }
  });

  it('grants no action that the declared access (plus logs and X-Ray) does not imply', () => {
    for (const fn of declaredFunctions(resources)) {
      const allowed = allowedFor(fn.access, hasEventSource(fn.functionId));
      const excess = actionsOfFunction(fn).filter((action) => !allowed.some((p) => matches(p, action)));
      expect(
        excess,
        `${fn.name} holds actions its access ${JSON.stringify(fn.access)} does not name`,
      ).toEqual([]);
      for (const statement of statementsOf(fn)) expect(statement.Effect, fn.name).toBe('Allow');
    }
  });

  it('grants what each declaration names', () => {
    for (const fn of declaredFunctions(resources)) {
      const actions = actionsOfFunction(fn);
      for (const action of requiredFor(fn.access)) expect(actions, `${fn.name}: ${action}`).toContain(action);
    }
  });

  it('names only the resource each action belongs to: the table, the uploads bucket, the pool…', () => {
    for (const fn of declaredFunctions(resources)) {
      const logGroup = resources[fn.functionId].Properties.LoggingConfig.LogGroup.Ref as string;
      for (const statement of statementsOf(fn)) {
        const targets = resourcesOf(statement).map((r) => JSON.stringify(r));
        for (const action of actionsOf(statement)) {
          const service = action.split(':')[0];
          const what = `${fn.name}: ${action} on ${targets.join(', ')}`;
          if (service === 'xray' || action === 'dynamodb:ListStreams') expect(targets, what).toEqual(['"*"']);
          else if (service === 'logs')
            expect(targets, what).toEqual([`{"Fn::GetAtt":["${logGroup}","Arn"]}`]);
          else for (const target of targets) expect(target, what).toMatch(RESOURCE_OF[service]);
        }
      }
    }
  });

  it('lets only the declared uploads writers write objects, and only object keys', () => {
    for (const fn of declaredFunctions(resources)) {
      const writes = statementsOf(fn).filter((s) => actionsOf(s).includes('s3:PutObject'));
      expect(writes.length > 0, fn.name).toBe(
        fn.access.uploads === 'readwrite' || fn.access.streamRecords === 'write',
      );
      for (const s of writes)
        expect(JSON.stringify(s.Resource), fn.name).toMatch(
          fn.access.uploads === 'readwrite'
            ? /DataUploadsBucket\w+.*\/\*"/
            : /DataUploadsBucket\w+.*\/stream-records\/\*"/,
        );
    }
  });

  it('keeps the meta function to reading the table: no e-mail, no table writes, nothing else', () => {
    const meta = declaredFunctions(resources).find((f) => f.name === 'route group meta')!;
    expect(meta.access).toEqual({ table: 'read' });
    const actions = actionsOfFunction(meta);
    for (const forbidden of [
      'ses:SendEmail',
      'ses:SendRawEmail',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:BatchWriteItem',
      's3:GetObject',
      'cognito-idp:AdminGetUser',
      'execute-api:ManageConnections',
    ])
      expect(actions, forbidden).not.toContain(forbidden);
    expect(actions).toContain('dynamodb:GetItem');
  });

  it('lets only functions that declare e-mail send it, and only those that declare connections post', () => {
    for (const fn of declaredFunctions(resources)) {
      const actions = actionsOfFunction(fn);
      expect(actions.includes('ses:SendEmail'), fn.name).toBe(fn.access.email === true);
      expect(actions.includes('execute-api:ManageConnections'), fn.name).toBe(fn.access.connections === true);
      expect(actions.includes('cognito-idp:AdminGetUser'), fn.name).toBe(fn.access.userPoolRead === true);
    }
  });
});
