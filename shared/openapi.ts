/**
 * The OpenAPI 3.1 document, generated from the route table and its zod schemas. Schemas are JSON
 * Schema 2020-12 (OpenAPI 3.1's dialect): request parts as the handler accepts them (zod input),
 * responses as it answers (zod output). Every 200 is the `{ data }` envelope, except for raw routes,
 * whose 200 is the document itself (JSON or HTML).
 */
import * as z from 'zod';
import { Id, pathParams, ROUTE_GROUPS, type RouteEntry, routeList } from './routes';
import { ErrorBody } from './schemas/common';
import { ScimErrorBody } from './schemas/scim';

type JsonSchema = Record<string, unknown>;

export { API_DOCS_ASSETS } from './api-docs-assets';

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: JsonSchema;
  description?: string;
}

/** A type, not an interface, so it is a `Record<string, unknown>` as the openApi route's response. */
export type OpenApi31Document = {
  openapi: '3.1.0';
  info: { title: string; version: string; description?: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, unknown> };
};

const ERROR_REF = { $ref: '#/components/schemas/ErrorBody' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_REF } },
});
/** A SCIM path's error: RFC 7644's error body, as application/scim+json. */
const scimErrorResponse = (description: string) => ({
  description,
  content: { 'application/scim+json': { schema: { $ref: '#/components/schemas/ScimErrorBody' } } },
});

/** Replace every `$ref` in `value` through `rewrite`. */
function rewriteRefs(value: unknown, rewrite: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, rewrite));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) =>
      key === '$ref' && typeof item === 'string' ? [key, rewrite(item)] : [key, rewriteRefs(item, rewrite)],
    ),
  );
}

/**
 * Turns zod schemas into schemas embedded in the document. A schema's own `$defs` (zod emits them for
 * recursive or shared definitions) move to components.schemas, since a `#/…` reference inside the
 * document resolves against the document, not against the embedded schema.
 */
class SchemaCollector {
  readonly components: Record<string, JsonSchema> = {};

  add(name: string, schema: JsonSchema): void {
    if (name in this.components) throw new Error(`OpenAPI component ${name} is defined twice`);
    this.components[name] = schema;
  }

