import type { ProjectMember } from '@shared/schemas/project';
import { useMemo } from 'react';
import { useAnsweringTeam } from '@/features/answering/api/get-project-team';

export interface TeamMember {
  userId: string;
  fullName: string;
  emailAddress: string;
  photo: string | null;
}

const toMember = (m: ProjectMember): TeamMember => ({
  userId: m.userId,
  fullName: m.member.fullName || `${m.member.givenName} ${m.member.lastName}`.trim() || m.member.emailAddress,
  emailAddress: m.member.emailAddress,
  photo: m.member.photo,
});

/** The project team (shared cache with the page), as a list and as a userId → member map. */
export function useTeamMembers(projectId: string) {
  const { data } = useAnsweringTeam(projectId);
  return useMemo(() => {
    const members = (data ?? []).map(toMember).sort((a, b) => a.fullName.localeCompare(b.fullName));
    const byId = new Map(members.map((m) => [m.userId, m]));
    const names = new Map(members.map((m) => [m.userId, m.fullName]));
    return { members, byId, names, loaded: data !== undefined };
  }, [data]);
}
