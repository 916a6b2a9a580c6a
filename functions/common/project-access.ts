/**
 * The one check every route inside a project makes: the project exists in the caller's team and
 * the caller may see it. A PRIVATE project the caller is not on answers exactly like a missing
 * one (404), so its existence never leaks.
 */
import type { TeamCaller } from './caller';
import { canSeeProject, db, type ProjectItem } from './entities';
import { BadRequestError, NotFoundError } from './errors';

export const PROJECT_NOT_FOUND = 'That project does not exist';

/** One GetItem. */
export async function visibleProject(caller: TeamCaller, projectId: string): Promise<ProjectItem> {
  const { data } = await db().entities.project.get({ teamId: caller.user.teamId, projectId }).go();
  if (!data || !canSeeProject(data, caller.user.userId)) throw new NotFoundError(PROJECT_NOT_FOUND);
  return data;
}

/**
 * Someone a project's work can be given to (a manager, an assignee): a member whose current team is
 * the project's and who can see it. One GetItem; refused as a 400 on `field` otherwise.
 */
export async function requireProjectMember(project: ProjectItem, userId: string, field: string) {
  const { data: user } = await db().entities.user.get({ userId }).go();
  if (user?.teamId !== project.teamId || !canSeeProject(project, userId)) {
    throw new BadRequestError('Invalid request body', {
      [field]: ['That person is not a member of this project'],
    });
  }
}
