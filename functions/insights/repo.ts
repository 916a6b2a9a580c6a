/**
 * The insights group's access patterns, named: answered-question rows by classification and date
 * (byAnswered) or by project, the team's projects, and exports.
 */
import type { EntityItem } from 'electrodb';
import type { Classification } from '../../shared/schemas/question';
import { PROJECT_STATUSES } from '../../shared/schemas/values';
import { writeAll } from '../common/batch';
import { bindService } from '../common/db';
import { sharedEntities } from '../common/entities';
import { InsightRowEntity } from './entities/insight-row';
import { InsightsExportEntity } from './entities/insights-export';

const db = bindService({
  insightRow: InsightRowEntity,
  insightsExport: InsightsExportEntity,
  project: sharedEntities.project,
  question: sharedEntities.question,
});

export type InsightRowItem = EntityItem<typeof InsightRowEntity>;
export type InsightsExportItem = EntityItem<typeof InsightsExportEntity>;

// ——— Rows (kept by reactions.ts) ———

/** Writes a row whole (its byAnswered key follows its classification and time). */
export async function putRow(row: InsightRowItem) {
  await db().entities.insightRow.put(row).go();
}

/** Many rows at once (BatchWriteItem, a few in flight). */
export async function putRows(rows: InsightRowItem[]) {
  await writeAll(rows, (batch, options) => db().entities.insightRow.put(batch).go(options), [
    'projectId',
    'questionId',
  ]);
}

export async function getRow(teamId: string, projectId: string, questionId: string) {
  return (await db().entities.insightRow.get({ teamId, projectId, questionId }).go()).data;
}

export async function deleteRow(teamId: string, projectId: string, questionId: string) {
  await db().entities.insightRow.delete({ teamId, projectId, questionId }).go();
}

/** Whether the team has any row of a classification (the demo data's backfill checks this). */
export async function hasRows(teamId: string) {
  const found = await Promise.all(
    (['COMPLIANT', 'NON-COMPLIANT', 'PARTIALLY-COMPLIANT', 'NOT-APPLICABLE', 'INCOMPLETE'] as const).map(
      async (responseClassification) =>
        (await db().entities.insightRow.query.byAnswered({ teamId, responseClassification }).go({ limit: 1 }))
          .data.length > 0,
    ),
  );
  return found.some(Boolean);
}

/**
 * A page of one classification's rows answered between two days (inclusive), newest first: one
 * Query of byAnswered, the range in its key condition.
 */
export async function rowsAnswered(
  teamId: string,
  responseClassification: Classification,
  range: { after?: string; before?: string },
  page: { limit: number; cursor: string | null },
) {
  const { data, cursor } = await db()
    .entities.insightRow.query.byAnswered({ teamId, responseClassification })
    .between({ answeredAt: range.after ?? '0000' }, { answeredAt: `${range.before ?? '9999-12-31'}T~` })
    .go({ order: 'desc', limit: page.limit, cursor: page.cursor });
  return { data, cursor };
}

/**
 * A page of one project's rows of these classifications answered between two days, newest first:
 * one Query of byProjectAnswered (the range in its key condition, the classifications filtered).
 */
export async function projectRowsAnswered(
  teamId: string,
  projectId: string,
  classes: readonly Classification[],
  range: { after?: string; before?: string },
  page: { count: number; cursor: string | null },
) {
  const { data, cursor } = await db()
    .entities.insightRow.query.byProjectAnswered({ teamId, projectId })
    .between({ answeredAt: range.after ?? '0000' }, { answeredAt: `${range.before ?? '9999-12-31'}T~` })
    .where((attr, op) => classes.map((c) => op.eq(attr.responseClassification, c)).join(' OR '))
    .go({ order: 'desc', count: page.count, limit: Math.max(page.count, 25), cursor: page.cursor });
  return { data, cursor };
}

// ——— Projects and questions ———

/** Every project of the team, open and closed: one Query of byStatus per status. */
export async function projectsOf(teamId: string) {
  const all = await Promise.all(
    PROJECT_STATUSES.map(
      async (projectStatus) =>
        (await db().entities.project.query.byStatus({ teamId, projectStatus }).go({ pages: 'all' })).data,
    ),
  );
  return all.flat();
}

export async function questionsOf(teamId: string, projectId: string) {
  return (await db().entities.question.query.primary({ teamId, projectId }).go({ pages: 'all' })).data;
}

// ——— Exports ———

export async function createExport(item: Omit<InsightsExportItem, 'createdAt' | 'rows' | 'status'>) {
  await db().entities.insightsExport.create(item).go();
}

export const getExport = async (teamId: string, exportId: string) =>
  (await db().entities.insightsExport.get({ teamId, exportId }).go()).data;

export async function updateExport(
  teamId: string,
  exportId: string,
  set: Partial<Pick<InsightsExportItem, 'status' | 'rows' | 'fileKey'>>,
) {
  await db().entities.insightsExport.patch({ teamId, exportId }).set(set).go();
}
