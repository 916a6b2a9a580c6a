/**
 * The route table: the only list of REST routes, composed from one slice per route group
 * (shared/routes/<group>.ts). CDK builds API Gateway resources and one Lambda per group from it,
 * the local gateway routes with it, the web client is typed from it, the OpenAPI document is
 * generated from it and the sweeps iterate over it. A new group is one new file and one entry below.
 */
import type * as z from 'zod';
import { discussion } from './discussion';
import { documents } from './documents';
import { exportsGroup } from './exports';
import { insights } from './insights';
import { integrations } from './integrations';
import { library } from './library';
import { routeMatcher } from './match';
import { mcp } from './mcp';
import { meta } from './meta';
import { notifications } from './notifications';
import { projects } from './projects';
import { questions } from './questions';
import { quizzes } from './quizzes';
import { registration } from './registration';
import type { FunctionAccess, RouteSpec } from './route';
import { sources } from './sources';
import { tags } from './tags';
import { team } from './team';
import { user } from './user';

const slices = [
  meta,
  user,
  registration,
  team,
  notifications,
  projects,
  questions,
  discussion,
  tags,
  sources,
  exportsGroup,
  library,
  documents,
  insights,
  quizzes,
  mcp,
  integrations,
] as const;

export { bySpecificity, type PathRoute, pathPattern, type RouteMatch, routeMatcher } from './match';
export { type AuthKind, type FunctionAccess, type HttpMethod, Id, pathParams } from './route';

type Slice = (typeof slices)[number];
export type RouteGroup = Slice['name'];
export const ROUTE_GROUPS = slices.map((s) => s.name) as RouteGroup[];

/** What each route group's Lambda may do in AWS (see FunctionAccess). */
export const GROUP_ACCESS = Object.fromEntries(slices.map((s) => [s.name, s.access])) as Record<
  RouteGroup,
  FunctionAccess
>;

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;
export type Routes = UnionToIntersection<Slice['routes']>;

function compose(): Routes {
  const table: Record<string, unknown> = {};
  for (const slice of slices) {
    for (const [name, def] of Object.entries(slice.routes)) {
      if (name in table) throw new Error(`Route name ${name} is declared twice`);
      table[name] = def;
    }
  }
  return table as Routes;
}
export const routes: Routes = compose();

export type RouteDef = RouteSpec & { group: RouteGroup };
export type RouteName = keyof Routes & string;
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

/** The route of the table a request's method and (encoded) path reach, with its decoded parameters. */
export const matchRoute = routeMatcher(routeList);

/** Fill a route path's {param} placeholders. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    if (!Object.hasOwn(params, key)) throw new Error(`Missing path parameter ${key}`);
    return encodeURIComponent(params[key]);
  });
}
