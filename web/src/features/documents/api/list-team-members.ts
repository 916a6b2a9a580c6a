import type { Membership } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';

export interface Person {
  fullName: string;
  photo: string | null;
}

/** GET /api/team/members: the team's members, for the Added By avatars. */
export const listTeamMembers = (signal?: AbortSignal) => api('listMembers', { signal });

export const documentPeopleQueryOptions = () =>
  queryOptions({
    queryKey: ['document-library', 'people'] as const,
    queryFn: ({ signal }) => listTeamMembers(signal),
    staleTime: 5 * 60_000,
  });

/** The team's members by userId; empty while loading. */
export function usePeople(): Map<string, Person> {
  const query = useQuery(documentPeopleQueryOptions());
  return useMemo(() => {
    const people = new Map<string, Person>();
    for (const { member } of (query.data ?? []) as Membership[]) {
      if (member) people.set(member.userId, { fullName: member.fullName, photo: member.photo });
    }
    return people;
  }, [query.data]);
}
