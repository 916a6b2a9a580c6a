/** The projects group's access patterns, named. */

import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '../common/config';
import { checkedCursor } from '../common/cursor';
import { documentClient } from '../common/db';
import { db, type ProjectItem, type ProjectStatsItem } from '../common/entities';
import { ConflictError, isConditionFailure } from '../common/errors';

type ProjectStatus = ProjectItem['projectStatus'];

/** Who may see a project: every member for TEAM, the list for PRIVATE (a filter on the page's Query). */
const visibleTo =
  (userId: string) =>
  (
    { accessVisibility, memberUserIds }: { accessVisibility: unknown; memberUserIds: unknown },
    {
      eq,
      contains,
    }: { eq: (a: unknown, v: unknown) => string; contains: (a: unknown, v: unknown) => string },
  ) =>
    `(${eq(accessVisibility, 'TEAM')} OR ${contains(memberUserIds, userId)})`;

/**
 * One page of a team's projects in one status that the user can see, by due date (soonest first
 * when open, latest first when closed). One Query on the byStatus index reads twice the page, so a
 * page is one request unless more than half of what it reads is PRIVATE to others. A cursor that
 * does not continue this very Query answers 400 (functions/common/cursor.ts).
 */
export async function projectsByDueDate(
  teamId: string,
  userId: string,
  projectStatus: ProjectStatus,
  page: { count: number; cursor?: string },
) {
  const query = db()
    .entities.project.query.byStatus({ teamId, projectStatus })
    .where(visibleTo(userId) as never);
  const { data, cursor } = await query.go({
    count: page.count,
    limit: page.count * 2,
    cursor: checkedCursor(page.cursor, query) ?? null,
    order: projectStatus === 'COMPLETE' ? 'desc' : 'asc',
  });
  return { data, cursor };
}

export interface NewProject {
  teamId: string;
  projectId: string;
  name: string;
  dueOn: string;
  projectPriority: ProjectItem['projectPriority'];
  industryVertical?: ProjectItem['industryVertical'];
  createdByUserId: string;
  changedBySession: string;
}

/** The project and its (empty) dashboard aggregates, together. */
export async function createProject(project: NewProject) {
  const { teamId, projectId } = project;
  const result = await db()
    .transaction.write(({ project: p, projectStats }) => [
      p.create({ ...project, updatedByUserId: project.createdByUserId }).commit(),
      projectStats.create({ teamId, projectId }).commit(),
    ])
    .go();
  if (result.canceled) throw new Error('Creating the project was cancelled');
}

/**
 * The project and its dashboard aggregates in one BatchGetItem (one request whatever the number
 * of questions). Unprocessed keys (throttling) are read again, a few times.
 */
export async function projectWithStats(teamId: string, projectId: string) {
  const { project, projectStats } = db().entities;
  const keyOf = (params: unknown) => (params as { Key: Record<string, string> }).Key;
  const projectKey = keyOf(project.get({ teamId, projectId }).params());
  const statsKey = keyOf(projectStats.get({ teamId, projectId }).params());
  const found: Record<string, unknown>[] = [];
  let pending = [projectKey, statsKey];
  for (let attempt = 0; pending.length && attempt < 5; attempt++) {
    const { Responses, UnprocessedKeys } = await documentClient.send(
      new BatchGetCommand({ RequestItems: { [config.tableName]: { Keys: pending } } }),
    );
    found.push(...(Responses?.[config.tableName] ?? []));
    pending = (UnprocessedKeys?.[config.tableName]?.Keys ?? []) as typeof pending;
  }
  if (pending.length) throw new Error('Reading the project dashboard left keys unprocessed');
  const rawProject = found.find((item) => item.sk === projectKey.sk);
  const rawStats = found.find((item) => item.sk === statsKey.sk);
  return {
    project: rawProject ? (project.parse({ Item: rawProject }).data as ProjectItem | null) : null,
    stats: rawStats ? (projectStats.parse({ Item: rawStats }).data as ProjectStatsItem | null) : null,
  };
}

type Changes = Partial<Omit<ProjectItem, 'teamId' | 'projectId' | 'createdAt' | 'version'>>;

/**
 * Sets and removes fields of a project and bumps its version. The byStatus index key is rebuilt
 * from the values read (`dueOn`, `projectStatus`), on condition that they are still what was read.
 * With `expectedVersion`, a newer version answers 409.
 */
