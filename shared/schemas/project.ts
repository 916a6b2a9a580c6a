/**
 * Projects (spec 001 §3): the project record, its list rows, the create and update requests, the
 * dashboard data, sharing and compliance wording. Forms in the SPA validate with these schemas too.
 */
import * as z from 'zod';
import { INDUSTRIES } from '../industries';
import { Id } from '../routes/route';
import { PageOffset } from './common';

import {
  ACCESS_VISIBILITIES,
  DEAL_STATUSES,
  MANAGER_FIELDS,
  PROJECT_OUTCOMES,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
} from './values';

export {
  ACCESS_VISIBILITIES,
  DEAL_STATUSES,
  MANAGER_FIELDS,
  PROJECT_OUTCOMES,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
};

export const PROJECT_NAME_MESSAGE = 'Please provide a name for the project.';
export const PORTAL_URL_MESSAGE = 'Provide a link to the Portal';
export const CONTACT_EMAIL_MESSAGE = 'Please provide a valid e-mail address';
export const CONTACT_PHONE_MESSAGE = 'Please provide a valid phone number';
export const DATE_MESSAGE = 'Please provide a date as YYYY-MM-DD';
/** Projects per page of the project list (spec 001 §9). */
export const PROJECTS_PER_PAGE = 8;
/** A new project is due two weeks after it is created (spec 001 §2). */
export const DEFAULT_DUE_DAYS = 14;
export const TEXT_MAX = 256;

/** Trimmed, more than 2 characters, at most 256 (spec 001 §5). */
export const ProjectName = z
  .string({ error: PROJECT_NAME_MESSAGE })
  .trim()
  .min(3, PROJECT_NAME_MESSAGE)
  .max(TEXT_MAX, PROJECT_NAME_MESSAGE);

/** A calendar day, YYYY-MM-DD, that exists. */
export const IsoDate = z
  .string({ error: DATE_MESSAGE })
  // Not YYYY-MM-DD at all: say so once, without also asking whether it is a real day.
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE, abort: true })
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, DATE_MESSAGE);

/** Digits with the usual separators, 6 to 20 digits, an optional leading +. */
export const ContactPhone = z
  .string()
  .trim()
  .max(32, CONTACT_PHONE_MESSAGE)
  .regex(/^\+?[\d\s().-]*$/, CONTACT_PHONE_MESSAGE)
  .refine((v) => {
    const digits = v.replace(/\D/g, '').length;
    return digits >= 6 && digits <= 20;
  }, CONTACT_PHONE_MESSAGE);

export const ContactEmail = z
  .string()
  .trim()
  .toLowerCase()
  .max(TEXT_MAX, CONTACT_EMAIL_MESSAGE)
  .pipe(z.email({ error: CONTACT_EMAIL_MESSAGE }));

export const PortalUrl = z
  .string({ error: PORTAL_URL_MESSAGE })
  .trim()
  .min(3, PORTAL_URL_MESSAGE)
  .max(TEXT_MAX, 'The link can be at most 256 characters');
export const PortalNotes = z.string().trim().max(TEXT_MAX, 'Notes can be at most 256 characters');

/** Custom wording for the four compliance statuses; an empty value falls back to the next level. */
export const ComplianceWording = z.strictObject({
  compliant: z.string().trim().max(TEXT_MAX).optional(),
  nonCompliant: z.string().trim().max(TEXT_MAX).optional(),
  partiallyCompliant: z.string().trim().max(TEXT_MAX).optional(),
  notApplicable: z.string().trim().max(TEXT_MAX).optional(),
});
export type ComplianceWording = z.infer<typeof ComplianceWording>;

export const Project = z.object({
  projectId: z.string(),
  name: z.string(),
  description: z.string().optional(),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdByUserId: z.string(),
  projectPriority: z.enum(PROJECT_PRIORITIES),
  projectStatus: z.enum(PROJECT_STATUSES),
  projectType: z.enum(PROJECT_TYPES),
  accessVisibility: z.enum(ACCESS_VISIBILITIES),
  salesManagerUserId: z.string().optional(),
  deliveryManagerUserId: z.string().optional(),
  thirdPartyProjectUrl: z.string().optional(),
  thirdPartyProjectNotes: z.string().optional(),
  companyContactName: z.string().optional(),
  companyContactEmail: z.string().optional(),
  companyContactPhone: z.string().optional(),
  industryVertical: z.enum(INDUSTRIES).optional(),
  dealStatus: z.enum(DEAL_STATUSES).optional(),
  projectValue: z.number().optional(),
  projectOutcome: z.enum(PROJECT_OUTCOMES).optional(),
  projectOutcomeReason: z.string().optional(),
  /** Increases with every change; sharing and compliance wording updates may name it (409 when stale). */
  version: z.number().int(),
});
export type Project = z.infer<typeof Project>;

