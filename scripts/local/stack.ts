/**
 * Brings the whole product up on one machine: SES, DynamoDB Local, s3rver and cognito-local on
 * ports derived from the app port, the table and demo team, and the gateway serving the SPA, the
 * REST API, the websocket and @connections (for the runtime only) on one origin. Used by `npm start`, the tests and the bench.
 */
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type S3rver from 's3rver';
import { ROUTE_GROUPS, type RouteGroup } from '../../shared/routes';
import type { RuntimeConfig } from '../../shared/schemas/runtime-config';
import {
  cognitoPublicJwk,
  LOCAL_CLIENT_ID,
  LOCAL_POOL_ID,
  type LocalFederation,
  startLocalCognito,
} from './cognito';
import { closeServer, startDynamoDb, startS3, startSes, stopProcess } from './emulators';
import { type Gateway, type GatewayOptions, MANAGEMENT_PREFIX, startGateway } from './gateway';
import { budgetedJob, type JobBudget } from './job-process';
import { LocalDataError } from './local-data';
import { onStoredMail } from './mail-store';
import { assertPortsFree, isPortFree, PortInUseError } from './ports';
import { ensureDemoTeam, ensureTable } from './provision';
import { type LocalSecrets, localSecrets, newManagementKey } from './secrets';
import { SeedInconsistency } from './seed-identity';
import { eventsFor } from './ses-simulator';
import { closeSmtpListener, RECEIVED_MARK, startSmtpListener } from './smtp';
import { type DeadLetter, type LocalQueueDefinition, type SqsHandler, startLocalSqs } from './sqs';
import { type LocalSso, startLocalSso } from './sso';
import type { SsoUser } from './sso-idp';
import { type StreamPoller, startStreamReader } from './stream';

export const REGION = 'ap-southeast-2';
export const TABLE_NAME = 'workspace';
export const UPLOADS_BUCKET = 'workspace-uploads';
/** Where received replies are stored before the inboundMail function reads them (as SES does on AWS). */
export const INBOUND_MAIL_BUCKET = 'workspace-inbound-mail';
const ROOT = resolve(import.meta.dirname, '../..');

/** Every service's port is derived from the app's, so two stacks can run side by side. */
export const portsFor = (app: number) => ({
  app,
  dynamodb: app + 1,
  cognito: app + 2,
  s3: app + 3,
  ses: app + 4,
  // app + 5: Vite's hot-reload socket (npm run dev)
  smtp: app + 6,
  /** The user pool's hosted domain (HTTPS) for single sign-on, and the demo identity provider. */
  hostedUi: app + 7,
  identityProvider: app + 8,
});

/** Replies to comment e-mails go to addresses of this domain; locally the SMTP listener takes them. */
export const LOCAL_REPLY_DOMAIN = 'reply.workspace.local';

export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Serve the SPA through Vite with hot reload instead of the built web/dist. */
  dev?: boolean;
  /**
   * What to create when missing: the demo user and team (`'team'`), those and the demo data
   * (`'demo'`, or `true`, the default), or nothing (`false`).
   */
  seed?: boolean | 'team' | 'demo';
  /** Import every route group's handler once the stack is up (default true; tests import on first call). */
  warmHandlers?: boolean;
  /** The table's name (default `workspace`): stacks sharing one DynamoDB Local each have their own. */
  tableName?: string;
  /** A DynamoDB Local already running (tests share one per run); by default the stack starts its own. */
  dynamodbEndpoint?: string;
  /** Where the hosted domain's certificate is kept (default the data directory). */
  certDir?: string;
  /**
   * Runs once the table exists and before its stream is turned on (tests restore a snapshot of the
   * demo data here: its items are not on the stream, so nothing reacts to them again).
   */
  beforeStream?: (dynamo: DynamoDBClient, tableName: string) => Promise<void>;
  logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** The demo identity provider's users (default: DEMO_SSO_USERS in sso-idp.ts). */
  ssoUsers?: SsoUser[];
  /**
   * Run the heavy stream jobs (those reading customers' files) each in a process of its own with a
   * time and memory budget, as on AWS: `true` gives each its Lambda's timeout and memory, an object
   * overrides them (tests). Default: in this process (faster to start; `npm start` budgets them).
   */
  budgetedJobs?: boolean | Partial<JobBudget>;
}

