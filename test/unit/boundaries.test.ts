/**
 * The architecture's boundaries (.dependency-cruiser.cjs) fail the lint when crossed. Each case
 * writes a tiny tree that crosses one boundary into a temporary folder and runs the real rules on
 * it: the rule must name the crossing. (`npm run lint` runs the same rules over the repository.)
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const run = promisify(execFile);
let tree: string;

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'workspace-boundaries-'));
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(tree, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(tree, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { moduleResolution: 'Bundler', module: 'ESNext', paths: { '@/*': ['./web/src/*'] } },
    }),
  );
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

/** Writes the files and runs dependency-cruiser with the repository's rules over `folder`. */
async function cruise(folder: string, files: Record<string, string>) {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  const bin = join(ROOT, 'node_modules', '.bin', 'depcruise');
  try {
    await run(bin, ['--config', '.dependency-cruiser.cjs', '--output-type', 'err', folder], { cwd: tree });
    return { failed: false, output: '' };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { failed: true, output: `${stdout}${stderr}` };
  }
}

describe('architecture boundaries', () => {
  it('fails when a web feature imports another feature', async () => {
    const result = await cruise('web', {
      'web/src/features/team/components/list.ts':
        "import { x } from '@/features/projects/api/get-x';\nexport const y = x;\n",
      'web/src/features/projects/api/get-x.ts': 'export const x = 1;\n',
    });
    expect(result.failed).toBe(true);
    expect(result.output).toContain('web-feature-imports-another-feature');
  });

  it('allows a feature to import its own files and web/src/lib', async () => {
    const result = await cruise('web/src/features/own', {
      'web/src/features/own/routes/page.ts':
        "import { a } from '../api/get-a';\nimport { b } from '@/lib/b';\nexport const c = a + b;\n",
      'web/src/features/own/api/get-a.ts': 'export const a = 1;\n',
      'web/src/lib/b.ts': 'export const b = 2;\n',
    });
    expect(result.output).toBe('');
    expect(result.failed).toBe(false);
  });

  it('fails when a route group imports another group', async () => {
    const result = await cruise('functions', {
      'functions/team/service.ts': "import { n } from '../notifications/service';\nexport const t = n;\n",
      'functions/notifications/service.ts': 'export const n = 1;\n',
    });
    expect(result.output).toContain('route-group-imports-another-group');
  });

  it('allows a route group to import what another group publishes (published.ts), and nothing else of it', async () => {
    const allowed = await cruise('functions/reader', {
      'functions/reader/service.ts': "import { p } from '../owner/published';\nexport const r = p;\n",
      'functions/owner/published.ts': 'export const p = 1;\n',
    });
    expect(allowed.output).toBe('');
    const refused = await cruise('functions/reader2', {
      'functions/reader2/service.ts': "import { q } from '../owner/repo';\nexport const r = q;\n",
      'functions/owner/repo.ts': 'export const q = 1;\n',
    });
    expect(refused.output).toContain('route-group-imports-another-group');
  });

  it('fails when scripts import a group internal or a test, or the web app imports server code', async () => {
    const result = await cruise('.', {
      'functions/billing/service.ts': 'export const s = 1;\n',
      'test/support/helper.ts': 'export const h = 1;\n',
      'scripts/seed.ts':
        "import { s } from '../functions/billing/service';\nimport { h } from '../test/support/helper';\nexport const x = s + h;\n",
      'web/src/app/app.ts': "import { s } from '../../../functions/billing/service';\nexport const a = s;\n",
    });
    expect(result.output).toContain('scripts-import-group-internals');
    expect(result.output).toContain('scripts-import-tests');
    expect(result.output).toContain('web-imports-server-code');
  });
});
