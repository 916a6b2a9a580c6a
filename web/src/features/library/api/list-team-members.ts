import type { Membership } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';

export interface Author {
  fullName: string;
  photo: string | null;
}

/** GET /api/team/members: the team's members, for the authors' avatars and names. */
export const listTeamMembers = (signal?: AbortSignal) => api('listMembers', { signal });

export const authorsQueryOptions = () =>
  queryOptions({
    queryKey: ['library', 'authors'] as const,
    queryFn: ({ signal }) => listTeamMembers(signal),
    staleTime: 5 * 60_000,
  });

/** The team's members by userId; empty while loading. */
export function useAuthors(): Map<string, Author> {
  const query = useQuery(authorsQueryOptions());
  return useMemo(() => {
    const people = new Map<string, Author>();
    for (const { member } of (query.data ?? []) as Membership[]) {
      if (member) people.set(member.userId, { fullName: member.fullName, photo: member.photo });
    }
    return people;
  }, [query.data]);
}