export interface LocalStack {
  appUrl: string;
  mailUrl: string;
  /** The SMTP listener that takes replies to comment e-mails (smtp://127.0.0.1:<app + 6>). */
  smtpUrl: string;
  ports: ReturnType<typeof portsFor>;
  /** Single sign-on: the hosted domain (self-signed certificate) and the demo identity provider. */
  sso: Omit<LocalSso, 'stop'> & { federation: LocalFederation };
  env: Record<string, string>;
  /** The reactions to the table's stream; `drain()` waits until all changes so far were handled. */
  reactions: StreamPoller;
  /** The stream jobs (see shared/background-functions.ts); `drain()` waits for them too. */
  jobs: StreamPoller;
  /** What moved to a stream consumer's dead-letter queue (`reactions` or a job's name). */
  deadLetters(consumer: string): DeadLetter[];
  /** The table this stack's handlers use. */
  tableName: string;
  /** An API request handled in-process, as one over HTTP is (see Gateway.invokeApi). */
  invokeApi: Gateway['invokeApi'];
  stop(): Promise<void>;
}

/** What only this stack knows: the reply-signing secret of its data directory and its @connections key. */
export interface StackSecrets extends LocalSecrets {
  managementKey: string;
}

/** Where the runtime posts to websocket connections: the gateway's @connections, behind this start's key. */
export const managementEndpoint = (appPort: number, managementKey: string) =>
  `http://127.0.0.1:${appPort}${MANAGEMENT_PREFIX}/${managementKey}`;

