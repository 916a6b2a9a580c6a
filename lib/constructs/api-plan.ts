/**
 * Which API Gateway resources and methods serve the route table (lib/constructs/api.ts builds them):
 * plain data, no CDK, so the handlers' tests can build the events API Gateway sends through each.
 */
import type { HttpMethod, RouteEntry, RouteGroup } from '../../shared/routes';

/** How API Gateway checks a caller: the Cognito authorizer (user routes) or not at all (public, api-key). */
export type GatewayAuthorizer = 'cognito' | 'none';

/** One API Gateway method of the plan: where it sits, what it is, and the routes it serves. */
export interface PlannedMethod {
  /** Resource path: a route path, a prefix of some, or a prefix followed by `/{proxy+}`. */
  path: string;
  method: 'ANY' | HttpMethod;
  group: RouteGroup;
  authorizer: GatewayAuthorizer;
  routes: RouteEntry[];
}

const authorizerOf = (route: RouteEntry): GatewayAuthorizer => (route.auth === 'user' ? 'cognito' : 'none');
const targetOf = (route: RouteEntry) => `${route.group} ${authorizerOf(route)}`;

interface PathNode {
  path: string;
  own: RouteEntry[];
  children: Map<string, PathNode>;
}

/**
 * The API Gateway resources and methods that serve `routes`: the route paths as a tree, where every
 * subtree whose routes all go to one group with one authorizer becomes its root resource (ANY, if a
 * route ends there) plus a `{proxy+}` child (ANY, if routes lie below). Only where groups or
 * authorizers meet does the tree branch further (one group's whole subtrees there share the node's
 * `{proxy+}`), and only a path that two of them share exactly keeps a method per HTTP method. Throws where API Gateway would refuse the tree (two differently named
 * {params} side by side) or a route would be served twice.
 */
export function planApiResources(routes: readonly RouteEntry[]): PlannedMethod[] {
  const root: PathNode = { path: '', own: [], children: new Map() };
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split('/').filter(Boolean)) {
      let child = node.children.get(segment);
      if (!child) {
        child = { path: `${node.path}/${segment}`, own: [], children: new Map() };
        node.children.set(segment, child);
      }
      node = child;
    }
    if (node.own.some((r) => r.method === route.method)) {
      throw new Error(`${route.method} ${route.path} is declared twice`);
    }
    node.own.push(route);
  }

  const below = (node: PathNode): RouteEntry[] =>
    [...node.children.values()].flatMap((c) => [...c.own, ...below(c)]);
  const subtree = (node: PathNode) => [...node.own, ...below(node)];
  /** The one target of every route in the subtree, if there is one. */
  const uniformTarget = (node: PathNode) => {
    const targets = new Set(subtree(node).map(targetOf));
    return targets.size === 1 ? [...targets][0] : undefined;
  };
  const plan: PlannedMethod[] = [];
  const add = (path: string, method: PlannedMethod['method'], served: RouteEntry[]) =>
    plan.push({ path, method, group: served[0].group, authorizer: authorizerOf(served[0]), routes: served });

  /**
   * Where groups meet, the group (signed-in callers only) with the most whole subtrees below gets the
   * node's `{proxy+}` in their place: API Gateway tries the literal siblings first, so the others keep
   * their own. Not beside a {param} child (API Gateway allows one variable part per level).
   */
  const defaultChildren = (node: PathNode): PathNode[] => {
    const children = [...node.children.values()];
    const byTarget = new Map<string, PathNode[]>();
    for (const child of children) {
      const target = uniformTarget(child);
      if (target?.endsWith(' cognito')) byTarget.set(target, [...(byTarget.get(target) ?? []), child]);
    }
    const [chosen = []] = [...byTarget.values()].sort((a, b) => b.length - a.length);
    if (chosen.length < 2) return [];
    const keptParam = children.some((child) => !chosen.includes(child) && isParam(child.path));
    return keptParam ? [] : chosen;
  };

  const visit = (node: PathNode) => {
    const rest = below(node);
    if (uniformTarget(node) && node !== root) {
      if (node.own.length) add(node.path, 'ANY', node.own);
      if (rest.length) add(`${node.path}/{proxy+}`, 'ANY', rest);
      return;
    }
    if (new Set(node.own.map(targetOf)).size === 1) add(node.path, 'ANY', node.own);
    else for (const route of node.own) add(node.path, route.method, [route]);
    const params = [...node.children.keys()].filter((segment) => segment.startsWith('{'));
    if (params.length > 1) {
      throw new Error(
        `${node.path || '/'} has differently named parameters side by side (${params.join(', ')}), ` +
          'which API Gateway refuses: name them alike or keep the subtree in one route group',
      );
    }
    const absorbed = defaultChildren(node);
    if (absorbed.length) add(`${node.path}/{proxy+}`, 'ANY', absorbed.flatMap(subtree));
    for (const child of node.children.values()) if (!absorbed.includes(child)) visit(child);
  };
  visit(root);
  return plan;
}

const isParam = (path: string) => path.slice(path.lastIndexOf('/') + 1).startsWith('{');

/**
 * The planned method API Gateway runs for a request, chosen as it chooses: down the resource tree a
 * literal segment before a {param} before a `{proxy+}` (which takes the rest of the path, one segment
 * or more), falling back where a branch leads nowhere; on the resource, the request's HTTP method before
 * ANY. Undefined where API Gateway answers by itself (404). The local gateway asks it where no route
 * matches, so an unknown path under a signed-in group's `{proxy+}` wants a token first, as on AWS.
 */
export function plannedMethodFor(
  plan: readonly PlannedMethod[],
  httpMethod: string,
  path: string,
): PlannedMethod | undefined {
  const byPath = new Map<string, PlannedMethod[]>();
  for (const m of plan) byPath.set(m.path, [...(byPath.get(m.path) ?? []), m]);
  // Every resource, including the intermediate ones that hold no method.
  const children = new Map<string, Set<string>>();
  for (const resource of byPath.keys()) {
    const segments = resource.split('/').filter(Boolean);
    for (let i = 0; i < segments.length; i++) {
      const parent = segments
        .slice(0, i)
        .map((s) => `/${s}`)
        .join('');
      children.set(parent, (children.get(parent) ?? new Set()).add(segments[i]));
    }
  }
  const methodAt = (resource: string) => {
    const candidates = byPath.get(resource) ?? [];
    return candidates.find((m) => m.method === httpMethod) ?? candidates.find((m) => m.method === 'ANY');
  };
  const walk = (resource: string, rest: string[]): PlannedMethod | undefined => {
    if (rest.length === 0) return methodAt(resource);
    const next = children.get(resource) ?? new Set<string>();
    const [segment, ...after] = rest;
    const tries = [
      ...(next.has(segment) ? [segment] : []),
      ...[...next].filter((part) => /^\{\w+\}$/.test(part)),
    ];
    for (const part of tries) {
      const found = walk(`${resource}/${part}`, after);
      if (found) return found;
    }
    return next.has('{proxy+}') ? methodAt(`${resource}/{proxy+}`) : undefined;
  };
  return walk('', path.split('/').filter(Boolean));
}
