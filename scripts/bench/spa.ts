/**
 * Which built files the browser loads for one lazily loaded route of the SPA (web/dist): the entry
 * script(s) and modulepreloads from index.html, their static imports, and the route's own chunk
 * with its static imports. Uses web/dist/.vite/manifest.json when the build wrote one; otherwise
 * esbuild parses the chunks (so an `import` inside a string or comment is not mistaken for one).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';

export interface HtmlTag {
  tag: string;
  attrs: Record<string, string>;
}

/** Attributes of every <script> and <link> tag in an HTML document. */
export function htmlTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = [];
  for (const match of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs: Record<string, string> = {};
    for (const attr of match[2].matchAll(/([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      attrs[attr[1].toLowerCase()] = attr[2] ?? attr[3] ?? attr[4] ?? '';
    }
    tags.push({ tag: match[1].toLowerCase(), attrs });
  }
  return tags;
}

/** Every node reachable from `starts` through `next`, starts included. */
export function closure(starts: string[], next: (node: string) => string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...starts];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (seen.has(node)) continue;
    seen.add(node);
    pending.push(...next(node));
  }
  return seen;
}

const isJs = (file: string) => /\.m?js$/.test(file);

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return jsFiles(path);
    return isJs(entry.name) ? [path] : [];
  });
}

interface ChunkImports {
  statics: string[];
  dynamics: string[];
}

/** Static and dynamic imports of every chunk, as esbuild's parser sees them (absolute paths). */
async function chunkGraph(dist: string, chunks: string[]): Promise<Map<string, ChunkImports>> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: chunks,
    absWorkingDir: dist,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    outdir: join(tmpdir(), 'workspace-bench-spa-graph'),
    metafile: true,
    logLevel: 'silent',
  });
  const graph = new Map<string, ChunkImports>();
  for (const [path, input] of Object.entries(result.metafile.inputs)) {
    const of = (kind: string) =>
      input.imports.filter((i) => i.kind === kind && !i.external).map((i) => resolve(dist, i.path));
    graph.set(resolve(dist, path), { statics: of('import-statement'), dynamics: of('dynamic-import') });
  }
  return graph;
}

interface ViteManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

export interface RouteScripts {
  /** Absolute paths of the JavaScript files counted. */
  files: string[];
  /** The route's own lazily loaded chunk(s). */
  routeChunks: string[];
  method: string;
  notes: string[];
}

export interface RouteQuery {
  /** The route module's chunk name in the manifest, e.g. 'sign-in'. */
  chunkName: string;
  /** The route module's source path, matched against the manifest's `src`. */
  srcPattern: RegExp;
  /** Text only the route's chunk contains, used when there is no manifest. */
  text: string;
}

export async function routeScripts(dist: string, route: RouteQuery): Promise<RouteScripts> {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const local = (url: string) => join(dist, url.replace(/^(\.\/|\/)/, '').replace(/[?#].*$/, ''));
  const tags = htmlTags(html);
  const entries = tags
    .filter(({ tag, attrs }) => tag === 'script' && attrs.type === 'module' && attrs.src)
    .map(({ attrs }) => local(attrs.src));
  const preloads = tags
    .filter(({ tag, attrs }) => tag === 'link' && attrs.rel === 'modulepreload' && attrs.href)
    .map(({ attrs }) => local(attrs.href));
  if (!entries.length) throw new Error('index.html has no <script type="module" src=…>');
  for (const file of [...entries, ...preloads]) {
    if (!existsSync(file)) throw new Error(`${file} is referenced by index.html but missing`);
  }
  const counted = new Set([...entries, ...preloads]);
  const notes: string[] = [];

  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>;
    const keys = Object.keys(manifest);
    const entryKeys = keys.filter((key) => manifest[key].isEntry);
    const routeKeys = keys.filter(
      (key) =>
        manifest[key].isDynamicEntry &&
        (manifest[key].name === route.chunkName || route.srcPattern.test(manifest[key].src ?? key)),
    );
    if (!routeKeys.length) throw new Error(`No '${route.chunkName}' chunk in ${manifestPath}`);
    const reachable = closure([...entryKeys, ...routeKeys], (key) => manifest[key]?.imports ?? []);
    for (const key of reachable) counted.add(join(dist, manifest[key].file));
    return {
      files: [...counted].filter(isJs),
      routeChunks: routeKeys.map((key) => join(dist, manifest[key].file)),
      method: '.vite/manifest.json: entry and route chunk with their static imports, plus modulepreloads',
      notes,
    };
  }

  const all = jsFiles(dist);
  const graph = await chunkGraph(dist, all);
  const statics = (file: string) => graph.get(file)?.statics ?? [];
  const shell = closure([...entries, ...preloads], statics);
  const lazyTargets = new Set([...graph.values()].flatMap((node) => node.dynamics));
  const contains = (file: string) => readFileSync(file, 'utf8').includes(route.text);
  const withText = all.filter((file) => !shell.has(file) && contains(file));
  // Other routes may show the same text (a confirm step says "Sign in to your account" too): the
  // route's own chunk is the one named after it (name-<8-character hash>.js), when there is one.
  const named = new RegExp(`^${route.chunkName}-[\\w-]{8}\\.m?js$`);
  const byName = withText.filter((file) => named.test(basename(file)));
  const routeChunks = byName.length ? byName : withText;
  if (!routeChunks.length) {
    if (![...shell].some(contains)) throw new Error(`No built chunk contains '${route.text}'`);
    notes.push(`'${route.text}' is in the entry's static graph: the route is not split out`);
  }
  for (const file of routeChunks) {
    if (!lazyTargets.has(file))
      notes.push(`${file} contains the route text but is not a dynamic-import target`);
  }
  for (const file of closure([...shell, ...routeChunks], statics)) counted.add(file);
  return {
    files: [...counted].filter(isJs),
    routeChunks,
    method: `no manifest: index.html entry + modulepreloads + static imports, plus the chunk ${byName.length ? `named '${route.chunkName}'` : ''} containing '${route.text}' and its static imports`,
    notes,
  };
}
