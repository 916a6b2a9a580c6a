/**
 * The project dashboard: the project and its aggregates item, read together (one BatchGetItem
 * whatever the number of questions), shaped into tiles, the burndown, the contributions and assignments.
 */
import type { ProjectDashboard, QuestionAssignment, StatusTile } from '../../shared/schemas/project';
import type { TeamCaller } from '../common/caller';
import { canSeeProject, NOBODY, type ProjectItem, type ProjectStatsItem } from '../common/entities';
import { NotFoundError } from '../common/errors';
import { PROJECT_NOT_FOUND } from '../common/project-access';
import * as repo from './repo';
import { toProject } from './view';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The longest series a chart is given (days). */
export const MAX_SERIES_DAYS = 400;

type Stats = Pick<
  ProjectStatsItem,
  | 'total'
  | 'byClassification'
  | 'assigned'
  | 'completed'
  | 'started'
  | 'lastUpdate'
  | 'activity'
  | 'remainingDelta'
  | 'libraryDrafts'
  | 'evidenceExpired'
>;
type Counts = Record<string, number>;

const dayOf = (iso: string) => iso.slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

function tile(quantity: number, total: number): StatusTile {
  return { quantity, total, percentage: total ? Math.round((quantity / total) * 1000) / 10 : 0 };
}

/** Questions not complete at the end of each day, from creation (or 400 days back) to today. */
function remainingSeries(createdDay: string, today: string, deltas: Counts) {
  const start =
    daysBetween(createdDay, today) > MAX_SERIES_DAYS ? addDays(today, -MAX_SERIES_DAYS) : createdDay;
  let remaining = Object.entries(deltas)
    .filter(([day]) => day < start)
    .reduce((sum, [, n]) => sum + n, 0);
  const series = [];
  for (let day = start; day <= today; day = addDays(day, 1)) {
    remaining += deltas[day] ?? 0;
    series.push({ day, remainingQuestions: remaining });
  }
  return series;
}

/** The target: a straight line from the total on the creation day to zero on the due date. */
function targetSeries(createdDay: string, dueOn: string, total: number) {
  const span = daysBetween(createdDay, dueOn);
  if (span <= 0) return [{ day: dueOn, remainingQuestions: 0 }];
  const step = Math.max(1, Math.ceil(span / MAX_SERIES_DAYS));
  const series = [];
  for (let i = 0; i < span; i += step) {
    series.push({
      day: addDays(createdDay, i),
      remainingQuestions: Math.round(total * (1 - i / span) * 10) / 10,
    });
  }
  series.push({ day: dueOn, remainingQuestions: 0 });
  return series;
}

function assignments(stats: Stats): QuestionAssignment[] {
  const assigned = (stats.assigned ?? {}) as Counts;
  const completed = (stats.completed ?? {}) as Counts;
  const started = (stats.started ?? {}) as Counts;
  const lastUpdate = (stats.lastUpdate ?? {}) as Record<string, string>;
  return Object.entries(assigned)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => {
      const done = completed[key] ?? 0;
      const status: QuestionAssignment['status'] =
        done >= count ? 'COMPLETE' : (started[key] ?? 0) > 0 ? 'IN-PROGRESS' : 'NOT-STARTED';
      return {
        userId: key === NOBODY ? null : key,
        assignedQuestionsCount: count,
        completedQuestionsCount: done,
        status,
        lastUpdate: lastUpdate[key] ?? null,
      };
    })
    .sort((a, b) =>
      a.userId === null ? 1 : b.userId === null ? -1 : b.assignedQuestionsCount - a.assignedQuestionsCount,
    );
}

export function dashboardView(project: ProjectItem, stats: Stats | null, now = new Date()): ProjectDashboard {
  const total = stats?.total ?? 0;
  const by = (stats?.byClassification ?? {}) as Counts;
  const today = now.toISOString().slice(0, 10);
  const createdDay = dayOf(project.createdAt);
  return {
    project: toProject(project),
    totalQuestions: total,
    incompleteQuestions: tile(by.INCOMPLETE ?? 0, total),
    notCompliant: tile(by['NON-COMPLIANT'] ?? 0, total),
    partiallyCompliant: tile(by['PARTIALLY-COMPLIANT'] ?? 0, total),
    compliant: tile(by.COMPLIANT ?? 0, total),
    notApplicable: tile(by['NOT-APPLICABLE'] ?? 0, total),
    projectActivity: Object.entries((stats?.activity ?? {}) as Counts)
      .filter(([, n]) => n > 0)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([day, totalActionsCount]) => ({ day, totalActionsCount })),
    completionProgress:
      total || Object.keys(stats?.remainingDelta ?? {}).length
        ? remainingSeries(
            createdDay,
            today < createdDay ? createdDay : today,
            (stats?.remainingDelta ?? {}) as Counts,
          )
        : [],
    minimumProgress: total ? targetSeries(createdDay, project.dueOn, total) : [],
    questionAssignments: stats ? assignments(stats) : [],
    libraryDrafts: sum(stats?.libraryDrafts),
    evidenceExpired: sum(stats?.evidenceExpired),
  };
}

/** One request: the project and its aggregates, read together. */
export async function projectDashboard(caller: TeamCaller, projectId: string): Promise<ProjectDashboard> {
  const { project, stats } = await repo.projectWithStats(caller.user.teamId, projectId);
  if (!project || !canSeeProject(project, caller.user.userId)) throw new NotFoundError(PROJECT_NOT_FOUND);
  return dashboardView(project, stats);
}

const sum = (counts: unknown) => Object.values((counts ?? {}) as Counts).reduce((total, n) => total + n, 0);
