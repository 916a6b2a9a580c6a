/**
 * `npm start` (and `npm run dev` with --dev): the whole product on this machine, no AWS account.
 * `npm start -- --port N` or PORT=N moves the app to port N, every emulator to N+1..N+5 and the
 * SMTP listener for e-mail replies to N+6.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { PortInUseError } from './local/ports';
import { DEMO } from './local/provision';
import { startLocalStack } from './local/stack';

const ROOT = resolve(import.meta.dirname, '..');
// cognito-local still uses the v2 SDK; its end-of-support notice is noise for users of the product.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = '1';
const { values } = parseArgs({
  options: { port: { type: 'string' }, dev: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 1024 || port > 65_000) {
  console.error(`Invalid port: ${values.port ?? process.env.PORT}`);
  process.exit(1);
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
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', '--silent', 'build:web'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!values.dev) ensureWebBuild();
console.log('Starting the local stack…');
const stack = await startLocalStack({
  port,
  dataDir: join(ROOT, '.local', `port-${port}`),
  dev: values.dev,
  logLevel: process.env.LOG_LEVEL === 'debug' ? 'DEBUG' : 'INFO',
}).catch((error: unknown) => {
  // A taken port is the user's to resolve: the message says how, a stack trace would only hide it.
  if (!(error instanceof PortInUseError)) throw error;
  console.error(`\n${error.message}\n`);
  process.exit(1);
});

console.log(`
  Questionnaire Workspace is running${values.dev ? ' (hot reload)' : ''}

  App          ${stack.appUrl}
  Mail viewer  ${stack.mailUrl}   (sent e-mails, and replies received)
  Reply SMTP   ${stack.smtpUrl}   (replies to comment e-mails become comments)
  Demo sign-in ${DEMO.email} / ${DEMO.password}

  Data is kept in .local/port-${port}/. Press Ctrl-C to stop.
`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await stack.stop();
    process.exit(0);
  });
}
