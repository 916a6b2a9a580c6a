import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { API_DOCS_ASSETS, buildOpenApi } from '../../shared/openapi';
import { routes } from '../../shared/routes';
import { meta as metaRoutes } from '../../shared/routes/meta';
import { config } from '../common/config';
import { documentClient } from '../common/db';
import { createGroupHandler } from '../common/http';

const openApi = buildOpenApi();

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
    <div id="api-reference" data-openapi-url="${routes.openApi.path}"></div>
    <noscript>The API reference needs JavaScript; the document itself is at ${routes.openApi.path}.</noscript>
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
  openApi: async () => openApi,
  apiDocs: async () => apiDocsPage,
});