  /** `name` names the schema in components when it must be hoisted (it refers to itself or has $defs). */
  embed(zodSchema: z.core.$ZodType, io: 'input' | 'output', name: string): JsonSchema {
    const {
      $schema: _dialect,
      $defs,
      ...root
    } = z.toJSONSchema(zodSchema, {
      io,
      unrepresentable: 'any',
    }) as JsonSchema & { $defs?: Record<string, JsonSchema> };
    const componentOf = (def: string) => `${name}_${def}`;
    let selfReferenced = false;
    const rewrite = (ref: string) => {
      if (ref === '#') {
        selfReferenced = true;
        return `#/components/schemas/${name}`;
      }
      const def = /^#\/\$defs\/(.+)$/.exec(ref);
      return def ? `#/components/schemas/${componentOf(def[1])}` : ref;
    };
    for (const [def, schema] of Object.entries($defs ?? {}))
      this.add(componentOf(def), rewriteRefs(schema, rewrite) as JsonSchema);
    const embedded = rewriteRefs(root, rewrite) as JsonSchema;
    if (!selfReferenced) return embedded;
    this.add(name, embedded);
    return { $ref: `#/components/schemas/${name}` };
  }
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function objectProperties(schema: JsonSchema): {
  properties: Record<string, JsonSchema>;
  required: string[];
} {
  return {
    properties: (schema.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: (schema.required as string[] | undefined) ?? [],
  };
}

function parameters(route: RouteEntry, schemas: SchemaCollector): OpenApiParameter[] {
  const base = capitalise(route.name);
  // Path parameters: the route's own schema for each, else the `Id` every route accepts by default.
  const declared = route.params
    ? objectProperties(schemas.embed(route.params, 'input', `${base}Params`)).properties
    : {};
  const idSchema = schemas.embed(Id, 'input', 'Id');
  const path = pathParams(route.path).map(
    (name): OpenApiParameter => ({ name, in: 'path', required: true, schema: declared[name] ?? idSchema }),
  );
  if (!route.query) return path;
  const { properties, required } = objectProperties(schemas.embed(route.query, 'input', `${base}Query`));
  const query = Object.entries(properties).map(
    ([name, schema]): OpenApiParameter => ({
      name,
      in: 'query',
      required: required.includes(name),
      schema,
      ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
    }),
  );
  return [...path, ...query];
}

function okResponse(route: RouteEntry, schemas: SchemaCollector) {
  if (route.raw === 'html') {
    return { description: 'The page', content: { 'text/html': { schema: { type: 'string' } } } };
  }
  const data = schemas.embed(route.response, 'output', `${capitalise(route.name)}Response`);
  if (route.raw === 'scim')
    return { description: 'OK', content: { 'application/scim+json': { schema: data } } };
  const schema = route.raw === 'json' ? data : { type: 'object', properties: { data }, required: ['data'] };
  return { description: 'OK', content: { 'application/json': { schema } } };
}

/** The public API's paging headers (spec 002 §7.8). */
const PAGING_HEADERS: OpenApiParameter[] = [
  {
    name: 'limit',
    in: 'header',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
    description: 'How many items (1 to 1000)',
  },
  {
    name: 'offset',
    in: 'header',
    required: false,
    schema: { type: 'integer', minimum: 0, default: 0 },
    description: 'How many matching items to skip',
  },
];

/** What a customer pastes into a terminal to call an api-key route. */
const apiKeyExample = (
  route: RouteEntry,
) => `Authenticate with your team's client id and API key (Settings → API Access). Example:

\`\`\`sh
curl -X ${route.method} "https://<your app>${route.path}" \\
  -H "client_id: client_<teamId>" \\
  -H "client_secret: <API key>" \\
  -H "limit: 100" -H "offset: 0" \\
  -H "content-type: application/json" \\
  -d '{"answeredAfter":"2026-01-01","complianceStatusList":"COMPLIANT,PARTIALLY-COMPLIANT"}'
\`\`\`

Calls are limited per key (60 a minute; more answer 429 with Retry-After). A new key replaces the previous one at once.`;

/** A SCIM route's answers (RFC 7644): 201 with Location for a creation, 204 for a deletion, SCIM errors. */
function scimResponses(route: RouteEntry, schemas: SchemaCollector) {
  const success =
    route.method === 'DELETE'
      ? { 204: { description: 'Deleted: no body' } }
      : route.method === 'POST'
        ? { 201: { ...okResponse(route, schemas), description: 'Created; Location names the new resource' } }
        : { 200: okResponse(route, schemas) };
  return {
    ...success,
    400: scimErrorResponse('Invalid request, filter or value (scimType says which)'),
    401: scimErrorResponse('Missing, wrong or replaced SCIM token'),
    ...(pathParams(route.path).length ? { 404: scimErrorResponse('No such user or group in the team') } : {}),
    ...(route.method !== 'GET' && route.method !== 'DELETE'
      ? { 409: scimErrorResponse('The userName or displayName is in the team already') }
      : {}),
    429: scimErrorResponse('Too many wrong SCIM tokens for this team; Retry-After says when to try again'),
  };
}

function operation(route: RouteEntry, schemas: SchemaCollector) {
  const params = [...parameters(route, schemas), ...(route.pagingHeaders ? PAGING_HEADERS : [])];
  const takesInput = params.length > 0 || route.body !== undefined;
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.group],
    ...(route.docs
      ? { description: route.docs }
      : route.auth === 'api-key'
        ? { description: apiKeyExample(route) }
        : {}),
    security:
      route.auth === 'user'
        ? [{ cognito: [] }]
        : route.auth === 'api-key'
          ? [{ clientId: [], clientSecret: [] }]
          : route.auth === 'scim'
            ? [{ scimToken: [] }]
            : [],
    ...(route.permission ? { 'x-permission': route.permission } : {}),
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: schemas.embed(route.body, 'input', `${capitalise(route.name)}Body`),
              },
            },
          },
        }
      : {}),
    responses:
      route.raw === 'scim'
        ? scimResponses(route, schemas)
        : {
            200: okResponse(route, schemas),
            ...(route.raw === 'json' && route.response.safeParse(null).success
              ? { 202: { description: 'Accepted: a notification, with nothing to answer' } }
              : {}),
            ...(takesInput
              ? { 400: errorResponse('Invalid request; fieldErrors names each invalid field') }
              : {}),
            ...(route.auth === 'user' ? { 401: errorResponse('Missing or invalid token') } : {}),
            ...(route.auth === 'api-key'
              ? {
                  401: errorResponse('Missing, wrong or replaced client id or API key'),
                  429: errorResponse('Too many calls with this key; Retry-After says when to try again'),
                }
              : {}),
            ...(route.permission || route.team ? { 403: errorResponse('Not permitted') } : {}),
          },
  };
}

export function buildOpenApi(routes: readonly RouteEntry[] = routeList): OpenApi31Document {
  const schemas = new SchemaCollector();
  schemas.add('ErrorBody', schemas.embed(ErrorBody, 'output', 'ErrorBodyRoot'));
  if (routes.some((r) => r.raw === 'scim'))
    schemas.add('ScimErrorBody', schemas.embed(ScimErrorBody, 'output', 'ScimErrorBodyRoot'));
  const paths: OpenApi31Document['paths'] = {};
  for (const route of routes) {
    paths[route.path] ??= {};
    paths[route.path][route.method.toLowerCase()] = operation(route, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Questionnaire Workspace API',
      version: '1.0.0',
      description: 'Every path is served under the app origin. Errors are `{ message, fieldErrors? }`.',
    },
    tags: ROUTE_GROUPS.map((name) => ({ name })),
    paths,
    components: {
      schemas: schemas.components,
      securitySchemes: {
        cognito: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'Cognito ID token' },
        clientId: {
          type: 'apiKey',
          in: 'header',
          name: 'client_id',
          description: "client_ followed by your team's id (Settings → API Access)",
        },
        clientSecret: {
          type: 'apiKey',
          in: 'header',
          name: 'client_secret',
          description: "Your team's API key",
        },
        scimToken: {
          type: 'http',
          scheme: 'bearer',
          description: "Your team's SCIM token (Settings → Integrations)",
        },
      },
    },
  };
}
