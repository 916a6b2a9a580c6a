/**
 * The route table: the only list of REST routes. CDK builds API Gateway resources and one Lambda
 * per route group from it, the local gateway routes with it, the web client is typed from it,
 * the OpenAPI document is generated from it and the authorisation test sweeps it.
 */
import type { z } from 'zod';
import type { PermissionKey } from './permissions';
import { Health, OpenApiDocument } from './schemas/meta';
import { Group, Permissions, Role } from './schemas/team';
import { RegistrationRequest, RegistrationResponse, User, UserStatusResponse } from './schemas/user';

export const ROUTE_GROUPS = ['meta', 'user', 'registration', 'team'] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** user: Cognito-verified caller; public: no token; api-key: the public analytics API key. */
export type AuthKind = 'user' | 'public' | 'api-key';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteDef<
  Body extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: HttpMethod;
  /** Full path as the browser calls it, always under /api, with {param} placeholders. */
  path: `/api/${string}`;
  group: RouteGroup;
  auth: AuthKind;
  summary: string;
  /** The caller must belong to a team (implied by `permission`). */
  team?: boolean;
  permission?: PermissionKey;
  body?: Body;
  query?: Query;
  /** Schema of the `data` member of the 200 response envelope. */
  response: Res;
}

/** Keeps each route's exact type (literal auth, presence of body) for the typed client and handlers. */
const route = <const D extends RouteDef>(def: D): D => def;

export const routes = {
  health: route({
    method: 'GET',
    path: '/api/health',
    group: 'meta',
    auth: 'public',
    summary: 'Service health, including a read against the table',
    response: Health,
  }),
  openApi: route({
    method: 'GET',
    path: '/api/openapi.json',
    group: 'meta',
    auth: 'public',
    summary: 'This API as an OpenAPI 3 document',
    response: OpenApiDocument,
  }),
  getUser: route({
    method: 'GET',
    path: '/api/user',
    group: 'user',
    auth: 'user',
    summary: "The caller's user record",
    response: User,
  }),
  getUserStatus: route({
    method: 'GET',
    path: '/api/user/status',
    group: 'user',
    auth: 'user',
    summary: "The caller's account status, which drives routing after sign-in",
    response: UserStatusResponse,
  }),
  registerUser: route({
    method: 'POST',
    path: '/api/public/user',
    group: 'registration',
    auth: 'public',
    summary: 'Complete registration for a confirmed identity that has no user record yet',
    body: RegistrationRequest,
    response: RegistrationResponse,
  }),
  getPermissions: route({
    method: 'GET',
    path: '/api/permissions',
    group: 'team',
    auth: 'user',
    summary: "The caller's permission map (empty when the caller has no team)",
    response: Permissions,
  }),
  getRoles: route({
    method: 'GET',
    path: '/api/roles',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Roles of the caller's team",
    response: Role.array(),
  }),
  getGroups: route({
    method: 'GET',
    path: '/api/groups',
    group: 'team',
    auth: 'user',
    team: true,
    summary: "Groups of the caller's team",
    response: Group.array(),
  }),
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
export type RouteQuery<N extends RouteName> = Routes[N] extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : undefined;
export type RouteResponse<N extends RouteName> = z.output<Routes[N]['response']>;

export type RouteEntry = RouteDef & { name: RouteName };
export const routeList: RouteEntry[] = Object.entries(routes).map(([name, def]) => ({
  name: name as RouteName,
  ...(def as RouteDef),
}));

export const routesOfGroup = (group: RouteGroup) => routeList.filter((r) => r.group === group);

/** `/api/team/{id}` → the path parameter names, in order. */
export const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** Fill a route path's {param} placeholders. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!(key in params)) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(params[key]);
  });
}
