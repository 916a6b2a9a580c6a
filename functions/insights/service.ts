/**
 * Insights (spec 002 §2.4, §7.4) and the search the public analytics API shares (§7.8): the team's
 * answered questions, newest first, by answered date, compliance, project and industry. A user sees
 * the projects they may see (PRIVATE ones only if on them); an API key sees every project (§6).
 *
 * Without a project or industry, each classification's rows are read newest first from byAnswered;
 * with one, each chosen project's from byProjectAnswered; either way only as far as the page needs,
 * then merged.
 */
import { randomUUID } from 'node:crypto';
import type * as z from 'zod';
import {
  type AnalyticsRequest,
  INSIGHT_CLASSIFICATIONS,
  INSIGHTS_LIMIT,
  type InsightResult,
  type InsightsExport,
  type InsightsFilter,
} from '../../shared/schemas/insights';
import type { Classification } from '../../shared/schemas/question';
import { recordActivityEvent } from '../common/activity';
import type { ApiClient } from '../common/api-keys';
import type { TeamCaller } from '../common/caller';
import { canSeeProject, type ProjectItem } from '../common/entities';
import { NotFoundError } from '../common/errors';
import { visibleProject } from '../common/project-access';
import { presignDownload } from '../common/storage';
import { usersById } from '../common/team-directory';
import * as repo from './repo';

export type Filter = z.output<typeof InsightsFilter>;
/** Who is searching: a member (their visible projects), or the team's API key (all of them). */
export interface Audience {
  teamId: string;
  userId?: string;
}

/** Rows are read from byAnswered in pages of this many (more than a screen's worth at once). */
const PAGE = 250;
const EXPORT_TTL_SECONDS = 24 * 60 * 60;
export const EXPORT_FILE_NAME = 'QuestionnaireWorkspace-export.csv';

const newestFirst = (a: repo.InsightRowItem, b: repo.InsightRowItem) =>
  b.answeredAt.localeCompare(a.answeredAt) ||
  b.projectId.localeCompare(a.projectId) ||
  b.questionId.localeCompare(a.questionId);

const allProjects = (filter: Filter) => !filter.projectId || filter.projectId === '0';

/**
 * The first `want` matching rows (newest first) and the projects they belong to. `want` is the
 * page's end (offset + limit), or Infinity for an export.
 */
export async function matchingRows(audience: Audience, filter: Filter, want: number) {
  const projects = (await repo.projectsOf(audience.teamId)).filter(
    (p) => !audience.userId || canSeeProject(p, audience.userId),
  );
  const byId = new Map(projects.map((p) => [p.projectId, p]));
  const classes: readonly Classification[] = filter.complianceStatusList ?? INSIGHT_CLASSIFICATIONS;
  const after = filter.answeredAfter;
  const before = filter.answeredBefore;

  let rows: repo.InsightRowItem[];
  if (!allProjects(filter) || filter.industryVertical) {
    const chosen = projects.filter(
      (p) =>
        (allProjects(filter) || p.projectId === filter.projectId) &&
        (!filter.industryVertical || p.industryVertical === filter.industryVertical),
    );
    // Each chosen project's newest first, only as far as the page needs, then merged.
    const perProject = await Promise.all(
      chosen.map(async (p) => {
        const kept: repo.InsightRowItem[] = [];
        let cursor: string | null = null;
        do {
          const page = await repo.projectRowsAnswered(
            audience.teamId,
            p.projectId,
            classes,
            { after, before },
            {
              count: Number.isFinite(want) ? Math.min(PAGE, want - kept.length) : PAGE,
              cursor,
            },
          );
          kept.push(...page.data);
          cursor = page.cursor;
        } while (cursor && kept.length < want);
        return kept;
      }),
    );
    rows = perProject.flat();
  } else {
    const perClass = await Promise.all(
      classes.map(async (classification) => {
        const kept: repo.InsightRowItem[] = [];
        let cursor: string | null = null;
        do {
          const page = await repo.rowsAnswered(
            audience.teamId,
            classification,
            { after, before },
            {
              limit: Math.min(PAGE, Number.isFinite(want) ? Math.max(want - kept.length, 25) : PAGE),
              cursor,
            },
          );
          kept.push(...page.data.filter((row) => byId.has(row.projectId)));
          cursor = page.cursor;
        } while (cursor && kept.length < want);
        return kept;
      }),
    );
    rows = perClass.flat();
  }
  rows.sort(newestFirst);
  return { rows: Number.isFinite(want) ? rows.slice(0, want) : rows, projects: byId };
}

const fullName = (user: { givenName?: string; lastName?: string } | undefined) =>
  user ? `${user.givenName ?? ''} ${user.lastName ?? ''}`.trim() || null : null;

