/**
 * Which route a request reaches, from its method and path, with API Gateway's precedence: where two
 * routes could both match, the one with a literal segment where the other has a {param} wins
 * (`/api/projects/{projectId}/questions/export` before `/api/projects/{projectId}/questions/{questionId}`).
 * The local gateway routes with it, and each group's handler uses it to resolve a request that reached it
 * through a `{proxy+}` resource (lib/constructs/api.ts), so both see the same route and parameters.
 */

export interface PathRoute {
  method: string;
  path: string;
}

export interface RouteMatch<R extends PathRoute> {
  route: R;
  /** Path parameters, decoded as API Gateway hands them over (a malformed escape is kept as sent). */
  params: Record<string, string>;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => /^\{\w+\+?\}$/.test(segment);

/**
 * Sort order putting the more specific of two routes first: at the first segment where one has a
 * literal and the other a {param}, the literal wins. Routes that never differ that way keep their order.
 */
export function bySpecificity(a: PathRoute, b: PathRoute): number {
  const left = segmentsOf(a.path);
  const right = segmentsOf(b.path);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const leftParam = isParam(left[i]);
    if (leftParam !== isParam(right[i])) return leftParam ? 1 : -1;
  }
  return 0;
}

/** `/api/team/{id}` → a pattern with one named group per {param}, an optional trailing slash allowed. */
export function pathPattern(path: string): RegExp {
  const escaped = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, '(?<$1>[^/]+)');
  return new RegExp(`^${escaped}/?$`);
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** A matcher over `routes`: the route a method and (still encoded) path reach, or undefined. */
export function routeMatcher<R extends PathRoute>(routes: readonly R[]) {
  const compiled = [...routes]
    .sort(bySpecificity)
    .map((route) => ({ route, pattern: pathPattern(route.path) }));
  return (method: string, path: string): RouteMatch<R> | undefined => {
    for (const { route, pattern } of compiled) {
      if (route.method !== method) continue;
      const match = pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      for (const [key, value] of Object.entries(match.groups ?? {})) params[key] = decodeParam(value);
      return { route, params };
    }
    return undefined;
  };
}
