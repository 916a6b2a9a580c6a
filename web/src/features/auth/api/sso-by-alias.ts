import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /api/public/sso/alias (no token): the single sign-on provider for a customer alias. */
export const getSsoByAlias = (alias: string, signal?: AbortSignal) =>
  api('ssoByAlias', { body: { alias }, signal });

export const ssoByAliasQueryOptions = (alias: string) =>
  queryOptions({
    queryKey: ['auth', 'sso', 'alias', alias.trim().toLowerCase()] as const,
    queryFn: ({ signal }) => getSsoByAlias(alias, signal),
    staleTime: 5 * 60_000,
  });

export const useSsoByAlias = (alias: string) => useQuery(ssoByAliasQueryOptions(alias));
