/**
 * `npm run bench`: performance figures, each printed next to its target. Never asserts: a missed
 * target prints MISSED and the exit code stays 0; only an error (a build that fails, a stack that
 * does not start, a request that does not succeed) exits non-zero.
 *
 *   bundles  each Lambda entry bundled with the CDK esbuild options (lib/bundling.ts): minified size
 *            and the cold `await import()` time in a fresh `node` process (median of 3)
 *   api      warm GET /api/user through the local gateway with real emulators: 10 concurrent callers
 *            for 10 s, loopback only
 *   spa      gzip size of the JavaScript the browser loads for /login (web/dist)
 *   projects the dashboard of a 5,000-question project, a question status change and the list of a
 *            500-project team: DynamoDB requests per call and latency beside raw DynamoDB floors
 *   answering question answering with 5,000 questions: the list endpoint (first page, whole list)
 *            beside raw Queries, first rows painted and scrolling frame rate in headless Chromium,
 *            save latency beside a raw UpdateItem
 *   imports  a 10,000-question workbook imported (upload to questions created) beside a raw
 *            BatchWrite floor, the processing's peak memory, and the write-back export of a
 *            2,000-question workbook beside unzipping and re-zipping it
 *   versions a new version of a 1,000-question workbook (5% reworded, 2% new, 2% removed): the
 *            changes found against the known ones, upload → difference shown and Apply → applied,
 *            beside the same number of items written raw
 *   amplification  peak memory of a fresh process reading each hostile upload (a 240 MB shared
 *            string, size headers that lie, an oversized document.xml, the worst each cap lets
 *            through) beside reading a normal workbook and Word document; target < 512 MiB
 *   detection layout detection against the layout test set (test/fixtures/questionnaires): question
 *            precision and recall, column accuracy, header rows; then per questionnaire family
 *            (test/fixtures/families, an unseen set: figures only) precision, recall, columns,
 *            sections, references, Word answer places, and the HECVAT-like file's read time and
 *            peak memory in a fresh process
 *   health   library health: duplicate detection's precision and recall on labelled question pairs,
 *            the pairs flagged among the answer bank, and the check of a 20,000-answer library
 *   library  a 20,000-answer library imported through the API, suggestions for one question
 *            beside the GetItem every warm suggestion starts with; autofill of 400 questions
 *   gaps     the library's gap list for 50 projects × 300 questions: the job beside the floor of one
 *            search per question, and a view of the stored list (issue 28 part 4)
 *   suggestions  the suggestion engine in memory: Recall@1/5 and MRR on the evaluation sets,
 *            autofill precision, the 20,000-entry index's build, size, cold load and search
 *   consistency  the contradiction detector: precision and recall on test/fixtures/consistency,
 *            and comparing every answer of a 400-question project with every other
 *   mcp      a suggest_answers call of the MCP server (POST /api/mcp, the API key) beside the same
 *            suggestions through the REST API, alternately
 *   webhooks a webhook's delivery latency from the write to a receiver on 127.0.0.1, beside a direct
 *            POST to it; deliveries held through a receiver down for 10 minutes
 *
 * `npm run bench -- --only bundles|api|invite|spa|fanout|projects|answering|imports|versions|amplification|detection|library|suggestions|insights|consistency|gaps|health|review|mcp|webhooks` runs one part.
 */
