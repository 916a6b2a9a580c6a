import type { Membership } from '@shared/schemas/team';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A member of the team a PRIVATE project can be shared with. */
export interface ShareCandidate {
  userId: string;
  fullName: string;
  emailAddress: string;
  photo: string | null;
  groupName: string;
}

/** The accepted members of the team, as people (invitations not yet accepted have no user). */
export const toShareCandidates = (memberships: readonly Membership[]): ShareCandidate[] =>
  memberships.flatMap((m) =>
    m.status === 'ACTIVE' && m.member
      ? [
          {
            userId: m.member.userId,
            fullName: m.member.fullName,
            emailAddress: m.member.emailAddress,
            photo: m.member.photo,
            groupName: m.group.groupName,
          },
        ]
      : [],
  );

/**
 * GET /api/team/members: everyone in the team, for the Sharing Settings member picker (the
 * project's own team lists only who can see it now).
 */
export const listShareCandidates = async (signal?: AbortSignal) =>
  toShareCandidates(await api('listMembers', { signal }));

export const shareCandidatesQueryKey = ['projects', 'share-candidates'] as const;

export const shareCandidatesQueryOptions = () =>
  queryOptions({ queryKey: shareCandidatesQueryKey, queryFn: ({ signal }) => listShareCandidates(signal) });

export const useShareCandidates = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...shareCandidatesQueryOptions(), enabled });
