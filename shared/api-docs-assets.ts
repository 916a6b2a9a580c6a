/**
 * The rendered API reference (GET /api/docs) is a small page from the meta function that loads Swagger
 * UI (swagger-ui-dist) from the site's own origin: `npm run build:web` copies these files into
 * web/dist/api-docs/, next to the SPA, so no Lambda bundles the renderer and no CDN is involved.
 */
export const API_DOCS_ASSETS = {
  /** URL path (and web/dist sub-directory) of the files; CloudFront's default behaviour serves it. */
  path: '/api-docs',
  stylesheet: 'swagger-ui.css',
  bundle: 'swagger-ui-bundle.js',
  /** Starts the renderer; a file, not an inline script, so the page works under a strict CSP. */
  init: 'init.js',
} as const;
