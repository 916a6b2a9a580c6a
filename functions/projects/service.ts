import type { DashboardProject } from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import { canSeeProject } from '../common/entities';
import * as repo from './repo';

/** How many rows the home dashboard's Active Projects panel shows (See More opens the list). */
export const DASHBOARD_PROJECTS = 5;
/** Read a few more than shown, so PRIVATE projects the caller cannot see rarely leave gaps. */
const READ_AHEAD = 4;

export async function dashboardProjects(caller: TeamCaller): Promise<DashboardProject[]> {
  const open = await repo.openProjectsByDueDate(caller.user.teamId, DASHBOARD_PROJECTS * READ_AHEAD);
  return open
    .filter((p) => canSeeProject(p, caller.user.userId))
    .slice(0, DASHBOARD_PROJECTS)
    .map(({ projectId, name, dueOn, projectPriority, createdAt }) => ({
      projectId,
      name,
      dueOn,
      projectPriority,
      createdAt,
    }));
}
