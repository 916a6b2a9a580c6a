import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** GET /api/team/members/all: the team's members and its pending invitations (no pagination). */
export const listAllMembers = (signal?: AbortSignal) => api('listAllMembers', { signal });

export const allMembersQueryKey = ['team', 'members', 'all'] as const;

export const allMembersQueryOptions = () =>
  queryOptions({ queryKey: allMembersQueryKey, queryFn: ({ signal }) => listAllMembers(signal) });

export const useAllMembers = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...allMembersQueryOptions(), enabled });
