/**
 * The Insights filters (spec 002 §2.4, §3 search filter, §5): what the form holds, its defaults,
 * and the request body the search and the export send.
 */
import { INSIGHT_CLASSIFICATIONS, INSIGHTS_MESSAGES, type InsightsFilter } from '@shared/schemas/insights';

export type InsightClassification = (typeof INSIGHT_CLASSIFICATIONS)[number];

/** 'All Projects' (id 0, spec 002 §2.4). */
export const ALL_PROJECTS = '0';
/** 'All Industries': a value no industry can have. */
export const ALL_INDUSTRIES = '*';

export interface InsightsFilterValues {
  /** YYYY-MM-DD, or null for no bound. */
  answeredAfter: string | null;
  answeredBefore: string | null;
  /** The classifications ticked, in the order the checkboxes show them. */
  complianceStatuses: InsightClassification[];
  /** A project's id, or ALL_PROJECTS. */
  projectId: string;
  /** An industry, or ALL_INDUSTRIES. */
  industryVertical: string;
}

/** No dates, all four classifications, every project and every industry (spec 002 §5). */
export const defaultFilters = (): InsightsFilterValues => ({
  answeredAfter: null,
  answeredBefore: null,
  complianceStatuses: [...INSIGHT_CLASSIFICATIONS],
  projectId: ALL_PROJECTS,
  industryVertical: ALL_INDUSTRIES,
});

const isDay = (value: string | null): value is string => !!value && /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The body of the search and the export: dates as YYYY-MM-DD, the classifications comma-joined
 * (in the checkboxes' order), a project or industry only when one is chosen.
 */
export function toInsightsRequest(values: InsightsFilterValues): InsightsFilter {
  const body: InsightsFilter = {};
  if (isDay(values.answeredAfter)) body.answeredAfter = values.answeredAfter;
  if (isDay(values.answeredBefore)) body.answeredBefore = values.answeredBefore;
  const ticked = INSIGHT_CLASSIFICATIONS.filter((c) => values.complianceStatuses.includes(c));
  if (ticked.length) body.complianceStatusList = ticked.join(',');
  if (values.projectId && values.projectId !== ALL_PROJECTS) body.projectId = values.projectId;
  const industry = values.industryVertical.trim();
  if (industry && values.industryVertical !== ALL_INDUSTRIES) body.industryVertical = industry;
  return body;
}

/** Why the filters cannot be searched (no classification ticked, dates the wrong way round), or null. */
export function filtersProblem(values: InsightsFilterValues): string | null {
  if (!values.complianceStatuses.length) return 'Choose at least one compliance status';
  const { answeredAfter, answeredBefore } = values;
  if (isDay(answeredAfter) && isDay(answeredBefore) && answeredAfter > answeredBefore)
    return INSIGHTS_MESSAGES.badOrder;
  return null;
}

/** Whether the filters are the defaults (Reset has nothing to do). */
export function isDefaultFilters(values: InsightsFilterValues): boolean {
  return (
    values.answeredAfter === null &&
    values.answeredBefore === null &&
    values.projectId === ALL_PROJECTS &&
    values.industryVertical === ALL_INDUSTRIES &&
    INSIGHT_CLASSIFICATIONS.every((c) => values.complianceStatuses.includes(c))
  );
}