import { execFile, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { BACKGROUND_FUNCTIONS } from '../shared/background-functions';
import { ROUTE_GROUPS } from '../shared/routes';
import { benchAmplification } from './bench/amplification';
import { benchAnswering } from './bench/answering';
import { benchConsistency } from './bench/consistency';
import { benchDetection } from './bench/detection';
import { benchFamilies } from './bench/families';
import { benchFanout } from './bench/fanout';
import { benchGaps } from './bench/gaps';
import { benchImports } from './bench/imports';
import { benchInsights } from './bench/insights';
import { benchInvite } from './bench/invite';
import { benchLibrary } from './bench/library';
import { benchLibraryHealth } from './bench/library-health';
import { benchMcp } from './bench/mcp';
import { benchProjects } from './bench/projects';
import { kB, median, ms, percentile, type Row, renderTable, rowLine } from './bench/report';
import { benchReview } from './bench/review';
import { routeScripts } from './bench/spa';
import { benchSuggestionQuality } from './bench/suggestion-quality';
import { benchVersions } from './bench/versions';
import { benchWebhooks } from './bench/webhooks';
import type { LocalStack } from './local/stack';

const ROOT = resolve(import.meta.dirname, '..');
const execFileAsync = promisify(execFile);

/** Decimal units throughout: 1 MB = 1,000,000 bytes, 1 kB = 1000 bytes. */
const TARGETS = {
  bundleBytes: 1_000_000,
  coldImportMs: 300,
  /** A handler's cold import against the floor bundle's, both measured side by side in the same run. */
  coldImportFloorRatio: 1.5,
  apiP99Ms: 50,
  /** The /login route's JavaScript, gzip. */
  spaGzipBytes: 200_000,
};
const COLD_IMPORT_RUNS = 3;
const API_WARMUP_REQUESTS = 50;
const API_WARMUP_MS = 5_000;
const API_CALLERS = 10;
const API_DURATION_MS = 10_000;
/** Hard cap so the load loop is bounded even if the clock misbehaves. */
const API_MAX_REQUESTS = 2_000_000;
const LOGIN_TEXT = 'Sign in to your account';

type Part =
  | 'bundles'
  | 'api'
  | 'invite'
  | 'spa'
  | 'fanout'
  | 'projects'
  | 'answering'
  | 'imports'
  | 'versions'
  | 'amplification'
  | 'detection'
  | 'library'
  | 'suggestions'
  | 'insights'
  | 'consistency'
  | 'gaps'
  | 'health'
  | 'review'
  | 'mcp'
  | 'webhooks';
const PARTS: Part[] = [
  'bundles',
  'api',
  'invite',
  'spa',
  'fanout',
  'projects',
  'answering',
  'imports',
  'versions',
  'amplification',
  'detection',
  'library',
  'suggestions',
  'insights',
  'consistency',
  'gaps',
  'health',
  'review',
  'mcp',
  'webhooks',
];
const INVITES = 30;

const rows: Row[] = [];

function heading(title: string) {
  console.log(`\n== ${title} ${'='.repeat(Math.max(0, 96 - title.length))}`);
}

function addRow(metric: string, figure: string, target: string, met?: boolean) {
  const row = { metric, figure, target, met };
  rows.push(row);
  console.log(rowLine(row));
}

// -------------------------------------------------------------------------------------------- bundles

/** What the child process runs: the cold import of one bundle, timed from inside. */
const MEASURE_SCRIPT = `import { pathToFileURL } from 'node:url';
const url = pathToFileURL(process.argv[2]).href;
const start = performance.now();
const mod = await import(url);
const elapsed = performance.now() - start;
process.stdout.write(JSON.stringify({ ms: elapsed, handler: typeof mod.handler }) + '\\n');
process.exit(0);
`;

/**
 * The environment each Lambda gets from lib/stack.ts and lib/constructs/backend.ts (names from
 * functions/common/config.ts), with placeholder values; nothing else from this shell leaks in.
 */
function lambdaEnvironment(name: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    AWS_REGION: 'ap-southeast-2',
    AWS_DEFAULT_REGION: 'ap-southeast-2',
    AWS_LAMBDA_FUNCTION_NAME: `bench-${name}`,
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: '1024',
    STAGE: 'bench',
    TABLE_NAME: 'workspace',
    UPLOADS_BUCKET: 'workspace-uploads',
    USER_POOL_ID: 'ap-southeast-2_BenchPool1',
    USER_POOL_CLIENT_ID: 'benchclient00000000000000',
    MAIL_FROM: 'Questionnaire Workspace <no-reply@example.com>',
    APP_URL: 'https://app.example.com',
    WEBSOCKET_CALLBACK_URL: 'https://ws.example.com/prod',
    // As the CDK sets it on every function (lib/constructs/backend.ts).
    NODE_OPTIONS: '--enable-source-maps',
  };
}

