import { ssoDomain } from '@shared/schemas/base';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The domain of an e-mail address, or null when it has none a lookup would accept. */
export function ssoDomainOf(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 0) return null;
  const parsed = ssoDomain.safeParse(email.slice(at + 1));
  return parsed.success ? parsed.data : null;
}

/** POST /api/public/sso/domain (no token): the single sign-on provider for an e-mail domain. */
export const getSsoByDomain = (domain: string, signal?: AbortSignal) =>
  api('ssoByDomain', { body: { domain }, signal });

export const ssoByDomainQueryOptions = (domain: string) =>
  queryOptions({
    queryKey: ['auth', 'sso', 'domain', domain] as const,
    queryFn: ({ signal }) => getSsoByDomain(domain, signal),
    staleTime: 5 * 60_000,
  });

export const useSsoByDomain = (domain: string | null) =>
  useQuery({ ...ssoByDomainQueryOptions(domain ?? ''), enabled: domain !== null });
