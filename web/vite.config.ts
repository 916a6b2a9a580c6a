import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA build. root is web/, output web/dist. Every screen is a React.lazy route module
 * (src/app/router.tsx), so each route loads only its own chunk on top of the shell.
 * In development the local server mounts Vite in middleware mode with this config and serves /api,
 * /ws and /runtime-config.json on the same origin; the SPA uses relative URLs only.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
/** The repository root: the SPA imports ../shared, outside web/. */
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * Import aliases, the same as tsconfig.json "paths" (and vitest.config.ts): `@/x` is web/src/x and
 * `@shared/x` is shared/x, so no import climbs out of its folder with `../`.
 */
const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
};

/**
 * React Router 7's package exports name only its development build (dev warnings on), whatever the
 * mode (remix-run/react-router#12532, #14753); the production build it also ships is chosen here
 * for `vite build`, so its warnings are compiled out of the SPA. The dev server keeps the warnings.
 */
const reactRouterProduction = [
  { find: /^react-router$/, replacement: 'react-router/dist/production/index.mjs' },
  { find: /^react-router\/dom$/, replacement: 'react-router/dist/production/dom-export.mjs' },
].map(({ find, replacement }) => ({
  find,
  replacement: fileURLToPath(new URL(`../node_modules/${replacement}`, import.meta.url)),
}));

export default defineConfig(({ command }) => ({
  root,
  publicDir: 'public',
  plugins: [react()],
  resolve: {
    alias: [
      ...Object.entries(alias).map(([find, replacement]) => ({ find, replacement })),
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  server: { fs: { allow: [repoRoot] } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
}));
