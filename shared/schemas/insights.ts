/**
 * Insights (spec 002 §2.4, §3 search result and filter, §5, §7.4) and the public analytics API
 * (§7.8): the team's answered questions across projects, searched by answered date, compliance,
 * project and industry.
 */
import * as z from 'zod';
import { DATE_MESSAGE, IsoDate } from './project';
import { CLASSIFICATIONS } from './question';

/** The four classifications the filter offers, all on by default (spec 002 §2.4, §5). */
export const INSIGHT_CLASSIFICATIONS = [
  'COMPLIANT',
  'NON-COMPLIANT',
  'PARTIALLY-COMPLIANT',
  'NOT-APPLICABLE',
] as const;
/** Search shows at most this many (spec 002 §9); the export has them all. */
export const INSIGHTS_LIMIT = 100;
/** The public API's largest page, and its default. */
export const ANALYTICS_PAGE_MAX = 1000;
export const ANALYTICS_PAGE_DEFAULT = 100;

export const INSIGHTS_MESSAGES = {
  lists: 'There was an error retrieving the project and industry lists',
  export: 'There was an error exporting your insights data',
  search: 'There was an error search for your insights',
  noneTitle: 'No questions were found',
  noneHint: 'Please check your search filters',
  capped: 'Search is limited to 100 questions. Click export to download all questions as a CSV.',
  found: (n: number) => `${n} questions found.`,
  badOrder: 'Answered After must be on or before Answered Before',
} as const;

/** The comma-joined classifications of the spec's filter, as a list (unknown or empty values refused). */
const ComplianceStatusList = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const items = value
      .split(',')
      .map((v) => v.trim().toUpperCase())
      .filter(Boolean);
    const unknown = items.filter((v) => !(CLASSIFICATIONS as readonly string[]).includes(v));
    if (unknown.length || !items.length) {
      ctx.addIssue({ code: 'custom', message: `Give one or more of ${CLASSIFICATIONS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(items)] as Array<(typeof CLASSIFICATIONS)[number]>;
  });

/** The search filter (spec 002 §3): dates YYYY-MM-DD, compliance comma-joined; project '0' means all. */
export const InsightsFilter = z
  .strictObject({
    answeredAfter: IsoDate.optional(),
    answeredBefore: IsoDate.optional(),
    complianceStatusList: ComplianceStatusList.optional(),
    projectId: z
      .string()
      .max(128)
      .regex(/^[A-Za-z0-9_=-]+$/, 'Invalid id')
      .optional(),
    industryVertical: z.string().trim().max(100).optional(),
  })
  .refine((f) => !f.answeredAfter || !f.answeredBefore || f.answeredAfter <= f.answeredBefore, {
    message: INSIGHTS_MESSAGES.badOrder,
    path: ['answeredAfter'],
  });
export type InsightsFilter = z.input<typeof InsightsFilter>;

/** The public API's filter (spec 002 §7.8): the same, across all projects. */
export const AnalyticsRequest = z
  .strictObject({
    answeredAfter: IsoDate.optional(),
    answeredBefore: IsoDate.optional(),
    complianceStatusList: ComplianceStatusList.optional(),
    industryVertical: z.string().trim().max(100).optional(),
  })
  .refine((f) => !f.answeredAfter || !f.answeredBefore || f.answeredAfter <= f.answeredBefore, {
    message: INSIGHTS_MESSAGES.badOrder,
    path: ['answeredAfter'],
  });

/** The public API's paging headers (spec 002 §7.8): limit (1 to 1000) and offset. */
export const AnalyticsPaging = z.object({
  limit: z.coerce.number().int().min(1).max(ANALYTICS_PAGE_MAX).default(ANALYTICS_PAGE_DEFAULT),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export { DATE_MESSAGE };

/** One answered question (spec 002 §3 search result, §7.8 item). */
export const InsightResult = z.object({
  questionId: z.string(),
  projectId: z.string(),
  /** The project's name. */
  name: z.string(),
  industryVertical: z.string().nullable(),
  responseClassification: z.enum(CLASSIFICATIONS),
  question: z.string(),
  answer: z.string(),
  /** When the answer or its classification last changed (ISO time). */
  updatedAt: z.string(),
  answeredByUserId: z.string().nullable(),
  answeredByUser: z.string().nullable(),
  classifiedByUserId: z.string().nullable(),
  classifiedByUser: z.string().nullable(),
  tags: z.array(z.string()),
});
export type InsightResult = z.infer<typeof InsightResult>;

export const InsightsSearchResult = z.object({
  results: z.array(InsightResult),
  /** True when more than INSIGHTS_LIMIT questions match (the rest are in the export). */
  capped: z.boolean(),
});

export const InsightProject = z.object({ projectId: z.string(), name: z.string() });
export const InsightIndustry = z.object({ industryVertical: z.string() });

/** An export of every matching question as CSV, produced by a job off the request path. */
export const InsightsExport = z.object({
  exportId: z.string(),
  status: z.enum(['QUEUED', 'RUNNING', 'DONE', 'FAILED']),
  rows: z.number().int(),
  /** When DONE: a short-lived link that saves the file. */
  url: z.string().optional(),
  fileName: z.string().optional(),
  createdAt: z.string(),
});
export type InsightsExport = z.infer<typeof InsightsExport>;

/** The CSV's headers, in order (spec 002 §7.8). */
export const INSIGHTS_CSV_HEADERS = [
  'Project Name',
  'Industry Vertical',
  'Response Classification',
  'Question',
  'Answer',
  'Last Answered At',
  'Answered By',
  'Classified By',
  'Tags',
] as const;