export function handlerEnvironment(
  ports: ReturnType<typeof portsFor>,
  secrets: StackSecrets,
  logLevel = 'WARN',
  tableName = TABLE_NAME,
  dynamodbEndpoint = `http://127.0.0.1:${ports.dynamodb}`,
): Record<string, string> {
  const jwks = { keys: [cognitoPublicJwk] };
  return {
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_DYNAMODB: dynamodbEndpoint,
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${ports.s3}`,
    AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${ports.ses}`,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: `http://127.0.0.1:${ports.cognito}`,
    STAGE: 'local',
    // The chaos header (client retry and timeout drills) works here only, for signed-in callers.
    CHAOS: 'on',
    TABLE_NAME: tableName,
    UPLOADS_BUCKET,
    USER_POOL_ID: LOCAL_POOL_ID,
    USER_POOL_CLIENT_ID: LOCAL_CLIENT_ID,
    MAIL_FROM: 'Questionnaire Workspace <no-reply@workspace.local>',
    APP_URL: `http://127.0.0.1:${ports.app}`,
    // Only the runtime is given the key: a post to /@connections without it is refused.
    WEBSOCKET_CALLBACK_URL: managementEndpoint(ports.app, secrets.managementKey),
    REPLY_DOMAIN: LOCAL_REPLY_DOMAIN,
    // Generated for the data directory and kept in it (AWS stages use a Secrets Manager secret).
    REPLY_SIGNING_SECRET: secrets.replySigningSecret,
    // The emulator's signing key is public: it is trusted here, in the local stack, only.
    COGNITO_JWKS: JSON.stringify(jwks),
    POWERTOOLS_LOG_LEVEL: logLevel,
    // Webhooks may go to a receiver on this machine (functions/integrations/address-guard.ts): here only.
    WEBHOOK_ALLOW_LOOPBACK: 'on',
  };
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const ports = portsFor(options.port);
  const tableName = options.tableName ?? TABLE_NAME;
  const seed = options.seed === undefined || options.seed === true ? 'demo' : options.seed;
  // Refuse a port something already holds (e.g. an emulator an earlier run left) before starting anything.
  await assertPortsFree(
    [
      { port: ports.app, name: 'app' },
      ...(options.dynamodbEndpoint ? [] : [{ port: ports.dynamodb, name: 'DynamoDB Local' }]),
      { port: ports.cognito, name: 'cognito-local' },
      { port: ports.s3, name: 's3rver' },
      { port: ports.ses, name: 'SES emulator' },
      { port: ports.smtp, name: 'SMTP reply listener' },
      { port: ports.hostedUi, name: 'hosted UI (single sign-on)' },
      { port: ports.identityProvider, name: 'demo identity provider' },
      ...(options.dev ? [{ port: ports.app + 5, name: 'Vite hot reload' }] : []),
    ],
    options.port,
  );
  const managementKey = newManagementKey();
  const env = handlerEnvironment(
    ports,
    { ...localSecrets(options.dataDir), managementKey },
    options.logLevel,
    tableName,
    options.dynamodbEndpoint,
  );
  // Handlers read their configuration from the environment, exactly as on Lambda.
  Object.assign(process.env, env);
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => {});
  };
  try {
    const ses = await startSes(ports.ses, join(options.dataDir, 'mail', 'sent-mail.jsonl'));
    stops.push(() => closeServer(ses));
    // Each emulator's stop is registered as soon as it is up, so one failing to start stops the rest.
    const started = <T>(starting: Promise<T>, stopIt: (value: T) => Promise<void>) =>
      starting.then((value) => {
        stops.push(() => stopIt(value));
        return value;
      });
    const results = await Promise.allSettled([
      options.dynamodbEndpoint
        ? Promise.resolve()
        : started(startDynamoDb(ports.dynamodb, join(options.dataDir, 'dynamodb')), stopProcess),
      started(
        startS3(ports.s3, join(options.dataDir, 's3'), [UPLOADS_BUCKET, INBOUND_MAIL_BUCKET]),
        (s3: S3rver) => s3.close(),
      ),
      started(
        startLocalCognito({
          port: ports.cognito,
          dataDir: join(options.dataDir, 'cognito'),
          sesEndpoint: env.AWS_ENDPOINT_URL_SESV2,
          mailFrom: env.MAIL_FROM,
          resetDir: options.dataDir,
        }),
        async (cognito) => {
          await closeServer(cognito.server);
          await cognito.flush();
        },
      ),
    ]);
    const failure = results.find((r) => r.status === 'rejected');
    if (failure) throw failure.reason;
    const cognito = (results[2] as PromiseFulfilledResult<Awaited<ReturnType<typeof startLocalCognito>>>)
      .value;
    const sso = await startLocalSso({
      hostedUiPort: ports.hostedUi,
      identityProviderPort: ports.identityProvider,
      appPort: ports.app,
      dataDir: options.certDir ?? options.dataDir,
      federation: cognito.federation,
      users: options.ssoUsers,
    });
    stops.push(() => sso.stop());

    const dynamoClient = new DynamoDBClient({});
    // What beforeStream writes is not on the stream at all: the stream is turned on after it.
    await ensureTable(dynamoClient, tableName, !options.beforeStream);
    if (options.beforeStream) {
      await options.beforeStream(dynamoClient, tableName);
      await ensureTable(dynamoClient, tableName);
    }
    if (seed !== false)
      await ensureDemoTeam(new CognitoIdentityProviderClient({}), LOCAL_POOL_ID, LOCAL_CLIENT_ID).catch(
        namedInconsistency(options.dataDir),
      );

    // Each group's handler is imported on its first request, as a Lambda's cold start: a test file
    // pays only for the groups it calls. `npm start` warms them all once it is up.
    const loading = new Map<RouteGroup, Promise<GatewayOptions['handlers'][RouteGroup]>>();
    const load = (group: RouteGroup) => {
      if (!loading.has(group))
        loading.set(
          group,
          import(/* @vite-ignore */ `../../functions/${group}/handler.ts`).then((m) => m.handler),
        );
      return loading.get(group)!;
    };
    const { handler: websocketHandler } = await import('../../functions/websocket/handler');
    const { handler: reactionsHandler } = await import('../../functions/reactions/handler');
    const { idTokenVerifier } = await import('../../functions/common/token-verifier');

    const runtimeConfig: RuntimeConfig = {
      stage: 'local',
      region: REGION,
      userPoolId: LOCAL_POOL_ID,
      userPoolClientId: LOCAL_CLIENT_ID,
      userPoolEndpoint: cognito.url,
      oauthDomain: `127.0.0.1:${ports.hostedUi}`,
      apiBase: '/api',
      websocketUrl: '/ws',
    };

    let spa: GatewayOptions['spa'] = { distDir: join(ROOT, 'web', 'dist') };
    if (options.dev) {
      const { createServer } = await import('vite');
      const vite = await createServer({
        configFile: join(ROOT, 'web', 'vite.config.ts'),
        server: { middlewareMode: true, ws: { port: ports.app + 5, host: '127.0.0.1' } },
        appType: 'spa',
      });
      stops.push(() => vite.close());
      spa = { middleware: vite.middlewares };
    }
    // One reader of the table's stream, the dispatcher, feeding the reactions and every stream job
    // through a queue of its own; started after the gateway is listening (reactions post live events to its
    // @connections endpoint), and read again as soon as a request ends.
    let stream: Awaited<ReturnType<typeof startStreamReader>> | undefined;
    type RestHandler = GatewayOptions['handlers'][RouteGroup];
    /** A handler that, once it has answered, has the stream read again at once. */
    const nudging =
      <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
      async (...args: A): Promise<R> => {
        try {
          return await fn(...args);
        } finally {
          stream?.nudge();
        }
      };
    const gateway = await startGateway({
      port: ports.app,
      handlers: Object.fromEntries(
        ROUTE_GROUPS.map((group) => [
          group,
          nudging(async (...args: Parameters<RestHandler>) => (await load(group))(...args)),
        ]),
      ) as GatewayOptions['handlers'],
      websocketHandler: nudging(websocketHandler as (...args: unknown[]) => Promise<unknown>) as never,
      verifyIdToken: (token) => idTokenVerifier().verify(token) as Promise<Record<string, unknown>>,
      runtimeConfig,
      spa,
      managementKey,
    });
    stops.push(() => gateway.close());
    // The stream consumers' queues (SQS's JSON protocol on 127.0.0.1) and their event sources; the
    // dispatcher reaches them through its real SQS client, as on AWS.
    const { BACKGROUND_FUNCTIONS } = await import('../../shared/background-functions');
    const { STREAM_JOBS, STREAM_QUEUE_URLS_VARIABLE } = await import('../../shared/stream-routing');
    const queueDefinitions: LocalQueueDefinition[] = [
      {
        name: 'reactions',
        fifo: true,
        handler: reactionsHandler,
        batchSize: 10,
        concurrency: 2,
        maxReceiveCount: 3,
      },
    ];
    for (const name of STREAM_JOBS) {
      const { job, entry } = BACKGROUND_FUNCTIONS[name];
      const budget = options.budgetedJobs;
      let handler: SqsHandler;
      if (budget && 'maxConcurrency' in job) {
        const budgeted = budgetedJob(entry, {
          timeoutMs: job.timeoutSeconds * 1000,
          memoryMb: job.memoryMb,
          ...(typeof budget === 'object' ? budget : {}),
        });
        stops.push(budgeted.stop);
        handler = budgeted.handler as SqsHandler;
      } else
        handler = ((await import(/* @vite-ignore */ `../../${entry}`)) as { handler: SqsHandler }).handler;
      queueDefinitions.push({
        name,
        handler,
        batchSize: 1,
        concurrency: 'maxConcurrency' in job ? job.maxConcurrency : 2,
        maxReceiveCount: 3,
      });
    }
    const queues = await startLocalSqs({
      queues: queueDefinitions,
      deadLetterFile: join(options.dataDir, 'dead-letters.jsonl'),
    });
    stops.push(() => queues.stop());
    const sqsEnv = {
      AWS_ENDPOINT_URL_SQS: queues.endpoint,
      // A failed message is made visible again at once (ChangeMessageVisibility 0) rather than after
      // the few seconds' backoff of AWS (functions/common/stream-queue.ts): locally there is nothing to wait out.
      STREAM_RETRY_BACKOFF_SECONDS: '0',
      [STREAM_QUEUE_URLS_VARIABLE]: JSON.stringify(queues.urls),
    };
    Object.assign(env, sqsEnv);
    Object.assign(process.env, sqsEnv);
    const { handler: dispatcherHandler } = await import('../../functions/dispatcher/handler');
    stream = await startStreamReader({
      dynamo: dynamoClient,
      endpoint: env.AWS_ENDPOINT_URL_DYNAMODB,
      region: REGION,
      tableName,
      consumers: { dispatcher: { handler: dispatcherHandler } },
      deadLetterFile: join(options.dataDir, 'dead-letters.jsonl'),
    });
    const reader = stream;
    // What a consumer wrote is read at once.
    queues.onHandled(() => reader.nudge());
    stops.push(() => reader.stop());
    const dispatching = stream.group(['dispatcher']);
    /** A view of some consumers: drained when the stream is read, dispatched and their queues are empty. */
    const consumers = (names: string[]): StreamPoller => ({
      async drain() {
        for (;;) {
          await dispatching.drain();
          await queues.whenIdle(names);
          await dispatching.drain();
          if (queues.idle(names)) return;
        }
      },
      // Records are still read and dispatched; these consumers' queues hand nothing on until released.
      hold: () => queues.hold(names),
      stop: () => reader.stop(),
    });
    const reactions = consumers(['reactions']);
    const jobs = consumers([...STREAM_JOBS]);
    // Replies to comment e-mails take SES receiving's path: stored in the inbound bucket, then the
    // inboundMail function is invoked with the bucket's ObjectCreated event.
    const { handler: inboundMailHandler } = await import('../../functions/discussion/inbound-mail');
    const s3 = new S3Client({ forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const smtp = await startSmtpListener({
      port: ports.smtp,
      replyDomain: LOCAL_REPLY_DOMAIN,
      onMessage: async (raw) => {
        const key = `replies/${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
        await s3.send(new PutObjectCommand({ Bucket: INBOUND_MAIL_BUCKET, Key: key, Body: raw }));
        const [outcome] = await inboundMailHandler({
          Records: [{ s3: { bucket: { name: INBOUND_MAIL_BUCKET }, object: { key } } }],
        } as never);
        stream?.nudge();
        return outcome.posted ? 'posted as a comment' : `rejected: ${outcome.reason}`;
      },
    });
    stops.push(() => closeSmtpListener(smtp));
    // SES event publishing: each e-mail the emulator stores becomes the events SES would publish for it
    // (the mailbox simulator's addresses bounce, complain…), handed to the mailEvents function as the
    // EventBridge rule does on AWS, a moment after the send.
    const { handler: mailEventsHandler } = await import('../../functions/mail-events/handler');
    const publishing = new Set<Promise<void>>();
    const stopPublishing = onStoredMail((email) => {
      if (String(email.subject ?? '').startsWith(RECEIVED_MARK)) return;
      const events = eventsFor(email);
      if (events.length === 0) return;
      const delivered: Promise<void> = new Promise<void>((resolve) => setTimeout(resolve, 20))
        .then(async () => {
          for (const event of events) await mailEventsHandler(event);
        })
        .catch((error: Error) => console.error(`mail events failed: ${error.message}`))
        .finally(() => publishing.delete(delivered));
      publishing.add(delivered);
    });
    stops.push(async () => {
      stopPublishing();
      await Promise.all(publishing);
    });
    // Demo projects once the reactions run: the stream builds their dashboards, as in production.
    if (seed === 'demo')
      await (await import('./demo/seed'))
        .ensureDemoData(new CognitoIdentityProviderClient({}), LOCAL_POOL_ID, LOCAL_CLIENT_ID)
        .catch(namedInconsistency(options.dataDir));
    if (options.warmHandlers !== false) void Promise.all(ROUTE_GROUPS.map(load)).catch(() => {});
    // Scheduled jobs (the document expiry check): the same handler on a timer, as EventBridge runs
    // it; after the demo data, so the first run already sees the demo documents.
    stops.push(await startSchedules());
    // Stopped first: the user pool's writes in flight land before anything slower is stopped (a
    // process manager may send SIGKILL soon after its SIGTERM).
    stops.push(() => cognito.flush());
    return {
      appUrl: `http://127.0.0.1:${ports.app}`,
      mailUrl: `http://127.0.0.1:${ports.ses}`,
      smtpUrl: `smtp://127.0.0.1:${ports.smtp}`,
      ports,
      sso: {
        hostedUiUrl: sso.hostedUiUrl,
        identityProviderUrl: sso.identityProviderUrl,
        certificate: sso.certificate,
        federation: cognito.federation,
      },
      env,
      reactions,
      jobs,
      deadLetters: (consumer) => queues.deadLetters(consumer),
      tableName,
      invokeApi: gateway.invokeApi,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A seeding error the start cannot heal, reported as the data directory's, with how to reset it. */
const namedInconsistency =
  (dataDir: string) =>
  (error: unknown): never => {
    if (error instanceof SeedInconsistency) throw new LocalDataError(dataDir, error.message);
    throw error;
  };

/**
 * Starts a stack on free ports: a port found free can still be taken by another process before the
 * listen (tests start stacks in parallel), so a start that lost such a race tries again elsewhere.
 */
export async function startLocalStackOnFreePorts(
  options: Omit<LocalStackOptions, 'port'>,
): Promise<LocalStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLocalStack({ ...options, port: await findFreeBasePort() });
    } catch (error) {
      const portTaken =
        error instanceof PortInUseError || (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (attempt >= 3 || !portTaken) throw error;
    }
  }
}

/** Ports the Fetch standard blocks (Node's fetch answers "bad port") in the range bases are drawn from. */
const FETCH_BAD_PORTS = new Set([10080]);

/** A base port whose derived ports (base..base+8) are all free on 127.0.0.1, for tests and the bench. */
export async function findFreeBasePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral range (32768–60999 by default), where outgoing connections take
    // ports at random and could take one of ours between this check and the listen.
    const base = 10_000 + Math.floor(Math.random() * 2_200) * 10;
    const ports = Array.from({ length: 9 }, (_, i) => base + i);
    // fetch refuses the "bad ports" of the Fetch standard; 10080 is the one in this range.
    if (ports.some((port) => FETCH_BAD_PORTS.has(port))) continue;
    if ((await Promise.all(ports.map(isPortFree))).every(Boolean)) return base;
  }
  throw new Error('No free ports found');
}

/**
 * Runs each scheduled background function (a `schedule` in shared/background-functions.ts) once at
 * start and then at its rate; a failed run is logged and the next one tries again. Answers a stop.
 */
async function startSchedules(): Promise<() => Promise<void>> {
  const { BACKGROUND_FUNCTIONS } = await import('../../shared/background-functions');
  const timers: NodeJS.Timeout[] = [];
  for (const [name, fn] of Object.entries(BACKGROUND_FUNCTIONS)) {
    if (!('schedule' in fn)) continue;
    const { handler } = (await import(/* @vite-ignore */ `../../${fn.entry}`)) as {
      handler: () => Promise<unknown>;
    };
    const run = () =>
      handler().catch((error: Error) => console.error(`scheduled ${name} failed: ${error.message}`));
    // The first run is waited for, so what a start leaves behind is settled when it answers.
    await run();
    const timer = setInterval(run, fn.schedule.everyMinutes * 60_000);
    timer.unref();
    timers.push(timer);
  }
  return async () => {
    for (const timer of timers) clearInterval(timer);
  };
}
