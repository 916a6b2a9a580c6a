import { Health, Html, OpenApiDocument } from '../schemas/meta';
import { route, routeGroup } from './route';

export const meta = routeGroup(
  'meta',
  // The health check reads one item; nothing else.
  { table: 'read' },
  {
    health: route({
      method: 'GET',
      path: '/api/health',
      auth: 'public',
      summary: 'Service health, including a read against the table',
      response: Health,
    }),
    openApi: route({
      method: 'GET',
      path: '/api/openapi.json',
      auth: 'public',
      summary: 'This API as an OpenAPI 3.1 document',
      response: OpenApiDocument,
      raw: 'json',
    }),
    apiDocs: route({
      method: 'GET',
      path: '/api/docs',
      auth: 'public',
      summary: 'The API reference, rendered from the OpenAPI document',
      response: Html,
      raw: 'html',
    }),
  },
);
