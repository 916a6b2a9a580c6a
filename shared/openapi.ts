/** The OpenAPI 3.1 document, generated from the route table and its zod schemas. */
import * as z from 'zod';
import { pathParams, type RouteEntry, routeList } from './routes';
import { ErrorBody } from './schemas/common';

const schema = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: schema(ErrorBody) } },
});

function operation(route: RouteEntry) {
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.group],
    security: route.auth === 'user' ? [{ cognito: [] }] : route.auth === 'api-key' ? [{ apiKey: [] }] : [],
    ...(route.permission ? { 'x-permission': route.permission } : {}),
    parameters: pathParams(route.path).map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    })),
    ...(route.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: schema(route.body) } } } }
      : {}),
    responses: {
      200: {
        description: 'OK',
        content: {
          'application/json': {
            schema: { type: 'object', properties: { data: schema(route.response) }, required: ['data'] },
          },
        },
      },
      400: errorResponse('Invalid request; fieldErrors names each invalid field'),
      ...(route.auth !== 'public' ? { 401: errorResponse('Missing or invalid token') } : {}),
      ...(route.permission || route.team ? { 403: errorResponse('Not permitted') } : {}),
    },
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeList) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Questionnaire Workspace API', version: '1.0.0' },
    components: {
      securitySchemes: {
        cognito: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Cognito ID token' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
    paths,
  };
}
