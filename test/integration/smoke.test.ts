/**
 * The operator scripts of the deploy runbook (docs/deploy.md), against a local stack.
 *
 * The post-deploy smoke check (scripts/smoke.ts): every check passes against a working stage, and
 * each way a stage can be wrong (no such URL, not the app, a wrong password, a websocket that does
 * not answer, a site and an API of different stages) fails with a message that says what, skipping
 * what depended on it. The CLI is run as a child process too.
 *
 * Linking a customer's team to its identity provider (scripts/team-sso.ts): the sign-in look-ups
 * find the provider afterwards; a provider the stage lacks, an unknown member or a bad domain is
 * refused before anything is written.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { DEMO } from '../../scripts/local/provision';
import { CHECK_NAMES, type CheckResult, main, runSmoke, type SmokeReport } from '../../scripts/smoke';
import { linkTeamSso, main as teamSsoMain } from '../../scripts/team-sso';
import type { RuntimeConfig } from '../../shared/schemas/runtime-config';
import { startTestStack, type TestStack } from '../support/local-stack';
import { Resources } from '../support/resources';

const ROOT = resolve(import.meta.dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'smoke.ts');
/** Short, so the failures that wait (a websocket nobody answers) end quickly. */
const TIMEOUT_MS = 5_000;

let stack: TestStack;
const resources = new Resources();
beforeAll(async () => {
  stack = await resources.start(startTestStack({ seed: 'team' }), (s) => s.stop());
});
afterAll(() => resources.stopAll());

const statuses = (report: SmokeReport) => Object.fromEntries(report.checks.map((c) => [c.name, c.status]));
const check = (report: SmokeReport, name: CheckResult['name']) => report.checks.find((c) => c.name === name)!;

async function smoke(url: string, password: string = DEMO.password) {
  const lines: string[] = [];
  const report = await runSmoke({
    url,
    email: DEMO.email,
    password,
    timeoutMs: TIMEOUT_MS,
    log: (line) => lines.push(line),
  });
  return { report, lines };
}

