/**
 * How every Lambda handler is bundled. `esbuildOptions` is the plain esbuild configuration (the benchmark
 * script builds with it directly); `lambdaBundling` is the same thing expressed as NodejsFunction bundling
 * options. Importing this module has no side effects.
 */
import { fileURLToPath } from 'node:url';
import { type BundlingOptions, LogLevel, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * ESM bundles have no `require`; CommonJS dependencies that esbuild inlines still call it for Node
 * built-ins, so give them one.
 */
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/**
 * Import paths replaced while bundling (absolute paths, so they resolve the same whatever esbuild's
 * working directory):
 * - `@aws-sdk/client-s3`: `@aws-sdk/s3-presigned-post` pins its own exact client version and gets a
 *   second copy under its own node_modules (76 kB minified) when ours is newer; it only takes
 *   `PutObjectCommand` from it (to resolve the endpoint), so every import uses the project's client.
 * - `@aws-sdk/credential-provider-node`: functions/common/bundle-shims/credential-provider-node.ts, the default
 *   chain's first link alone (Lambda's credentials are in the environment; about 75 kB of other
 *   providers and the STS/SSO clients they carry).
 * - `iconv-lite` and `encoding-japanese`: functions/common/bundle-shims/, the runtime's TextDecoder for the charset
 *   decoding mailparser and libmime ask of them (720 kB of conversion tables).
 * - `jsonschema`: functions/common/bundle-shims/jsonschema.ts, for ElectroDB's check of its constant models, which
 *   every unbundled run (tests, the local runner) already makes (29 kB).
 * - `he`, `linkify-it`, `tlds` and `dom-serializer`: functions/common/bundle-shims/, for what mailparser carries
 *   beyond what the reply-mail reader asks of it (it parses with `skipTextToHtml`): he's named
 *   references and the linkifier with its domain list, used for `textAsHtml` (in a bundle it would
 *   have numeric references and no links), and html-to-text's HTML-keeping formats, which its
 *   default conversion never uses. he's default encoding (the address headers' HTML) is kept
 *   exactly (87, 23 and 90 kB).
 * - `debug`: functions/common/bundle-shims/debug.cjs, loggers that stay off as debug's do without a `DEBUG`
 *   variable, which no function has (file-type's zip reader makes one; 10 kB).
 * - `mnemonist/lru-cache`: functions/common/bundle-shims/lru-cache.cjs, the same least-recently-used
 *   cache on a Map, for the DynamoDB client's endpoint-discovery cache (8 kB with its helpers).
 * - `ajv`, `ajv-formats`, `zod/v3` and `zod-to-json-schema`: functions/common/bundle-shims/, for what
 *   the Model Context Protocol SDK carries beyond what our server uses: the default validator of
 *   elicitation answers (it asks for none and has its own validator) and Zod 3 tool schemas (ours
 *   are Zod 4); each fails loudly if ever reached (133 and 80 kB).
 */
export const bundleAliases: Record<string, string> = {
  '@aws-sdk/client-s3': fileURLToPath(new URL('../node_modules/@aws-sdk/client-s3', import.meta.url)),
  '@aws-sdk/credential-provider-node': fileURLToPath(
    new URL('../functions/common/bundle-shims/credential-provider-node.ts', import.meta.url),
  ),
  jsonschema: fileURLToPath(new URL('../functions/common/bundle-shims/jsonschema.ts', import.meta.url)),
  'iconv-lite': fileURLToPath(new URL('../functions/common/bundle-shims/iconv-lite.ts', import.meta.url)),
  'encoding-japanese': fileURLToPath(
    new URL('../functions/common/bundle-shims/encoding-japanese.ts', import.meta.url),
  ),
  he: fileURLToPath(new URL('../functions/common/bundle-shims/he.ts', import.meta.url)),
  'linkify-it': fileURLToPath(new URL('../functions/common/bundle-shims/linkify-it.cjs', import.meta.url)),
  tlds: fileURLToPath(new URL('../functions/common/bundle-shims/tlds.ts', import.meta.url)),
  'dom-serializer': fileURLToPath(
    new URL('../functions/common/bundle-shims/dom-serializer.ts', import.meta.url),
  ),
  debug: fileURLToPath(new URL('../functions/common/bundle-shims/debug.cjs', import.meta.url)),
  'mnemonist/lru-cache': fileURLToPath(
    new URL('../functions/common/bundle-shims/lru-cache.cjs', import.meta.url),
  ),
  ajv: fileURLToPath(new URL('../functions/common/bundle-shims/ajv.ts', import.meta.url)),
  'ajv-formats': fileURLToPath(new URL('../functions/common/bundle-shims/ajv-formats.ts', import.meta.url)),
  'zod/v3': fileURLToPath(new URL('../functions/common/bundle-shims/zod-v3.ts', import.meta.url)),
  'zod-to-json-schema': fileURLToPath(new URL('../functions/common/bundle-shims/zod-v3.ts', import.meta.url)),
};

/**
 * Data files a handler reads at run time from beside its bundle (`new URL('./name', import.meta.url)`),
 * copied next to every bundle's index.mjs: the search vocabulary (functions/library/search/vocabulary.ts
 * reads it once, on first use), which as JavaScript would be 200 kB of every bundle that searches.
 */
export const BUNDLE_DATA_FILES = ['functions/library/search/vocabulary.json'] as const;

/** Plain esbuild options shared by CDK and the benchmark. The AWS SDK is bundled so its version is pinned. */
export const esbuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  sourcemap: true,
  // Stack traces need the mappings only; leaving the sources out makes the map a third of the size
  // and every cold start with --enable-source-maps about 20 ms shorter (npm run bench).
  sourcesContent: false,
  mainFields: ['module', 'main'],
  banner: { js: CREATE_REQUIRE_BANNER },
  external: [] as string[],
  alias: bundleAliases,
} satisfies BuildOptions;

/** The same options for `NodejsFunction` (which always bundles for platform node). */
export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: esbuildOptions.target,
  minify: esbuildOptions.minify,
  sourceMap: esbuildOptions.sourcemap,
  sourcesContent: esbuildOptions.sourcesContent,
  mainFields: [...esbuildOptions.mainFields],
  banner: esbuildOptions.banner.js,
  // An empty list (rather than the default `@aws-sdk/*`) bundles the SDK clients instead of using the runtime's.
  externalModules: [...esbuildOptions.external],
  forceDockerBundling: false,
  // Warnings and errors only: each bundle's size summary would be 4 lines per function on every
  // synthesis (the bench and test/cdk/backend.test.ts measure and bound the sizes instead).
  logLevel: LogLevel.WARNING,
  commandHooks: {
    beforeBundling: () => [],
    beforeInstall: () => [],
    afterBundling: (inputDir, outputDir) =>
      BUNDLE_DATA_FILES.map((file) => `cp "${inputDir}/${file}" "${outputDir}/"`),
  },
  esbuildArgs: Object.fromEntries(Object.entries(bundleAliases).map(([from, to]) => [`--alias:${from}`, to])),
};
