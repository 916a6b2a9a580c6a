import { Entity } from 'electrodb';
import { ACCESS_VISIBILITIES, PROJECT_PRIORITIES, PROJECT_STATUSES } from '../../../shared/schemas/project';
import { key, SERVICE, timestamps } from './keys';

/**
 * A questionnaire project of a team. Several groups read it (projects, questions, sources, the
 * websocket's project scope), so it lives with the shared entities. PRIVATE projects are visible to
 * their members only (`memberUserIds`, which always holds the creator).
 */
export const ProjectEntity = new Entity({
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
    memberUserIds: { type: 'set', items: 'string' },
    createdByUserId: { type: 'string', required: true },
    updatedAt: {
      type: 'string',
      required: true,
      default: () => new Date().toISOString(),
      watch: '*',
      set: () => new Date().toISOString(),
    },
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
});

/** Whether a user may see a project: every team member for TEAM projects, members only for PRIVATE. */
export const canSeeProject = (
  project: { accessVisibility: string; memberUserIds?: string[] },
  userId: string,
) => project.accessVisibility !== 'PRIVATE' || (project.memberUserIds ?? []).includes(userId);
