/**
 * The public API's limit and offset headers (spec 002 §7.8), read the same way by every api-key
 * route that pages with them (the route table marks them `pagingHeaders`).
 */
import { AnalyticsPaging } from '../../shared/schemas/insights';
import { BadRequestError } from './errors';

export function pagingOf(headers: Record<string, string | undefined> | null) {
  const lower = Object.fromEntries(Object.entries(headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
  const paging = AnalyticsPaging.safeParse({
    limit: lower.limit ?? undefined,
    offset: lower.offset ?? undefined,
  });
  if (!paging.success) {
    throw new BadRequestError('Invalid paging headers', {
      [String(paging.error.issues[0]?.path[0] ?? 'limit')]: [
        'limit must be a whole number from 1 to 1000, and offset a whole number from 0',
      ],
    });
  }
  return paging.data;
}