export async function updateProject(
  current: ProjectItem,
  set: Changes,
  remove: Array<keyof Changes> = [],
  expectedVersion?: number,
): Promise<ProjectItem> {
  const { teamId, projectId } = current;
  const keyParts = {
    dueOn: set.dueOn ?? current.dueOn,
    projectStatus: set.projectStatus ?? current.projectStatus,
  };
  try {
    let update = db()
      .entities.project.patch({ teamId, projectId })
      .set({ ...set, ...keyParts })
      .add({ version: 1 });
    if (remove.length) update = update.remove(remove as never);
    const { data } = await update
      .where(({ version, dueOn, projectStatus }, { eq }) =>
        [
          eq(dueOn, current.dueOn),
          eq(projectStatus, current.projectStatus),
          expectedVersion === undefined ? '' : eq(version, expectedVersion),
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ response: 'all_new' });
    return data as ProjectItem;
  } catch (error) {
    if (isConditionFailure(error)) throw new ConflictError();
    throw error;
  }
}

/** Removes an assignment only while it still names that user. */
export async function removeManager(
  current: ProjectItem,
  field: 'salesManagerUserId' | 'deliveryManagerUserId',
  userId: string,
  audit: { updatedByUserId: string; changedBySession: string },
): Promise<ProjectItem | null> {
  try {
    const { data } = await db()
      .entities.project.patch({ teamId: current.teamId, projectId: current.projectId })
      .set({ ...audit, dueOn: current.dueOn, projectStatus: current.projectStatus })
      .remove([field])
      .add({ version: 1 })
      .where((attr, { eq }) => `${eq(attr[field], userId)} AND ${eq(attr.dueOn, current.dueOn)}`)
      .go({ response: 'all_new' });
    return data as ProjectItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Active members of a team (one Query). */
export async function activeMembers(teamId: string) {
  const { data } = await db().entities.membership.query.primary({ teamId }).go({ pages: 'all' });
  return data.filter((m) => m.userId && (m.status ?? 'ACTIVE') === 'ACTIVE');
}

/**
 * The project's files and sheets with what the wording levels need (ids and their wording): two
 * Queries of the project's SOURCE# items, paged through. Removed files and their sheets are left out.
 */
export async function wordingLevelsOf(teamId: string, projectId: string) {
  const [sources, sheets] = await Promise.all([
    db()
      .entities.source.query.primary({ teamId, projectId })
      .go({ pages: 'all', attributes: ['projectSourceId', 'complianceWording', 'deletedAt'] }),
    db()
      .entities.sourceSheet.query.primary({ teamId, projectId })
      .go({ pages: 'all', attributes: ['projectSourceId', 'sheetId', 'complianceWording'] }),
  ]);
  const live = sources.data.filter((source) => !source.deletedAt);
  const liveIds = new Set(live.map((source) => source.projectSourceId));
  return {
    sources: live as Array<{ projectSourceId: string; complianceWording?: unknown }>,
    sheets: sheets.data.filter((sheet) => liveIds.has(sheet.projectSourceId)) as Array<{
      projectSourceId: string;
      sheetId: string;
      complianceWording?: unknown;
    }>,
  };
}

type Audit = { updatedByUserId: string; changedBySession: string };

/** Sets (or, when empty, removes) a file's wording; the file must still be there. */
export async function setSourceWording(
  key: { teamId: string; projectId: string; projectSourceId: string },
  wording: Record<string, string>,
  audit: Audit,
) {
  const patch = db().entities.source.patch(key);
  const update = Object.keys(wording).length
    ? patch.set({ complianceWording: wording, ...audit })
    : patch.set(audit).remove(['complianceWording']);
  await update.where((attr, { notExists }) => notExists(attr.deletedAt)).go();
}

/** Sets (or, when empty, removes) a sheet's wording. */
export async function setSheetWording(
  key: { teamId: string; projectId: string; projectSourceId: string; sheetId: string },
  wording: Record<string, string>,
  audit: Audit,
) {
  const patch = db().entities.sourceSheet.patch(key);
  const update = Object.keys(wording).length
    ? patch.set({ complianceWording: wording, ...audit })
    : patch.set(audit).remove(['complianceWording']);
  await update.go();
}
