/** Who can see a project: its team (the people drop-downs) and its sharing settings. */
import type * as z from 'zod';
import type { ProjectAccess, ProjectMember, UpdateProjectAccessRequest } from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import { canSeeProject, type ProjectItem } from '../common/entities';
import { BadRequestError } from '../common/errors';
import { photoUrl } from '../common/photos';
import { visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import { teamGroupNames, usersById } from '../common/team-directory';
import * as repo from './repo';

const toAccess = (project: ProjectItem): ProjectAccess => ({
  accessVisibility: project.accessVisibility,
  createdByUserId: project.createdByUserId,
  shareWith: project.accessVisibility === 'PRIVATE' ? [...(project.memberUserIds ?? [])].sort() : [],
  version: project.version ?? 1,
});

/** Active members who can see the project, by name: one Query, one batch read of users. */
export async function projectTeam(caller: TeamCaller, projectId: string): Promise<ProjectMember[]> {
  const project = await visibleProject(caller, projectId);
  const memberships = (await repo.activeMembers(project.teamId)).filter((m) =>
    canSeeProject(project, m.userId as string),
  );
  const [users, groups] = await Promise.all([
    usersById(memberships.map((m) => m.userId)),
    teamGroupNames(
      project.teamId,
      memberships.map((m) => m.groupId),
    ),
  ]);
  const team = await Promise.all(
    memberships.map(async (m) => {
      const user = users.get(m.userId as string);
      if (!user) return null;
      return {
        userId: user.userId,
        member: {
          userId: user.userId,
          givenName: user.givenName,
          lastName: user.lastName,
          fullName: `${user.givenName} ${user.lastName}`.trim(),
          emailAddress: user.emailAddress,
          photo: await photoUrl(user.photo),
        },
        group: { groupName: groups.get(m.groupId) ?? '' },
      };
    }),
  );
  return team
    .filter((m): m is ProjectMember => m !== null)
    .sort((a, b) => a.member.fullName.localeCompare(b.member.fullName));
}

export async function projectAccess(caller: TeamCaller, projectId: string): Promise<ProjectAccess> {
  return toAccess(await visibleProject(caller, projectId));
}

/**
 * TEAM, or PRIVATE to a list of active members of the team. The creator and the caller are always
 * on a PRIVATE list (neither can be removed, and nobody can lock themselves out).
 */
export async function updateProjectAccess(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof UpdateProjectAccessRequest>,
  sessionId: string | null,
): Promise<ProjectAccess> {
  const current = await visibleProject(caller, projectId);
  const audit = { updatedByUserId: caller.user.userId, changedBySession: sessionMark(sessionId) };
  if (body.accessVisibility === 'TEAM') {
    const updated = await repo.updateProject(
      current,
      { accessVisibility: 'TEAM', ...audit },
      ['memberUserIds'],
      body.version,
    );
    return toAccess(updated);
  }
  const members = new Set((await repo.activeMembers(current.teamId)).map((m) => m.userId));
  const unknown = body.shareWith.filter((id) => !members.has(id));
  if (unknown.length) {
    throw new BadRequestError('Invalid request body', {
      shareWith: ['Projects can only be shared with members of your team'],
    });
  }
  const list = [...new Set([...body.shareWith, current.createdByUserId, caller.user.userId])];
  const updated = await repo.updateProject(
    current,
    { accessVisibility: 'PRIVATE', memberUserIds: list, ...audit },
    [],
    body.version,
  );
  return toAccess(updated);
}