/** A row of the project list. */
export const ProjectListItem = Project.pick({
  projectId: true,
  name: true,
  dueOn: true,
  createdAt: true,
  updatedAt: true,
  createdByUserId: true,
  projectPriority: true,
  projectStatus: true,
  accessVisibility: true,
});
export type ProjectListItem = z.infer<typeof ProjectListItem>;

export const PROJECT_TABS = ['open', 'closed'] as const;
export const ListProjectsQuery = z.object({
  /**
   * Open: in progress, soonest due first. Closed: complete, latest due first. Projects due the same
   * day by name, then id.
   */
  tab: z.enum(PROJECT_TABS).default('open'),
  /** The `cursor` of the previous page (the position the next one starts at). */
  cursor: PageOffset,
});
export const ProjectPage = z.object({
  items: ProjectListItem.array(),
  /** Pass as `cursor` for the next page; null on the last page. */
  cursor: z.string().nullable(),
  /** How many projects the tab holds for the caller, all pages. */
  total: z.number().int().min(0),
});
export type ProjectPage = z.infer<typeof ProjectPage>;

export const CreateProjectRequest = z.strictObject({
  name: ProjectName,
  /** Defaults to two weeks from today; never in the past. */
  dueOn: IsoDate.optional(),
  projectPriority: z.enum(PROJECT_PRIORITIES).optional(),
  industryVertical: z.enum(INDUSTRIES).optional(),
});

/** Fields one update may change together; any other combination is refused. */
export const UPDATE_GROUPS = [
  ['name'],
  ['description'],
  ['dueOn'],
  ['projectPriority'],
  ['industryVertical'],
  ['dealStatus'],
  ['projectValue'],
  ['projectOutcome', 'projectOutcomeReason'],
  ['companyContactName', 'companyContactEmail', 'companyContactPhone'],
  ['thirdPartyProjectUrl', 'thirdPartyProjectNotes'],
  ['projectStatus'],
  ['salesManagerUserId'],
  ['deliveryManagerUserId'],
] as const;
export const ONE_FIELD_MESSAGE = 'Send one field (or one group of fields) at a time';

/** "" or null clears an optional text field; anything else must pass the field's own rule. */
const clearable = (schema: z.ZodType<string, string>, message: string) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || schema.safeParse(value).success, message)
    .transform((value) => (value === '' ? value : (schema.parse(value) as string)))
    .nullable();

export const UpdateProjectRequest = z
  .strictObject({
    name: ProjectName,
    description: z.string().trim().max(2000),
    dueOn: IsoDate,
    projectPriority: z.enum(PROJECT_PRIORITIES),
    industryVertical: z.enum(INDUSTRIES).nullable(),
    dealStatus: z.enum(DEAL_STATUSES).nullable(),
    projectValue: z.number().min(0).max(1e12).nullable(),
    projectOutcome: z.enum(PROJECT_OUTCOMES).nullable(),
    projectOutcomeReason: z.string().trim().max(1000),
    companyContactName: z.string().trim().max(TEXT_MAX),
    companyContactEmail: clearable(ContactEmail, CONTACT_EMAIL_MESSAGE),
    companyContactPhone: clearable(ContactPhone, CONTACT_PHONE_MESSAGE),
    thirdPartyProjectUrl: PortalUrl,
    thirdPartyProjectNotes: PortalNotes,
    projectStatus: z.enum(PROJECT_STATUSES),
    salesManagerUserId: Id,
    deliveryManagerUserId: Id,
  })
  .partial()
  .superRefine((body, ctx) => {
    const keys = Object.keys(body);
    const fits = UPDATE_GROUPS.some(
      (group) => keys.length > 0 && keys.every((k) => (group as readonly string[]).includes(k)),
    );
    if (!fits) ctx.addIssue({ code: 'custom', message: ONE_FIELD_MESSAGE });
    if ('thirdPartyProjectNotes' in body && !('thirdPartyProjectUrl' in body)) {
      ctx.addIssue({ code: 'custom', path: ['thirdPartyProjectUrl'], message: PORTAL_URL_MESSAGE });
    }
  });
