import { Entity } from 'electrodb';
import { key, SERVICE } from './keys';
import { lazyEntity } from './lazy';

/**
 * The aggregates a project dashboard shows, kept on write by the reactions to question changes (see
 * functions/questions/stats.ts), so a dashboard read is the project plus this one item. The maps
 * are keyed by classification, status, user or day, and updated with nested counter expressions.
 */
/** The assignee key of unassigned questions in the aggregates' maps. */
export const NOBODY = '-';

export const ProjectStatsEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'projectStats', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        /** Linked, not deleted questions. */
        total: { type: 'number', required: true, default: 0 },
        /** classification → count. */
        byClassification: { type: 'any', required: true, default: () => ({}) },
        /** assignee (or '-' for nobody) → questions assigned / complete / started (not INCOMPLETE). */
        assigned: { type: 'any', required: true, default: () => ({}) },
        completed: { type: 'any', required: true, default: () => ({}) },
        started: { type: 'any', required: true, default: () => ({}) },
        /** assignee → ISO time of the last change to one of their questions. */
        lastUpdate: { type: 'any', required: true, default: () => ({}) },
        /** YYYY-MM-DD → question changes made that day. */
        activity: { type: 'any', required: true, default: () => ({}) },
        /** YYYY-MM-DD → change that day in the number of questions not complete (summed for the burndown). */
        remainingDelta: { type: 'any', required: true, default: () => ({}) },
        /** assignee → answers filled by autofill, not yet reviewed. */
        libraryDrafts: { type: 'any', required: true, default: () => ({}) },
        /** assignee → questions whose cited evidence expired. */
        evidenceExpired: { type: 'any', required: true, default: () => ({}) },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', [], 'STATS'),
        },
      },
    }),
);
