import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { vmHwmBytes } from '../../scripts/bench/peak-rss';
import { median, percentile, renderTable } from '../../scripts/bench/report';
import { closure, htmlTags, routeScripts } from '../../scripts/bench/spa';

describe('bench statistics', () => {
  it('takes the median of odd and even samples', () => {
    expect(median([300, 100, 200])).toBe(200);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  it('uses nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
  });

  it('renders met, MISSED, informational and error rows with a tally', () => {
    const lines = renderTable([
      { metric: 'a', figure: '1 ms', target: '< 2 ms', met: true },
      { metric: 'b', figure: '3 ms', target: '< 2 ms', met: false },
      { metric: 'c', figure: '9 req/s', target: '-' },
      { metric: 'd', figure: '-', target: '-', error: true },
    ]);
    expect(lines[2]).toMatch(/\| a .*\| met +\|$/);
    expect(lines[3]).toMatch(/MISSED/);
    expect(lines[5]).toMatch(/ERROR/);
    expect(lines.at(-1)).toBe('1/2 targets met, 1 MISSED, 1 part(s) failed with an error');
  });
});

describe('SPA route scripts', () => {
  let dist: string | undefined;
  afterEach(() => {
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  /** A built SPA without a manifest: index.html and these files under assets/. */
  function builtSpa(html: string, files: Record<string, string>) {
    dist = mkdtempSync(join(tmpdir(), 'bench-spa-'));
    const assets = join(dist, 'assets');
    mkdirSync(assets);
    writeFileSync(join(dist, 'index.html'), html);
    for (const [name, code] of Object.entries(files)) writeFileSync(join(assets, name), code);
    return { dist, assets };
  }

  it('reads script and modulepreload tags whatever the attribute order', () => {
    const tags = htmlTags(
      `<script crossorigin type="module" src="/assets/a.js"></script><link href='/assets/b.js' rel=modulepreload>`,
    );
    expect(tags).toEqual([
      { tag: 'script', attrs: { crossorigin: '', type: 'module', src: '/assets/a.js' } },
      { tag: 'link', attrs: { href: '/assets/b.js', rel: 'modulepreload' } },
    ]);
  });

  it('follows a graph with cycles', () => {
    const edges: Record<string, string[]> = { a: ['b'], b: ['a', 'c'], c: [], d: ['a'] };
    expect([...closure(['a'], (n) => edges[n])].sort()).toEqual(['a', 'b', 'c']);
  });

  it('counts the shell, the route chunk and their static imports, but not other lazy routes', async () => {
    const { dist, assets } = builtSpa(
      '<script type="module" crossorigin src="/assets/index.js"></script><link rel="modulepreload" href="/assets/vendor.js">',
      {
        'vendor.js': 'export const v = 1;',
        'shared.js': 'export const s = "import(\\"./decoy.js\\")";',
        'decoy.js': 'export const d = 1;',
        'index.js':
          'import { v } from "./vendor.js"; export const x = v; const l = () => import("./login.js"); const o = () => import("./other.js"); console.log(l, o);',
        'login.js': 'import { s } from "./shared.js"; export default () => "Sign in to your account" + s;',
        'other.js': 'import { s } from "./shared.js"; export default () => "Other" + s;',
      },
    );
    const result = await routeScripts(dist, {
      chunkName: 'login',
      srcPattern: /login\.tsx$/,
      text: 'Sign in to your account',
    });
    const names = result.files.map((file) => file.slice(assets.length + 1)).sort();
    expect(names).toEqual(['index.js', 'login.js', 'shared.js', 'vendor.js']);
    expect(result.routeChunks).toEqual([join(assets, 'login.js')]);
    expect(result.notes).toEqual([]);
  });

  it("counts the route's own chunk, not another route that shows the same text", async () => {
    // Prepare: a confirm step says "Sign in to your account" too, and imports a heavy field.
    const { dist, assets } = builtSpa('<script type="module" src="/assets/index-Ab12Cd34.js"></script>', {
      'index-Ab12Cd34.js':
        'const l = () => import("./sign-in-Xy12_z-9.js"); const c = () => import("./confirm-Qq11Ww22.js"); const f = () => import("./sign-in-flows-Ee33Rr44.js"); console.log(l, c, f);',
      'sign-in-Xy12_z-9.js': 'export default () => "Sign in to your account";',
      'sign-in-flows-Ee33Rr44.js': 'export default () => "Sign in to your account";',
      'heavy-Zz99Yy88.js': 'export const h = 1;',
      'confirm-Qq11Ww22.js':
        'import { h } from "./heavy-Zz99Yy88.js"; export default () => "Sign in to your account" + h;',
    });

    // Act
    const result = await routeScripts(dist, {
      chunkName: 'sign-in',
      srcPattern: /sign-in\.tsx$/,
      text: 'Sign in to your account',
    });

    // Assess: the entry and the chunk named sign-in only.
    const names = result.files.map((file) => file.slice(assets.length + 1)).sort();
    expect(names).toEqual(['index-Ab12Cd34.js', 'sign-in-Xy12_z-9.js']);
  });

  it('uses the Vite manifest when there is one', async () => {
    dist = mkdtempSync(join(tmpdir(), 'bench-spa-'));
    mkdirSync(join(dist, '.vite'));
    mkdirSync(join(dist, 'assets'));
    for (const name of ['index', 'vendor', 'login', 'card', 'a']) {
      writeFileSync(join(dist, 'assets', `${name}.js`), 'export {};');
    }
    writeFileSync(join(dist, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': {
          file: 'assets/index.js',
          isEntry: true,
          imports: ['_vendor.js'],
          dynamicImports: ['src/a.tsx'],
        },
        '_vendor.js': { file: 'assets/vendor.js' },
        'src/login.tsx': {
          file: 'assets/login.js',
          name: 'login',
          isDynamicEntry: true,
          imports: ['_card.js'],
        },
        '_card.js': { file: 'assets/card.js', css: ['assets/card.css'] },
        'src/a.tsx': { file: 'assets/a.js', name: 'a', isDynamicEntry: true },
      }),
    );
    const result = await routeScripts(dist, {
      chunkName: 'login',
      srcPattern: /login\.tsx$/,
      text: 'unused',
    });
    const names = result.files.map((file) => file.slice(dist!.length + 1)).sort();
    expect(names).toEqual(['assets/card.js', 'assets/index.js', 'assets/login.js', 'assets/vendor.js']);
  });
});

describe("a bench child's own peak memory", () => {
  it('reads VmHWM from /proc/self/status in bytes, and nothing from a status without it', () => {
    // Prepare: a status as Linux writes it (VmPeak and VmRSS around VmHWM, all in kB).
    const status = [
      'Name:\tnode',
      'VmPeak:\t 11734024 kB',
      'VmSize:\t 11667464 kB',
      'VmHWM:\t   123456 kB',
      'VmRSS:\t    98765 kB',
      'Threads:\t11',
    ].join('\n');

    // Act
    const bytes = vmHwmBytes(status);

    // Assess: VmHWM's figure, not VmPeak's or VmRSS's; none without the line.
    expect(bytes).toBe(123_456 * 1024);
    expect(vmHwmBytes('Name:\tnode\nVmRSS:\t 98765 kB\n')).toBeUndefined();
    expect(vmHwmBytes('')).toBeUndefined();
  });
});