export type UpdateProjectRequest = z.input<typeof UpdateProjectRequest>;

export type ManagerField = (typeof MANAGER_FIELDS)[number];

/** Undo an assignment: the field, with the user it names now (a newer assignment is kept). */
export const UnassignProjectRequest = z
  .strictObject({ salesManagerUserId: Id, deliveryManagerUserId: Id })
  .partial()
  .refine((body) => Object.keys(body).length === 1, 'Name one assignment to remove');

/** A member of the team who can see the project. */
export const ProjectMember = z.object({
  userId: z.string(),
  member: z.object({
    userId: z.string(),
    givenName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    emailAddress: z.string(),
    photo: z.string().nullable(),
  }),
  group: z.object({ groupName: z.string() }),
});
export type ProjectMember = z.infer<typeof ProjectMember>;

/** Who can see the project (spec 001 §4 Sharing). The creator is always on a PRIVATE list. */
export const ProjectAccess = z.object({
  accessVisibility: z.enum(ACCESS_VISIBILITIES),
  createdByUserId: z.string(),
  /** For PRIVATE projects, the members who can see it (creator included); empty for TEAM. */
  shareWith: z.string().array(),
  version: z.number().int(),
});
export type ProjectAccess = z.infer<typeof ProjectAccess>;

export const UpdateProjectAccessRequest = z.strictObject({
  accessVisibility: z.enum(ACCESS_VISIBILITIES),
  shareWith: Id.array().max(500),
  /** The version the editor started from; a newer one answers 409. */
  version: z.number().int().optional(),
});

/**
 * Compliance wording keyed by the level it belongs to: the projectId for the project level, a
 * projectSourceId for a file of the project, a sheetId for one of its sheets (spec 001 §4: the
 * sheet's wording wins, then the file's, then the project's, then the default). An update replaces
 * the wording of each key it names; empty texts are dropped and fall back to the next level.
 */
export const ComplianceOverrides = z.record(Id, ComplianceWording);
export type ComplianceOverrides = z.infer<typeof ComplianceOverrides>;

export const StatusTile = z.object({
  quantity: z.number().int(),
  total: z.number().int(),
  percentage: z.number(),
});
export type StatusTile = z.infer<typeof StatusTile>;

export const ASSIGNMENT_STATUSES = ['NOT-STARTED', 'IN-PROGRESS', 'COMPLETE'] as const;
export const QuestionAssignment = z.object({
  /** null: the unassigned questions. */
  userId: z.string().nullable(),
  assignedQuestionsCount: z.number().int(),
  completedQuestionsCount: z.number().int(),
  status: z.enum(ASSIGNMENT_STATUSES),
  lastUpdate: z.string().nullable(),
});
export type QuestionAssignment = z.infer<typeof QuestionAssignment>;

export const DayCount = z.object({ day: z.string(), totalActionsCount: z.number().int() });
export const DayRemaining = z.object({ day: z.string(), remainingQuestions: z.number() });

export const ProjectDashboard = z.object({
  project: Project,
  totalQuestions: z.number().int(),
  incompleteQuestions: StatusTile,
  notCompliant: StatusTile,
  partiallyCompliant: StatusTile,
  compliant: StatusTile,
  notApplicable: StatusTile,
  /** Question changes per day, oldest first. */
  projectActivity: DayCount.array(),
  /** Questions not yet complete at the end of each day from creation to today. */
  completionProgress: DayRemaining.array(),
  /** The target: from the total at creation down to zero on the due date. */
  minimumProgress: DayRemaining.array(),
  questionAssignments: QuestionAssignment.array(),
  /** Answers filled by autofill that no one has reviewed yet. */
  libraryDrafts: z.number().int(),
  /** Questions whose cited evidence expired: up for review. */
  evidenceExpired: z.number().int(),
});
export type ProjectDashboard = z.infer<typeof ProjectDashboard>;

/** A row of the home dashboard's Active Projects panel (spec 000 §2.9). */
export const DashboardProject = z.object({
  projectId: z.string(),
  name: z.string(),
  /** YYYY-MM-DD. */
  dueOn: z.string(),
  projectPriority: z.enum(PROJECT_PRIORITIES),
  createdAt: z.string(),
  createdByUserId: z.string(),
});
export type DashboardProject = z.infer<typeof DashboardProject>;
