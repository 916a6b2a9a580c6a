/**
 * How a route group declares itself: its routes (method, path, auth, schemas, permission) and the
 * AWS access its Lambda needs. Each group's slice lives in shared/routes/<group>.ts; index.ts
 * composes them into the one route table.
 */
import * as z from 'zod';
import type { PermissionKey } from '../permissions';

/**
 * user: Cognito-verified caller; public: no token; api-key: the public analytics API key; scim: the
 * team's SCIM token as a bearer token (an identity provider provisioning the team).
 */
export type AuthKind = 'user' | 'public' | 'api-key' | 'scim';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteSpec<
  Body extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Full path as the browser calls it, always under /api, with {param} placeholders. */
  path: `/api/${string}`;
  auth: AuthKind;
  summary: string;
  /** The caller must belong to a team (implied by `permission`). */
  team?: boolean;
  permission?: PermissionKey;
  body?: Body;
  query?: Query;
  /** Schema of the path parameters; by default every {param} is an `Id`. */
  params?: z.ZodObject;
  /** An api-key route that pages with the `limit` and `offset` headers (the analytics API). */
  pagingHeaders?: true;
  /** The API reference's description of the operation (Markdown), beyond its summary. */
  docs?: string;
  /** Schema of the `data` member of the 200 response envelope (or of the whole body when `raw`). */
  response: Res;
  /**
   * Answer with the document itself (JSON or HTML), not wrapped in `{ data }` (e.g. OpenAPI); a raw
   * JSON route whose implementation answers null responds 202 with no body (an MCP notification).
   * `scim`: as RFC 7644 answers (application/scim+json, 201 with Location for POST, 204 for DELETE,
   * SCIM error bodies).
   */
  raw?: 'json' | 'html' | 'scim';
}

/**
 * The AWS access a function needs; CDK grants exactly this and nothing else (least privilege). A
 * CDK assertion test fails when a function's role holds an action its declaration does not name.
 */
export interface FunctionAccess {
  table?: 'read' | 'readwrite';
  /** Object access in the uploads bucket. */
  uploads?: 'read' | 'readwrite';
  /** Send e-mail through SES. */
  email?: boolean;
  /** Read users of the Cognito user pool (AdminGetUser). */
  userPoolRead?: boolean;
  /** Post to and close websocket connections (@connections). */
  connections?: boolean;
  /** Read the secret that signs reply addresses of comment e-mails (functions/discussion/reply-address.ts). */
  replySigning?: boolean;
  /** Read the raw replies SES receiving stores in the inbound mail bucket. */
  inboundMail?: 'read';
  /** Send to the queues of the stream's consumers (the reactions and each job): the stream dispatcher. */
  streamQueues?: 'send';
  /**
   * Oversized stream records under stream-records/ of the uploads bucket: written by the dispatcher,
   * read by a consumer that has no other access to the bucket.
   */
  streamRecords?: 'write' | 'read';
}

/** The path parameters every route accepts by default: generated ids, never free text. */
export const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_=-]+$/, 'Invalid id');

/** `/api/team/{id}` → the path parameter names, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Keeps each route's exact type (literal auth, presence of body) for the typed client and handlers. */
export const route = <const D extends RouteSpec>(def: D): D => def;

export interface RouteGroupSlice<G extends string, R extends Record<string, RouteSpec>> {
  name: G;
  access: FunctionAccess;
  routes: { [K in keyof R]: R[K] & { group: G } };
}

/** One route group: its name, the access its Lambda needs, and its routes (named by operation). */
export function routeGroup<const G extends string, const R extends Record<string, RouteSpec>>(
  name: G,
  access: FunctionAccess,
  routes: R,
): RouteGroupSlice<G, R> {
  const withGroup = Object.fromEntries(
    Object.entries(routes).map(([key, def]) => [key, { ...def, group: name }]),
  );
  return { name, access, routes: withGroup as RouteGroupSlice<G, R>['routes'] };
}
