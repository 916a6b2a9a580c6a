/**
 * How every Lambda handler is bundled. `esbuildOptions` is the plain esbuild configuration (the benchmark
 * script builds with it directly); `lambdaBundling` is the same thing expressed as NodejsFunction bundling
 * options. Importing this module has no side effects.
 */
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { BuildOptions } from 'esbuild';

/**
 * ESM bundles have no `require`; CommonJS dependencies that esbuild inlines still call it for Node
 * built-ins, so give them one.
 */
export const CREATE_REQUIRE_BANNER =
  "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);";

/** Plain esbuild options shared by CDK and the benchmark. The AWS SDK is bundled so its version is pinned. */
export const esbuildOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  minify: true,
  sourcemap: true,
  mainFields: ['module', 'main'],
  banner: { js: CREATE_REQUIRE_BANNER },
  external: [] as string[],
} satisfies BuildOptions;

/** The same options for `NodejsFunction` (which always bundles for platform node). */
export const lambdaBundling: BundlingOptions = {
  format: OutputFormat.ESM,
  target: esbuildOptions.target,
  minify: esbuildOptions.minify,
  sourceMap: esbuildOptions.sourcemap,
  mainFields: [...esbuildOptions.mainFields],
  banner: esbuildOptions.banner.js,
  // An empty list (rather than the default `@aws-sdk/*`) bundles the SDK clients instead of using the runtime's.
  externalModules: [...esbuildOptions.external],
  forceDockerBundling: false,
};
