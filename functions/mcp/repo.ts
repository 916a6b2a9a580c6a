/** The table reads of the Model Context Protocol tools: projects and their questions, one Query each. */
import type { ProjectStatus } from '../../shared/schemas/values';
import { readAll } from '../common/batch';
import { db } from '../common/entities';

export const getProject = async (teamId: string, projectId: string) =>
  (await db().entities.project.get({ teamId, projectId }).go()).data;

/** The team's projects of one status, soonest due first (the byStatus index). */
export async function projectsWithStatus(teamId: string, projectStatus: ProjectStatus) {
  return (await db().entities.project.query.byStatus({ teamId, projectStatus }).go({ pages: 'all' })).data;
}

/** A project's questions in the order they were created. */
export async function questionsOf(teamId: string, projectId: string) {
  return (await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' })).data;
}

/** Projects by id (BatchGetItem); missing ones are left out. */
export async function getProjects(teamId: string, projectIds: string[]) {
  if (!projectIds.length) return [];
  return readAll(
    [...new Set(projectIds)].map((projectId) => ({ teamId, projectId })),
    (keys, options) => db().entities.project.get(keys).go(options),
  );
}