/** Rows as the API answers them, with project names and people's names. */
export async function toResults(
  rows: repo.InsightRowItem[],
  projects: Map<string, ProjectItem>,
): Promise<InsightResult[]> {
  const users = await usersById(rows.flatMap((r) => [r.answeredByUserId, r.classifiedByUserId]));
  return rows.map((row) => {
    const project = projects.get(row.projectId);
    return {
      questionId: row.questionId,
      projectId: row.projectId,
      name: project?.name ?? '',
      industryVertical: project?.industryVertical ?? null,
      responseClassification: row.responseClassification,
      question: row.question,
      answer: row.answer,
      updatedAt: row.answeredAt,
      answeredByUserId: row.answeredByUserId ?? null,
      answeredByUser: fullName(row.answeredByUserId ? users.get(row.answeredByUserId) : undefined),
      classifiedByUserId: row.classifiedByUserId ?? null,
      classifiedByUser: fullName(row.classifiedByUserId ? users.get(row.classifiedByUserId) : undefined),
      tags: row.tags ?? [],
    };
  });
}

/** A project filter names a project the caller may see (another's is not found, as everywhere). */
async function checkProjectFilter(caller: TeamCaller, filter: Filter) {
  if (!allProjects(filter)) await visibleProject(caller, filter.projectId as string);
}

/** The 100 newest matching questions the caller may see; `capped` when more match. */
export async function searchInsights(caller: TeamCaller, filter: Filter) {
  const { teamId, userId } = caller.user;
  await checkProjectFilter(caller, filter);
  const { rows, projects } = await matchingRows({ teamId, userId }, filter, INSIGHTS_LIMIT + 1);
  await recordActivityEvent(userId, teamId, {
    eventName: 'INSIGHTS_SEARCH',
    eventData: { results: Math.min(rows.length, INSIGHTS_LIMIT) },
  });
  return {
    results: await toResults(rows.slice(0, INSIGHTS_LIMIT), projects),
    capped: rows.length > INSIGHTS_LIMIT,
  };
}

/** The filter lists, for what the caller may see. */
export async function listProjects(caller: TeamCaller) {
  const projects = (await repo.projectsOf(caller.user.teamId)).filter((p) =>
    canSeeProject(p, caller.user.userId),
  );
  return projects
    .map((p) => ({ projectId: p.projectId, name: p.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export async function listIndustries(caller: TeamCaller) {
  const projects = (await repo.projectsOf(caller.user.teamId)).filter((p) =>
    canSeeProject(p, caller.user.userId),
  );
  const industries = [...new Set(projects.flatMap((p) => (p.industryVertical ? [p.industryVertical] : [])))];
  return industries.sort().map((industryVertical) => ({ industryVertical }));
}

// ——— The public analytics API ———

/** A page of the team's answered questions for the team whose key signed the request, PRIVATE included. */
export async function analyticsQuestions(
  client: ApiClient,
  filter: z.output<typeof AnalyticsRequest>,
  paging: { limit: number; offset: number },
) {
  const { rows, projects } = await matchingRows(
    { teamId: client.teamId },
    filter,
    paging.offset + paging.limit,
  );
  return toResults(rows.slice(paging.offset, paging.offset + paging.limit), projects);
}

// ——— Export ———

async function exportView(item: repo.InsightsExportItem): Promise<InsightsExport> {
  return {
    exportId: item.exportId,
    status: item.status,
    rows: item.rows,
    createdAt: item.createdAt,
    ...(item.status === 'DONE' && item.fileKey
      ? {
          url: await presignDownload(item.fileKey, 15 * 60, { fileName: EXPORT_FILE_NAME }),
          fileName: EXPORT_FILE_NAME,
        }
      : {}),
  };
}

/** Queues an export of every matching question; the export job writes the file. */
export async function startExport(caller: TeamCaller, filter: Filter) {
  const { teamId, userId } = caller.user;
  await checkProjectFilter(caller, filter);
  const exportId = randomUUID();
  await repo.createExport({
    teamId,
    exportId,
    userId,
    // As the request gave it (the schema turns the comma-joined statuses into a list).
    filter: JSON.stringify({ ...filter, complianceStatusList: filter.complianceStatusList?.join(',') }),
    expiresAt: Math.floor(Date.now() / 1000) + EXPORT_TTL_SECONDS,
  });
  await recordActivityEvent(userId, teamId, { eventName: 'INSIGHTS_EXPORT', eventData: { exportId } });
  const created = await repo.getExport(teamId, exportId);
  if (!created) throw new Error('The export just created was not found');
  return exportView(created);
}

/** An export of the caller's own (another member's is not found). */
export async function getExport(caller: TeamCaller, exportId: string) {
  const item = await repo.getExport(caller.user.teamId, exportId);
  if (!item || item.userId !== caller.user.userId) throw new NotFoundError('That export does not exist');
  return exportView(item);
}
