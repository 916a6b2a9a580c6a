/**
 * `npm start` as a newcomer sees it (issue 9, defect 8): the terminal shows the banner, not the
 * request logs (they go to .local/port-N/local.log) nor the AWS SDK's Node-version notice; the mail
 * viewer still has its e-mails after a restart; what listens is what the README's port table lists.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CognitoIdentityProviderClient, SignUpCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_CLIENT_ID } from '../../scripts/local/cognito';
import { isPortFree } from '../../scripts/local/ports';
import { findFreeBasePort, portsFor } from '../../scripts/local/stack';
import { eventually } from '../support/eventually';
import { Resources } from '../support/resources';

const ROOT = resolve(import.meta.dirname, '../..');
const resources = new Resources();
afterAll(() => resources.stopAll());

interface Runner {
  child: ChildProcess;
  /** Everything the runner printed to the terminal so far (stdout and stderr). */
  terminal: () => string;
}

/**
 * `npm start -- --port <port>` (the script npm runs, or npm itself with `viaNpm`), resolved once
 * the banner is out.
 */
function npmStart(port: number, viaNpm = false): Promise<Runner> {
  const env = { ...process.env };
  delete env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED;
  delete env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE;
  const [command, args] = viaNpm
    ? ['npm', ['start', '--', '--port', String(port)]]
    : [process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--port', String(port)]];
  // npm in a process group of its own, so whatever it leaves behind is stopped with the group.
  const child = spawn(command, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
    detached: viaNpm,
  });
  resources.add(() => {
    if (viaNpm && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    } else if (child.exitCode === null) child.kill('SIGKILL');
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start not up in 180 s:\n${output}`)), 180_000);
    const poll = setInterval(() => {
      if (!output.includes('Press Ctrl-C to stop.')) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolvePromise({ child, terminal: () => output });
    }, 200);
    child.once('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code ?? signal}) before it was up:\n${output}`));
    });
  });
}

async function stop(runner: Runner) {
  const exited = new Promise((resolvePromise) => runner.child.once('exit', resolvePromise));
  runner.child.kill('SIGINT');
  await exited;
}

async function storedSubjects(mailUrl: string): Promise<string[]> {
  const response = await fetch(`${mailUrl}/store`);
  const { emails } = (await response.json()) as { emails: Array<{ subject: string }> };
  return emails.map((email) => email.subject);
}

describe('npm start', () => {
  /** npm start as npm runs it, left running by the first test for the second. */
  let viaNpm: { runner: Runner; ports: ReturnType<typeof portsFor> } | undefined;

  it('prints a readable banner, logs to .local/, keeps the mail across a restart, and listens where the README says', async () => {
    const ports = portsFor(await findFreeBasePort());
    const dataDir = join(ROOT, '.local', `port-${ports.app}`);
    resources.add(() => rmSync(dataDir, { recursive: true, force: true }));
    const mailUrl = `http://127.0.0.1:${ports.ses}`;

    const first = await npmStart(ports.app);
    const banner = first.terminal();
    expect(banner).toContain(`App          http://127.0.0.1:${ports.app}`);
    expect(banner).toContain(`Logs         .local/port-${ports.app}/local.log`);
    expect(banner).toContain(`MCP server   http://127.0.0.1:${ports.app}/api/mcp`);
    // What the banner says to connect to answers an MCP client's first message, with the key's headers.
    const unsigned = await fetch(`http://127.0.0.1:${ports.app}/api/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize' }),
    });
    expect(unsigned.status).toBe(401);

    // Requests are logged, to the file only.
    const lookup = await fetch(`http://127.0.0.1:${ports.app}/api/public/sso/domain`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ domain: 'example.org' }),
    });
    expect(lookup.status).toBe(200);
    const email = `restart-${Date.now().toString(36)}@example.org`;
    await new CognitoIdentityProviderClient({
      endpoint: `http://127.0.0.1:${ports.cognito}`,
      region: 'ap-southeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }).send(new SignUpCommand({ ClientId: LOCAL_CLIENT_ID, Username: email, Password: 'Str0ng-Passw0rd!' }));
    await eventually(async () => {
      expect((await storedSubjects(mailUrl)).some((s) => /verification code/.test(s))).toBe(true);
    });
    const logFile = join(dataDir, 'local.log');
    await eventually(() => {
      expect(readFileSync(logFile, 'utf8')).toContain('/api/public/sso/domain');
    });
    const terminal = first.terminal();
    expect(terminal).not.toContain('"level"');
    expect(terminal).not.toContain('/api/public/sso/domain');
    expect(terminal).not.toContain('NodeVersionSupportWarning');
    expect(terminal).not.toMatch(/Warning|NOTE:/);

    // What listens is the README's table: app + 1 to + 4 and + 6 (+ 5 is Vite's, with npm run dev).
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^\s*\| app \+ (\d+) \| (.+) \|$/gm)].map(
      (m) => [Number(m[1]), m[2]] as const,
    );
    const offsets = listed.filter(([, what]) => !what.includes('npm run dev')).map(([offset]) => offset);
    const listening = Object.values(ports)
      .filter((port) => port !== ports.app)
      .map((port) => port - ports.app);
    expect(offsets.sort()).toEqual(listening.sort());
    for (const offset of offsets) expect(await isPortFree(ports.app + offset), `app + ${offset}`).toBe(false);

    const sentBefore = await storedSubjects(mailUrl);
    await stop(first);
    expect(first.terminal()).toContain('Stopping…');

    // The second start is npm's own (`npm start`), as a process manager runs it; the next test stops it.
    const second = await npmStart(ports.app, true);
    // Every e-mail of the first run is still there (the new run may have sent more since).
    expect((await storedSubjects(mailUrl)).slice(0, sentBefore.length)).toEqual(sentBefore);
    expect(sentBefore.some((s) => /verification code/.test(s))).toBe(true);
    expect(existsSync(`${logFile}.1`)).toBe(true);
    viaNpm = { runner: second, ports };
  }, 420_000);

  it('stops with everything it started when npm itself is sent SIGTERM (as a process manager stops it)', async () => {
    // Prepare: the npm started by the test above (a third start would cost a whole stack's start).
    if (!viaNpm) throw new Error('The test above did not leave npm start running');
    const { runner, ports } = viaNpm;
    expect(await isPortFree(ports.dynamodb)).toBe(false);

    // Act
    const exited = new Promise((resolvePromise) => runner.child.once('exit', resolvePromise));
    runner.child.kill('SIGTERM');
    await exited;

    // Assess: npm's shell hands the signal on (the script execs the runner), so nothing stays up.
    await eventually(
      async () => {
        for (const port of Object.values(ports)) expect(await isPortFree(port), `port ${port}`).toBe(true);
      },
      { timeoutMs: 30_000 },
    );
  }, 120_000);
});