function listen(server: Server): Promise<string> {
  return new Promise((done, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}
const close = (server: Server) => new Promise<void>((done) => server.close(() => done()));

/** A URL on this machine where nothing listens. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  const url = await listen(server);
  await close(server);
  return url;
}

/**
 * A site in front of the stack, as CloudFront is: its own /runtime-config.json (the stack's, changed
 * by `edit`), every other GET passed through to the stack's gateway.
 */
async function siteInFront(edit: (config: RuntimeConfig) => RuntimeConfig): Promise<string> {
  const config = (await (await fetch(`${stack.appUrl}/runtime-config.json`)).json()) as RuntimeConfig;
  const server = createServer((req, res) => {
    if (req.url === '/runtime-config.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(edit(config)));
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of ['authorization', 'accept', 'x-session-id']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    fetch(`${stack.appUrl}${req.url}`, { headers })
      .then(async (upstream) => {
        res.writeHead(upstream.status, {
          'content-type': upstream.headers.get('content-type') ?? 'text/plain',
        });
        res.end(Buffer.from(await upstream.arrayBuffer()));
      })
      .catch(() => {
        res.writeHead(502);
        res.end();
      });
  });
  const url = await resources.start(listen(server), () => close(server));
  return url;
}

function runCli(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Without the test process's AWS endpoint variables: the CLI must find the user pool from the site.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('AWS_')));
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}

const LINE = (status: 'PASS' | 'FAIL' | 'SKIP', name: string) =>
  new RegExp(`^\\d{2}:\\d{2}:\\d{2}\\.\\d{3}  ${status}  ${name.replace('-', '\\-')}\\s`);

describe('smoke check (scripts/smoke.ts)', () => {
  it('passes every check against a working stack, one timed line per check', async () => {
    // Prepare: the stack with the demo user, who has completed registration and has a team.

    // Act
    const { report, lines } = await smoke(stack.appUrl);

    // Assess
    expect(statuses(report)).toEqual(Object.fromEntries(CHECK_NAMES.map((name) => [name, 'pass'])));
    expect(report.ok).toBe(true);
    expect(lines).toHaveLength(CHECK_NAMES.length + 1);
    CHECK_NAMES.forEach((name, i) => {
      expect(lines[i]).toMatch(LINE('PASS', name));
      expect(lines[i]).toMatch(/\s\d+ ms {2}/);
    });
    expect(check(report, 'config').detail).toContain('stage local');
    expect(check(report, 'health').detail).toBe('status ok, stage local, table reachable');
    expect(check(report, 'sign-in').detail).toMatch(
      new RegExp(`^${DEMO.email} signed in \\(user [\\w-]+\\), ID token valid \\d+ s$`),
    );
    expect(check(report, 'user').detail).toMatch(/^user \S+, team (?!none)\S+$/);
    expect(check(report, 'websocket').detail).toMatch(
      /^ws:\/\/127\.0\.0\.1:\d+\/ws: WS-CONNECTED after \d+ ms, WS-AUTHORIZED after \d+ ms$/,
    );
    expect(lines.at(-1)).toMatch(
      /^smoke passed: 5 passed, 0 failed, 0 skipped in \d+ ms against http:\/\/127/,
    );
  });

  it('fails sign-in with a wrong password, saying Cognito refused it, and skips what needs a user', async () => {
    // Prepare: the demo user's address with a password that is not theirs.
    const wrong = `${DEMO.password}-wrong`;

    // Act
    const { report, lines } = await smoke(stack.appUrl, wrong);

    // Assess
    expect(report.ok).toBe(false);
    expect(statuses(report)).toEqual({
      config: 'pass',
      health: 'pass',
      'sign-in': 'fail',
      user: 'skip',
      websocket: 'skip',
    });
    expect(check(report, 'sign-in').detail).toMatch(
      new RegExp(`^Cognito refused the sign-in of ${DEMO.email}: NotAuthorizedException: .*password`, 'i'),
    );
    expect(check(report, 'user').detail).toBe('needs a signed-in user');
    expect(lines[2]).toMatch(LINE('FAIL', 'sign-in'));
    expect(lines.at(-1)).toMatch(/^smoke FAILED: 2 passed, 1 failed, 2 skipped/);
  });

  it('fails with a clear message against a URL where nothing listens', async () => {
    // Prepare
    const url = await deadUrl();

    // Act
    const { report } = await smoke(url);

    // Assess
    expect(report.ok).toBe(false);
    expect(statuses(report)).toEqual({
      config: 'fail',
      health: 'fail',
      'sign-in': 'skip',
      user: 'skip',
      websocket: 'skip',
    });
    expect(check(report, 'config').detail).toBe(
      `cannot reach ${url}/runtime-config.json: connect ECONNREFUSED ${url.slice('http://'.length)}`,
    );
    expect(check(report, 'health').detail).toMatch(
      new RegExp(`^cannot reach ${url}/api/health: .*ECONNREFUSED`),
    );
  });

  it('fails against a URL that answers but is not the app, and against something that is not a URL', async () => {
    // Prepare: a server on this machine that answers 404 to everything.
    const server = createServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not here</h1>');
    });
    const url = await resources.start(listen(server), () => close(server));

    // Act
    const notTheApp = await smoke(`${url}/some/page?x=1`);
    const notAUrl = await smoke('d123.cloudfront.net');

    // Assess
    expect(check(notTheApp.report, 'config').detail).toBe(
      `GET ${url}/runtime-config.json answered 404; is ${url} the stage's app URL (the AppUrl stack output), and was the site deployed?`,
    );
    expect(check(notTheApp.report, 'health').detail).toBe('GET /api/health answered 404: <h1>Not here</h1>');
    expect(notTheApp.report.ok).toBe(false);
    expect(statuses(notAUrl.report)).toEqual({
      config: 'fail',
      health: 'skip',
      'sign-in': 'skip',
      user: 'skip',
      websocket: 'skip',
    });
    expect(check(notAUrl.report, 'config').detail).toMatch(/^"d123\.cloudfront\.net" is not a URL/);
  });

  it('fails the websocket check when the websocket the site names does not answer', async () => {
    // Prepare: a site whose runtime config names an absolute websocket URL (as on AWS) where nothing listens.
    const dead = await deadUrl();
    const site = await siteInFront((config) => ({
      ...config,
      websocketUrl: `${dead.replace('http', 'ws')}/ws`,
    }));

    // Act
    const { report } = await smoke(site);

    // Assess
    expect(statuses(report)).toEqual({
      config: 'pass',
      health: 'pass',
      'sign-in': 'pass',
      user: 'pass',
      websocket: 'fail',
    });
    expect(check(report, 'websocket').detail).toMatch(
      new RegExp(`^cannot open ${dead.replace('http', 'ws')}/ws: .*ECONNREFUSED`),
    );
    expect(report.ok).toBe(false);
  });

  it('fails the websocket check at once when the server does not understand the handshake', async () => {
    // Prepare: a websocket server that answers every message as the real one answers an unknown one.
    const wss = await resources.start(
      new Promise<WebSocketServer>((done) => {
        const server: WebSocketServer = new WebSocketServer({ host: '127.0.0.1', port: 0 }, () =>
          done(server),
        );
      }),
      (server) => new Promise<void>((done) => server.close(() => done())),
    );
    wss.on('connection', (ws) =>
      ws.on('message', () =>
        ws.send(JSON.stringify({ eventName: 'WS-ERROR', data: { message: 'Unknown message' } })),
      ),
    );
    const port = (wss.address() as AddressInfo).port;
    const site = await siteInFront((config) => ({ ...config, websocketUrl: `ws://127.0.0.1:${port}/ws` }));

    // Act
    const { report } = await smoke(site);

    // Assess
    expect(check(report, 'websocket')).toMatchObject({
      status: 'fail',
      detail: 'the server answered WS-ERROR (Unknown message) while waiting for WS-CONNECTED',
    });
    expect(check(report, 'websocket').durationMs).toBeLessThan(TIMEOUT_MS);
  });

  it('fails the health check when the site and the API behind it are different stages', async () => {
    // Prepare: a site that says it is prod in front of the local API.
    const site = await siteInFront((config) => ({ ...config, stage: 'prod' }));

    // Act
    const { report } = await smoke(site);

    // Assess
    expect(check(report, 'health')).toMatchObject({
      status: 'fail',
      detail: 'the API answers for stage "local" but the site is stage "prod"',
    });
    expect(report.ok).toBe(false);
  });

  it('as a command: exit 0 and a line per check when all pass, 1 on a failure, 2 on bad arguments', async () => {
    // Prepare
    const args = ['--url', stack.appUrl, '--email', DEMO.email, '--timeout', String(TIMEOUT_MS)];

    // Act
    const [passing, failing] = await Promise.all([
      runCli([...args, '--password', DEMO.password]),
      runCli([...args, '--password', 'Not-The-Passw0rd!']),
    ]);
    const badArguments = await main(['--url', stack.appUrl]);

    // Assess
    expect(passing.code, passing.stderr).toBe(0);
    const passLines = passing.stdout.trim().split('\n');
    expect(
      passLines.slice(0, CHECK_NAMES.length).map((line, i) => LINE('PASS', CHECK_NAMES[i]).test(line)),
    ).toEqual(CHECK_NAMES.map(() => true));
    expect(passLines.at(-1)).toMatch(/^smoke passed: 5 passed/);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/FAIL {2}sign-in .*NotAuthorizedException/);
    expect(failing.stdout).toMatch(/^smoke FAILED/m);
    expect(badArguments).toBe(2);
  });
});

