/** The project record: list, create, read, update, unassign. */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  type CreateProjectRequest,
  DashboardProject,
  DEFAULT_DUE_DAYS,
  type ListProjectsQuery,
  MANAGER_FIELDS,
  type ManagerField,
  PROJECTS_PER_PAGE,
  type Project,
  ProjectListItem,
  type ProjectPage,
  type UnassignProjectRequest,
  type UpdateProjectRequest,
} from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import { DAY_MS, isoDay, isoDayAfter } from '../common/days';
import type { ProjectItem } from '../common/entities';
import { BadRequestError, ForbiddenError } from '../common/errors';
import { requireProjectMember, visibleProject } from '../common/project-access';
import { sessionMark } from '../common/session-mark';
import * as repo from './repo';
import { toProject } from './view';

/** How many rows the home dashboard's Active Projects panel shows (See More opens the list). */
export const DASHBOARD_PROJECTS = 5;

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * The list's order (spec 001 §2): by due date (soonest first when open, latest first when closed),
 * then by name (case aside, "Review 2" before "Review 10"), then by id so equal names keep a place.
 */
function listOrder(closed: boolean) {
  return (a: ProjectItem, b: ProjectItem) =>
    (closed ? b.dueOn.localeCompare(a.dueOn) : a.dueOn.localeCompare(b.dueOn)) ||
    byName.compare(a.name, b.name) ||
    a.projectId.localeCompare(b.projectId);
}

async function orderedProjects(caller: TeamCaller, closed: boolean) {
  const projects = await repo.visibleProjects(
    caller.user.teamId,
    caller.user.userId,
    closed ? 'COMPLETE' : 'IN-PROGRESS',
  );
  return projects.sort(listOrder(closed));
}

export async function listProjects(
  caller: TeamCaller,
  query: z.output<typeof ListProjectsQuery>,
): Promise<ProjectPage> {
  const start = query.cursor ? Number(query.cursor) : 0;
  const projects = await orderedProjects(caller, query.tab === 'closed');
  const end = start + PROJECTS_PER_PAGE;
  return {
    // The schema keeps a row's fields and drops the rest of the record.
    items: projects.slice(start, end).map((p) => ProjectListItem.parse(toProject(p))),
    cursor: end < projects.length ? String(end) : null,
    total: projects.length,
  };
}

export async function dashboardProjects(caller: TeamCaller): Promise<DashboardProject[]> {
  const projects = await orderedProjects(caller, false);
  return projects.slice(0, DASHBOARD_PROJECTS).map((p) => DashboardProject.parse(p));
}

export async function createProject(
  caller: TeamCaller,
  body: z.output<typeof CreateProjectRequest>,
  sessionId: string | null,
): Promise<Project> {
  // A due date picked in a time zone ahead of UTC can be "tomorrow" in UTC terms: allow a day.
  if (body.dueOn && body.dueOn < isoDay(Date.now() - DAY_MS)) {
    throw new BadRequestError('Invalid request body', { dueOn: ['The due date cannot be in the past'] });
  }
  const project = {
    teamId: caller.user.teamId,
    projectId: randomUUID(),
    name: body.name,
    dueOn: body.dueOn ?? isoDayAfter(DEFAULT_DUE_DAYS),
    projectPriority: body.projectPriority ?? 'NORMAL',
    industryVertical: body.industryVertical,
    createdByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  };
  await repo.createProject(project);
  return getProject(caller, project.projectId);
}

export async function getProject(caller: TeamCaller, projectId: string): Promise<Project> {
  return toProject(await visibleProject(caller, projectId));
}

type UpdateBody = z.output<typeof UpdateProjectRequest>;

/** Which permission a field needs: the manager fields their own, everything else project management. */
function requireFieldPermission(caller: TeamCaller, body: UpdateBody) {
  const needed = MANAGER_FIELDS.find((f) => f in body);
  const permission =
    needed === 'salesManagerUserId'
      ? 'ASSIGN_PROJECT_SALES_MANAGER'
      : needed === 'deliveryManagerUserId'
        ? 'ASSIGN_PROJECT_DELIVERY_MANAGER'
        : 'USER_PERMISSION_CREATE_PROJECT';
  if (!caller.permissions[permission]) throw new ForbiddenError();
}

export async function updateProject(
  caller: TeamCaller,
  projectId: string,
  body: UpdateBody,
  sessionId: string | null,
): Promise<Project> {
  const current = await visibleProject(caller, projectId);
  requireFieldPermission(caller, body);
  for (const field of MANAGER_FIELDS) {
    const userId = body[field];
    if (userId) await requireProjectMember(current, userId, field);
  }
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [field, value] of Object.entries(body as UpdateProjectRequest)) {
    if (value === null || value === '') remove.push(field);
    else set[field] = value;
  }
  const updated = await repo.updateProject(
    current,
    { ...set, updatedByUserId: caller.user.userId, changedBySession: sessionMark(sessionId) },
    remove as never,
  );
  return toProject(updated);
}

export async function unassignProject(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof UnassignProjectRequest>,
  sessionId: string | null,
): Promise<Project> {
  const field = MANAGER_FIELDS.find((f) => body[f]) as ManagerField;
  const current = await visibleProject(caller, projectId);
  requireFieldPermission(caller, { [field]: body[field] });
  const updated = await repo.removeManager(current, field, body[field] as string, {
    updatedByUserId: caller.user.userId,
    changedBySession: sessionMark(sessionId),
  });
  // Someone else was assigned since: that newer assignment stays, and the caller sees it.
  return toProject(updated ?? (await visibleProject(caller, projectId)));
}
