import { Entity } from 'electrodb';
import { AUTOFILL_STATUSES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One "Fill from library" run on a project: QUEUED by the request, taken by the autofill job from
 * the table's stream (RUNNING, with its progress), then DONE or FAILED. Kept in the project's
 * partition, newest last (runIds sort by time).
 */
export const AutofillRunEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'autofillRun', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        runId: { type: 'string', required: true },
        status: { type: AUTOFILL_STATUSES, required: true },
        threshold: { type: 'number', required: true },
        total: { type: 'number', required: true, default: 0 },
        processed: { type: 'number', required: true, default: 0 },
        filled: { type: 'number', required: true, default: 0 },
        startedByUserId: { type: 'string', required: true },
        changedBySession: { type: 'string' },
        finishedAt: { type: 'string' },
        failureReason: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['runId'], 'AUTOFILL#${runId}'),
        },
      },
    }),
);
