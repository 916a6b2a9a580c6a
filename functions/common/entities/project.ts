import { Entity } from 'electrodb';
import { INDUSTRIES } from '../../../shared/industries';
import {
  ACCESS_VISIBILITIES,
  DEAL_STATUSES,
  PROJECT_OUTCOMES,
  PROJECT_PRIORITIES,
  PROJECT_STATUSES,
  PROJECT_TYPES,
} from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from './keys';
import { lazyEntity } from './lazy';

/**
 * A questionnaire project of a team. Several groups read it (projects, questions, sources, the
 * websocket's project scope), so it lives with the shared entities. PRIVATE projects are visible to
 * their members only (`memberUserIds`, which always holds the creator).
 */
export const ProjectEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'project', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        name: { type: 'string', required: true },
        description: { type: 'string' },
        /** YYYY-MM-DD. */
        dueOn: { type: 'string', required: true },
        projectPriority: { type: PROJECT_PRIORITIES, required: true, default: 'NORMAL' },
        projectStatus: { type: PROJECT_STATUSES, required: true, default: 'IN-PROGRESS' },
        accessVisibility: { type: ACCESS_VISIBILITIES, required: true, default: 'TEAM' },
        projectType: { type: PROJECT_TYPES, required: true, default: 'STANDARD' },
        memberUserIds: { type: 'set', items: 'string' },
        createdByUserId: { type: 'string', required: true },
        salesManagerUserId: { type: 'string' },
        deliveryManagerUserId: { type: 'string' },
        thirdPartyProjectUrl: { type: 'string' },
        thirdPartyProjectNotes: { type: 'string' },
        companyContactName: { type: 'string' },
        companyContactEmail: { type: 'string' },
        companyContactPhone: { type: 'string' },
        industryVertical: { type: INDUSTRIES },
        dealStatus: { type: DEAL_STATUSES },
        projectValue: { type: 'number' },
        projectOutcome: { type: PROJECT_OUTCOMES },
        projectOutcomeReason: { type: 'string' },
        /** Project-level compliance wording (the import adds source and sheet levels on their own items). */
        complianceWording: {
          type: 'map',
          properties: {
            compliant: { type: 'string' },
            nonCompliant: { type: 'string' },
            partiallyCompliant: { type: 'string' },
            notApplicable: { type: 'string' },
          },
        },
        /** A project created by accepting a quiz invitation: its answers go back to the sender when closed. */
        quizInviteId: { type: 'string' },
        /** Who made the last change, and from which browser session (read by the reactions). */
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        updatedAt,
        version: { type: 'number', required: true, default: 1 },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}'),
          sk: key('sk', ['projectId'], 'PROJECT#${projectId}'),
        },
        /** Open projects of a team by due date: the dashboard panel and the Open tab, one Query a page. */
        byStatus: {
          index: 'byStatus',
          pk: key('byStatusPk', ['teamId', 'projectStatus'], 'TEAM#${teamId}#STATUS#${projectStatus}'),
          sk: key('byStatusSk', ['dueOn', 'projectId'], 'DUE#${dueOn}#${projectId}'),
        },
      },
    }),
);

/** Whether a user may see a project: every team member for TEAM projects, members only for PRIVATE. */
export const canSeeProject = (
  project: { accessVisibility: string; memberUserIds?: string[] },
  userId: string,
) => project.accessVisibility !== 'PRIVATE' || (project.memberUserIds ?? []).includes(userId);
