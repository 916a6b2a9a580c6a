import type { Membership } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';

/** A team member as the project screens show them: name and photo. */
export interface TeamPerson {
  userId: string;
  fullName: string;
  photo: string | null;
}

/** GET /api/team/members: the team's accepted members (for owner and creator avatars). */
export const listTeamMembers = (signal?: AbortSignal) => api('listMembers', { signal });

export const teamMembersQueryKey = ['projects', 'team-members'] as const;

export const teamMembersQueryOptions = () =>
  queryOptions({
    queryKey: teamMembersQueryKey,
    queryFn: ({ signal }) => listTeamMembers(signal),
    // Members change rarely; the avatars do not need a refetch on every visit.
    staleTime: 5 * 60_000,
  });

const toPeople = (memberships: readonly Membership[]): Map<string, TeamPerson> => {
  const people = new Map<string, TeamPerson>();
  for (const { member } of memberships) {
    if (member)
      people.set(member.userId, { userId: member.userId, fullName: member.fullName, photo: member.photo });
  }
  return people;
};

/** The team's members by userId; empty while loading or when the list cannot be read. */
export function useTeamPeople(): Map<string, TeamPerson> {
  const query = useQuery(teamMembersQueryOptions());
  return useMemo(() => toPeople(query.data ?? []), [query.data]);
}