/** The provider the public sign-in look-up names for an alias or a domain (null: none). */
async function lookUp(kind: 'alias' | 'domain', value: string): Promise<unknown> {
  const response = await fetch(`${stack.appUrl}/api/public/sso/${kind}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ [kind]: value }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { providerName: unknown } }).data.providerName;
}

describe("linking a customer's team to its identity provider (scripts/team-sso.ts)", () => {
  const link = (overrides: Partial<Parameters<typeof linkTeamSso>[0]> = {}) =>
    linkTeamSso({
      table: stack.tableName,
      owner: DEMO.email,
      providerName: DEMO.ssoProvider,
      aliases: [],
      domains: [],
      knownProviders: [DEMO.ssoProvider],
      ...overrides,
    });

  it("links aliases and domains to the owner's team, so the sign-in look-ups find its provider", async () => {
    // Prepare
    expect(await lookUp('alias', 'acme-runbook')).toBeNull();
    expect(await lookUp('domain', 'acme-runbook.example')).toBeNull();

    // Act: as an operator types it (any case, spaces, repeated), and a second time.
    const first = await link({
      owner: ` ${DEMO.email.toUpperCase()} `,
      aliases: ['acme-runbook', ' ACME-Runbook '],
      domains: ['Acme-Runbook.example'],
    });
    const again = await link({ aliases: ['acme-runbook'], domains: ['acme-runbook.example'] });

    // Assess
    expect(first).toEqual({
      teamId: expect.any(String),
      providerName: DEMO.ssoProvider,
      aliases: ['acme-runbook'],
      domains: ['acme-runbook.example'],
    });
    expect(again).toEqual(first);
    expect(await lookUp('alias', 'acme-runbook')).toBe(DEMO.ssoProvider);
    expect(await lookUp('domain', 'acme-runbook.example')).toBe(DEMO.ssoProvider);
  });

  it('refuses a provider the stage lacks, a stranger and a bad alias or domain, writing nothing', async () => {
    // Prepare
    const attempt = { aliases: ['refused-runbook'], domains: ['refused-runbook.example'] };

    // Act and Assess
    await expect(link({ ...attempt, providerName: 'NoSuchIdp' })).rejects.toThrow(
      'The stage has no identity provider "NoSuchIdp" (it has: DemoOIDC); add it to ssoProviders',
    );
    await expect(link({ ...attempt, owner: 'nobody@example.com' })).rejects.toThrow(
      `nobody@example.com is not a registered member of a team in ${stack.tableName}`,
    );
    await expect(link({ ...attempt, domains: ['not a domain'] })).rejects.toThrow(
      '"not a domain" is not an e-mail domain',
    );
    await expect(link({ aliases: ['a/b'] })).rejects.toThrow('"a/b" is not an alias');
    await expect(link()).rejects.toThrow('Give at least one --alias or --domain');
    expect(await lookUp('alias', 'refused-runbook')).toBeNull();
    expect(await lookUp('domain', 'refused-runbook.example')).toBeNull();
  });

  it("as a command: checks the provider against the stage's configuration, exit 0 / 1 / 2", async () => {
    // Prepare: the dev stage's configuration names the provider ExampleCorp.
    const args = ['--stage', 'dev', '--table', stack.tableName, '--owner', DEMO.email];

    // Act
    const linked = await teamSsoMain([
      ...args,
      '--provider',
      'ExampleCorp',
      '--alias',
      'examplecorp-runbook',
    ]);
    const unknown = await teamSsoMain([
      ...args,
      '--provider',
      DEMO.ssoProvider,
      '--alias',
      'unknown-runbook',
    ]);
    const incomplete = await teamSsoMain(['--stage', 'dev', '--provider', 'ExampleCorp']);

    // Assess
    expect([linked, unknown, incomplete]).toEqual([0, 1, 2]);
    expect(await lookUp('alias', 'examplecorp-runbook')).toBe('ExampleCorp');
    expect(await lookUp('alias', 'unknown-runbook')).toBeNull();
  });
});
