/**
 * What `npm test` runs before Vitest: the lint, the type check and the web build (the browser tier
 * serves web/dist), side by side rather than one after another. Each one's output goes to
 * test-results/logs/checks/<name>.log; the terminal gets one line per check and, for a check that
 * failed, the end of its log. Exits non-zero when any check failed.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const LOGS = join(ROOT, 'test-results', 'logs', 'checks');
const CHECKS = ['lint', 'typecheck', 'build:web'] as const;
const TAIL_LINES = 40;

function run(
  name: (typeof CHECKS)[number],
): Promise<{ name: string; ok: boolean; seconds: number; log: string }> {
  const log = join(LOGS, `${name.replace(':', '-')}.log`);
  const output = openSync(log, 'w');
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn('npm', ['run', '--silent', name], { cwd: ROOT, stdio: ['ignore', output, output] });
    const finish = (ok: boolean) => done({ name, ok, seconds: (Date.now() - started) / 1000, log });
    child.once('error', () => finish(false));
    child.once('exit', (code) => finish(code === 0));
  });
}

mkdirSync(LOGS, { recursive: true });
const results = await Promise.all(CHECKS.map(run));
for (const { name, ok, seconds, log } of results) {
  console.log(`${ok ? '✓' : '✗'} ${name} (${seconds.toFixed(0)} s, log: ${relative(ROOT, log)})`);
  if (!ok) console.log(readFileSync(log, 'utf8').trimEnd().split('\n').slice(-TAIL_LINES).join('\n'));
}
process.exit(results.every((r) => r.ok) ? 0 : 1);