async function coldImportMs(measureScript: string, bundle: string, name: string): Promise<number> {
  let stdout: string;
  try {
    ({ stdout } = await execFileAsync(process.execPath, [measureScript, bundle], {
      cwd: dirname(bundle),
      env: lambdaEnvironment(name),
      timeout: 60_000,
    }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`Importing the ${name} bundle failed${stderr ? `:\n${stderr}` : `: ${error}`}`);
  }
  const result = JSON.parse(stdout.trim().split('\n').pop() ?? '') as { ms: number; handler: string };
  if (result.handler !== 'function') {
    throw new Error(`${name}: the bundle does not export a handler function`);
  }
  return result.ms;
}

/** The largest contributors to an output, by package (or file outside node_modules). */
function topContributors(metafile: Metafile, outfile: string, count = 5) {
  const output = Object.entries(metafile.outputs).find(([path]) => resolve(ROOT, path) === outfile)?.[1];
  if (!output) return [];
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const key = match ? match[1] : path;
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}

async function benchBundles() {
  heading('Lambda bundles (lib/bundling.ts esbuildOptions; cold import in a fresh node process)');
  const { build } = await import('esbuild');
  const { esbuildOptions, BUNDLE_DATA_FILES } = await import('../lib/bundling');
  const entries = [
    { name: 'floor (one GetItem)', entry: 'scripts/bench/floor-handler.ts' },
    ...ROUTE_GROUPS.map((group) => ({ name: group as string, entry: `functions/${group}/handler.ts` })),
    ...Object.entries(BACKGROUND_FUNCTIONS).map(([name, fn]) => ({ name, entry: fn.entry })),
  ];
  let floor: { size: number; cold: number; outfile: string } | undefined;
  const ratio = (value: number, base: number | undefined) =>
    base ? ` (${(value / base).toFixed(2)}× floor)` : '';
  const tmp = mkdtempSync(join(tmpdir(), 'workspace-bench-bundles-'));
  console.log(
    `  node ${process.version}, NODE_OPTIONS=--enable-source-maps, median of ${COLD_IMPORT_RUNS} runs; bundles in ${tmp}`,
  );
  try {
    const measureScript = join(tmp, 'measure.mjs');
    writeFileSync(measureScript, MEASURE_SCRIPT);
    for (const { name, entry } of entries) {
      const outdir = join(tmp, name);
      mkdirSync(outdir);
      // Same file name as NodejsFunction's ESM output.
      const outfile = join(outdir, 'index.mjs');
      const result = await build({
        ...esbuildOptions,
        entryPoints: [join(ROOT, entry)],
        outfile,
        absWorkingDir: ROOT,
        metafile: true,
        logLevel: 'error',
      });
      // As lib/bundling.ts's afterBundling hook ships them.
      for (const file of BUNDLE_DATA_FILES) copyFileSync(join(ROOT, file), join(outdir, basename(file)));
      const size = statSync(outfile).size;
      const runs: number[] = [];
      // The floor is imported again beside every bundle, alternately, so a ratio compares two figures
      // taken under the same load (this machine is shared; a figure from a minute earlier is not).
      const floorRuns: number[] = [];
      for (let i = 0; i < COLD_IMPORT_RUNS; i++) {
        if (floor) floorRuns.push(await coldImportMs(measureScript, floor.outfile, 'floor'));
        runs.push(await coldImportMs(measureScript, outfile, name));
      }
      const cold = median(runs);
      floor ??= { size, cold, outfile };
      const floorCold = floorRuns.length ? median(floorRuns) : cold;
      addRow(
        `bundle ${name}: minified size`,
        `${kB(size)}${ratio(size, floor === undefined || name.startsWith('floor') ? undefined : floor.size)}`,
        '< 1 MB',
        size < TARGETS.bundleBytes,
      );
      if (name.startsWith('floor')) {
        addRow(
          `bundle ${name}: cold import (median)`,
          ms(cold),
          `< ${TARGETS.coldImportMs} ms`,
          cold < TARGETS.coldImportMs,
        );
      } else {
        addRow(
          `bundle ${name}: cold import (median)`,
          `${ms(cold)} (${(cold / floorCold).toFixed(2)}× floor ${ms(floorCold)} beside it)`,
          `≤ ${TARGETS.coldImportFloorRatio}× floor`,
          cold <= TARGETS.coldImportFloorRatio * floorCold,
        );
      }
      console.log(
        `    ${entry}: ${size} bytes, runs ${runs.map((run) => run.toFixed(1)).join(' / ')} ms` +
          (result.warnings.length ? `, ${result.warnings.length} esbuild warning(s)` : ''),
      );
      if (size >= TARGETS.bundleBytes) {
        const top = topContributors(result.metafile, outfile);
        console.log(
          `    largest contributors: ${top.map(([key, bytes]) => `${key} ${kB(bytes)}`).join(', ')}`,
        );
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ------------------------------------------------------------------------------------------------ api

interface Reply {
  status: number;
  body: string;
}

function get(agent: Agent, port: number, path: string, token: string): Promise<Reply> {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: 'GET', agent, headers: { authorization: token } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

/**
 * The parts that need the running product share one local stack: the handlers' SDK clients are
 * created once per process, bound to the endpoints of the first stack.
 */
let shared: { stack: LocalStack; dataDir: string } | undefined;
async function benchStack(): Promise<LocalStack> {
  if (!shared) {
    // cognito-local still uses the v2 SDK; its end-of-support notice is noise here.
    process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
    const { findFreeBasePort, startLocalStack } = await import('./local/stack');
    const dataDir = mkdtempSync(join(tmpdir(), 'workspace-bench-stack-'));
    const started = performance.now();
    const stack = await startLocalStack({
      port: await findFreeBasePort(),
      dataDir,
      logLevel: 'ERROR',
      seed: true,
    });
    console.log(
      `  local stack up at ${stack.appUrl} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // The demo data's reactions (aggregates, notifications, e-mail) finish before anything is timed.
    await stack.reactions.drain();
    shared = { stack, dataDir };
  }
  return shared.stack;
}
async function stopBenchStack() {
  if (!shared) return;
  const { stack, dataDir } = shared;
  shared = undefined;
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
const cleanupOnSignal = stopBenchStack;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping…`);
    void cleanupOnSignal().finally(() => process.exit(130));
  });
}

/** An ID token of the demo user of the bench stack. */
async function demoToken() {
  const { LOCAL_CLIENT_ID } = await import('./local/cognito');
  const { DEMO } = await import('./local/provision');
  const { CognitoIdentityProviderClient, InitiateAuthCommand } = await import(
    '@aws-sdk/client-cognito-identity-provider'
  );
  const auth = await new CognitoIdentityProviderClient({}).send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: LOCAL_CLIENT_ID,
      AuthParameters: { USERNAME: DEMO.email, PASSWORD: DEMO.password },
    }),
  );
  const token = auth.AuthenticationResult?.IdToken;
  if (!token) throw new Error('Sign-in as the demo user returned no ID token');
  return token;
}

async function benchApi() {
  heading(
    `Warm GET /api/user through the local gateway (${API_CALLERS} callers, ${API_DURATION_MS / 1000} s)`,
  );
  const { DEMO } = await import('./local/provision');
  const agent = new Agent({ keepAlive: true, maxSockets: API_CALLERS });
  try {
    const stack = await benchStack();
    const port = stack.ports.app;
    const token = await demoToken();

    for (let i = 0; i < API_WARMUP_REQUESTS; i++) {
      const reply = await get(agent, port, '/api/user', token);
      if (reply.status !== 200) {
        throw new Error(`Warm-up GET /api/user: HTTP ${reply.status} ${reply.body.slice(0, 300)}`);
      }
      if (i === 0 && !reply.body.includes(DEMO.email)) {
        throw new Error(`GET /api/user did not return the demo user: ${reply.body.slice(0, 300)}`);
      }
    }
    console.log(`  warmed up with ${API_WARMUP_REQUESTS} requests`);

    // Asynchronous: the gateway under test runs on this process's event loop.
    const load = await execFileAsync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(ROOT, 'scripts', 'bench', 'load-client.ts'),
        `http://127.0.0.1:${port}/api/user`,
        token,
        String(API_CALLERS),
        String(API_WARMUP_MS),
        String(API_DURATION_MS),
        String(API_MAX_REQUESTS),
      ],
      { cwd: ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    const measured = JSON.parse(load.stdout.trim().split('\n').pop() ?? '{}') as {
      latencies: number[];
      failures: Record<string, number>;
      elapsedMs: number;
    };
    const latencies = measured.latencies;
    const failures = new Map(Object.entries(measured.failures));
    const elapsedS = measured.elapsedMs / 1000;
    const failed = [...failures.values()].reduce((sum, n) => sum + n, 0);
    if (failed) {
      console.log(
        `  ${failed} failed request(s): ${[...failures].map(([key, n]) => `${key} ×${n}`).join(', ')}`,
      );
    }
    if (!latencies.length) throw new Error('No request to GET /api/user succeeded');
    latencies.sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);
    addRow('GET /api/user: requests (HTTP 200)', `${latencies.length} in ${elapsedS.toFixed(1)} s`, '-');
    if (failed) addRow('GET /api/user: failed requests', String(failed), '0', false);
    addRow('GET /api/user: throughput', `${(latencies.length / elapsedS).toFixed(1)} req/s`, '-');
    addRow('GET /api/user: p50', ms(percentile(latencies, 50)), '-');
    addRow('GET /api/user: p99', ms(p99), `< ${TARGETS.apiP99Ms} ms`, p99 < TARGETS.apiP99Ms);
    console.log(
      `    max ${ms(latencies[latencies.length - 1])}; callers in a separate process, ${API_WARMUP_MS / 1000} s warm-up under load`,
    );
  } finally {
    agent.destroy();
  }
}

// ------------------------------------------------------------------------------------------------ spa

function ensureWebBuild(dist: string) {
  if (existsSync(join(dist, 'index.html'))) return;
  console.log('  web/dist is missing: running npm run build:web');
  const result = spawnSync('npm', ['run', 'build:web'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`npm run build:web failed (exit ${result.status ?? result.signal})`);
  }
  if (!existsSync(join(dist, 'index.html')))
    throw new Error('npm run build:web wrote no web/dist/index.html');
}

async function benchSpa() {
  heading('SPA: JavaScript loaded for /login (gzip, zlib default level)');
  const dist = join(ROOT, 'web', 'dist');
  ensureWebBuild(dist);
  const scripts = await routeScripts(dist, {
    chunkName: 'sign-in',
    srcPattern: /features\/auth\/routes\/sign-in\.tsx?$/,
    text: LOGIN_TEXT,
  });
  console.log(`  method: ${scripts.method}`);
  for (const note of scripts.notes) console.log(`  note: ${note}`);
  const routeChunks = scripts.routeChunks.map((file) => relative(dist, file));
  console.log(`  login route chunk(s): ${routeChunks.join(', ') || '(none: in the entry graph)'}`);

  const files = scripts.files
    .map((file) => {
      const raw = readFileSync(file);
      return { file: relative(dist, file), raw: raw.length, gzip: gzipSync(raw).length };
    })
    .sort((a, b) => b.gzip - a.gzip);
  const totalRaw = files.reduce((sum, { raw }) => sum + raw, 0);
  const totalGzip = files.reduce((sum, { gzip }) => sum + gzip, 0);
  const listing = [
    { file: 'file', raw: 'raw', gzip: 'gzip' },
    ...files.map(({ file, raw, gzip }) => ({ file, raw: kB(raw), gzip: kB(gzip) })),
    { file: `total (${files.length} files)`, raw: kB(totalRaw), gzip: kB(totalGzip) },
  ];
  const nameWidth = Math.max(...listing.map(({ file }) => file.length));
  for (const { file, raw, gzip } of listing) {
    console.log(`  ${file.padEnd(nameWidth)}  ${raw.padStart(10)}  ${gzip.padStart(10)}`);
  }
  addRow(
    `SPA /login JS (${files.length} files, gzip)`,
    kB(totalGzip),
    '< 200 kB',
    totalGzip < TARGETS.spaGzipBytes,
  );
}

// ----------------------------------------------------------------------------------------------- main

function selectedParts(): Part[] {
  const { values } = parseArgs({ options: { only: { type: 'string' } }, allowPositionals: false });
  if (values.only === undefined) return PARTS;
  if (!PARTS.includes(values.only as Part)) {
    throw new Error(`--only must be one of ${PARTS.join(', ')} (got '${values.only}')`);
  }
  return [values.only as Part];
}

const RUNNERS: Record<Part, () => Promise<void>> = {
  bundles: benchBundles,
  api: benchApi,
  spa: benchSpa,
  invite: async () => {
    heading(`Inviting a member: request latency, e-mail arrival, floor (${INVITES} invites)`);
    const stack = await benchStack();
    await benchInvite(stack, await demoToken(), INVITES, addRow);
  },
  fanout: async () => {
    heading('Live events: publish to 200 websocket connections of one team');
    await benchFanout(await benchStack(), ROOT, addRow);
  },
  projects: async () => {
    heading('Projects at size: a 5,000-question dashboard, a status change, a 500-project list');
    await benchProjects(await benchStack(), await demoToken(), addRow);
  },
  answering: async () => {
    heading('Question answering at size: a 5,000-question list, first rows, scrolling, saves');
    ensureWebBuild(join(ROOT, 'web', 'dist'));
    await benchAnswering(await benchStack(), await demoToken(), addRow);
  },
  imports: async () => {
    heading('Imports at size: a 10,000-question workbook imported, a 2,000-question one written back');
    await benchImports(await benchStack(), await demoToken(), addRow);
  },
  versions: async () => {
    heading('A new version of a 1,000-question workbook: compared, shown and applied');
    await benchVersions(await benchStack(), await demoToken(), addRow);
  },
  amplification: async () => {
    heading('Memory amplification on upload: peak memory reading hostile files, beside a normal one');
    await benchAmplification(addRow);
  },
  review: async () => {
    heading('Library review job at size: 20,000 answers, one in ten due, two runs');
    await benchStack();
    await benchReview(addRow);
  },
  library: async () => {
    heading('Answer library at size: 20,000 answers imported, suggestions for one question, autofill of 400');
    await benchLibrary(await benchStack(), await demoToken(), addRow);
  },
  suggestions: async () => {
    heading('The suggestion engine in memory: quality on the evaluation sets, the 20,000-entry index');
    await benchSuggestionQuality(addRow);
  },
  insights: async () => {
    heading('Insights at size: 100,000 answered questions searched, and the public API');
    await benchInsights(await benchStack(), await demoToken(), addRow);
  },
  gaps: async () => {
    heading("The library's gap list: 50 projects × 300 questions, the job beside its floor, the view");
    await benchGaps(addRow);
  },
  detection: async () => {
    heading('Layout detection against the layout test set (test/fixtures/questionnaires)');
    await benchDetection(addRow);
    heading('Detection on the questionnaire families (test/fixtures/families): figures only');
    await benchFamilies(addRow);
  },
  consistency: async () => {
    heading('Consistency check: the contradiction detector on labelled answer pairs');
    await benchConsistency(ROOT, addRow);
  },
  mcp: async () => {
    heading(
      'The answer engine over MCP: a suggest_answers tool call beside the same suggestions through REST',
    );
    await benchMcp(await benchStack(), await demoToken(), addRow);
  },
  webhooks: async () => {
    heading('Outgoing webhooks: delivery latency, and a receiver down for 10 minutes');
    await benchWebhooks(await benchStack(), await demoToken(), addRow);
  },
  health: async () => {
    heading('Library health: duplicate detection on labelled pairs, the check of a 20,000-answer library');
    await benchLibraryHealth(ROOT, addRow);
  },
};

async function main(): Promise<number> {
  let parts: Part[];
  try {
    parts = selectedParts();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(`usage: npm run bench [-- --only ${PARTS.join('|')}]`);
    return 2;
  }
  let failed = false;
  for (const part of parts) {
    try {
      await RUNNERS[part]();
    } catch (error) {
      failed = true;
      console.error(`\n  ${part} failed:`, error);
      rows.push({ metric: `${part}`, figure: '-', target: '-', error: true });
    }
  }
  await stopBenchStack();
  heading('Summary');
  for (const line of renderTable(rows)) console.log(line);
  return failed ? 1 : 0;
}

// Exit explicitly: SDK clients and emulators may leave handles that would keep the process alive.
process.exit(await main());
