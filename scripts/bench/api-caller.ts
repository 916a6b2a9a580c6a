/**
 * The bench's way of calling a route of the local gateway as a signed-in user: named from the route
 * table, the `data` of a 200 answered, anything else thrown with its body.
 */
import { fillPath, type RouteName, routes } from '../../shared/routes';

export type BenchCall = <T = Record<string, unknown>>(
  name: RouteName,
  params?: Record<string, string>,
  body?: unknown,
) => Promise<T>;

export function apiCaller(appUrl: string, token: string): BenchCall {
  return async function call<T>(name: RouteName, params: Record<string, string> = {}, body?: unknown) {
    const route = routes[name];
    const response = await fetch(`${appUrl}${fillPath(route.path, params)}`, {
      method: route.method,
      headers: { authorization: token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = (await response.json()) as { data: T };
    if (response.status !== 200) throw new Error(`${name}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}
