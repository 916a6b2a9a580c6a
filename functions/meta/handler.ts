import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { API_DOCS_ASSETS } from '../../shared/api-docs-assets';
import type { buildOpenApi } from '../../shared/openapi';
import { meta as metaRoutes } from '../../shared/routes/meta';
import { config } from '../common/config';
import { documentClient } from '../common/db';
import { createGroupHandler } from '../common/http';

/**
 * The OpenAPI document, built on its first request: it imports every group's routes and schemas,
 * which a cold start for /api/health (the monitoring's check) should not pay for. (esbuild keeps a
 * dynamically imported module unevaluated until the import runs.)
 */
let openApi: Promise<ReturnType<typeof buildOpenApi>> | undefined;
const openApiDocument = () => {
  openApi ??= import('../../shared/openapi').then(({ buildOpenApi }) => buildOpenApi());
  return openApi;
};

const asset = (file: string) => `${API_DOCS_ASSETS.path}/${file}`;

/**
 * The API reference: Swagger UI, served by the site (web/dist/api-docs/, copied by `npm run build:web`),
 * reading this function's OpenAPI document. No inline script or style, so a strict CSP can cover it.
 */
const apiDocsPage = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Questionnaire Workspace API</title>
    <link rel="icon" type="image/svg+xml" href="/favicon.svg">
    <link rel="stylesheet" href="${asset(API_DOCS_ASSETS.stylesheet)}">
  </head>
  <body>
    <div id="api-reference" data-openapi-url="${metaRoutes.routes.openApi.path}"></div>
    <noscript>The API reference needs JavaScript; the document itself is at ${metaRoutes.routes.openApi.path}.</noscript>
    <script src="${asset(API_DOCS_ASSETS.bundle)}"></script>
    <script src="${asset(API_DOCS_ASSETS.init)}"></script>
  </body>
</html>
`;

export const handler = createGroupHandler(metaRoutes, {
  health: async () => {
    // A real read proves the table is reachable with this function's credentials.
    await documentClient.send(
      new GetCommand({ TableName: config.tableName, Key: { pk: 'HEALTH', sk: 'HEALTH' } }),
    );
    return { status: 'ok', stage: config.stage, table: 'reachable' };
  },
  openApi: async () => openApiDocument(),
  apiDocs: async () => apiDocsPage,
});
