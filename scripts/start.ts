/**
 * `npm start` (and `npm run dev` with --dev): the whole product on this machine, no AWS account.
 * `npm start -- --port N` or PORT=N moves the app to port N and every emulator to the ports after it
 * (see portsFor in local/stack.ts). The emulators' and request logs go to .local/port-N/local.log;
 * `--verbose` shows them on the terminal instead.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LocalDataError } from './local/local-data';
import { sendOutputToFile, terminal } from './local/log-file';
import { PortInUseError } from './local/ports';
import { DEMO } from './local/provision';
import { startLocalStack } from './local/stack';

const ROOT = resolve(import.meta.dirname, '..');
// cognito-local still uses the v2 SDK; its end-of-support notice is noise for users of the product.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
// The v3 SDK's notice that its 2027 releases will need Node 22 (the SDK's documented switch).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    dev: { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1024 || port > 65_000) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
}
const dataDir = join(ROOT, '.local', `port-${port}`);
const logFile = join(dataDir, 'local.log');
const shownLogFile = `.local/port-${port}/local.log`;
if (!values.verbose) {
  sendOutputToFile(logFile);
  // Whatever ends the runner is told on the terminal too, not only in the log.
  process.on('uncaughtException', (error) => {
    console.error(error);
    terminal.warn(`\nThe local stack stopped: ${error.message}\nSee ${shownLogFile} for the details.\n`);
    process.exit(1);
  });
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/**
 * Build the SPA (and the API reference's assets, web/dist/api-docs/) when web/dist is missing, incomplete
 * or older than its sources: the same `npm run build:web` a deployment uses.
 */
function ensureWebBuild() {
  const built = ['index.html', 'api-docs/init.js'].map((file) => join(ROOT, 'web', 'dist', file));
  const sources = [
    'web/src',
    'web/index.html',
    'web/vite.config.ts',
    'shared',
    'scripts/copy-api-docs.ts',
  ].map((p) => join(ROOT, p));
  const newestSource = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (built.every((file) => existsSync(file) && statSync(file).mtimeMs >= newestSource)) return;
  terminal.say('Building the web app…');
  const output = values.verbose ? 'inherit' : openSync(logFile, 'a');
  const result = spawnSync('npm', ['run', '--silent', 'build:web'], {
    cwd: ROOT,
    stdio: ['ignore', output, output],
  });
  if (typeof output === 'number') closeSync(output);
  if (result.status !== 0) {
    if (!values.verbose) terminal.warn(readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n'));
    process.exit(result.status ?? 1);
  }
}

if (!values.dev) ensureWebBuild();
terminal.say('Starting the local stack…');
const stack = await startLocalStack({
  port,
  dataDir,
  dev: values.dev,
  // A customer's file is read in a process of its own, within its Lambda's time and memory.
  budgetedJobs: true,
  logLevel: process.env.LOG_LEVEL === 'debug' ? 'DEBUG' : 'INFO',
}).catch((error: unknown) => {
  // A taken port or inconsistent local data is the user's to resolve: the message says how, a stack
  // trace would only hide it.
  if (!(error instanceof PortInUseError || error instanceof LocalDataError)) throw error;
  terminal.warn(`\n${error.message}\n`);
  process.exit(1);
});

terminal.say(`
  Questionnaire Workspace is running${values.dev ? ' (hot reload)' : ''}

  App          ${stack.appUrl}
  Mail viewer  ${stack.mailUrl}   (sent e-mails, and replies received)
  Reply SMTP   ${stack.smtpUrl}   (replies to comment e-mails become comments)
  Demo sign-in ${DEMO.email} / ${DEMO.password}
  MCP server   ${stack.appUrl}/api/mcp   (streamable HTTP; headers client_id and client_secret from Settings → API Access; tools in ${stack.appUrl}/api/docs)
  Logs         ${values.verbose ? 'on this terminal (--verbose)' : `${shownLogFile}   (npm start -- --verbose shows them here)`}

  Data is kept in .local/port-${port}/. Press Ctrl-C to stop.
`);

let stopping = false;
// Whatever stops the runner, the stack stops first: the user pool's last writes land (pool-store.ts).
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    terminal.say('\nStopping…');
    await stack.stop();
    process.exit(0);
  });
}
