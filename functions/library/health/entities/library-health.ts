import { Entity } from 'electrodb';
import { HEALTH_STATUSES } from '../../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../../common/entities/keys';
import { lazyEntity } from '../../../common/entities/lazy';

/**
 * The team's library health report: the state of the health job (QUEUED by a change of the library
 * or by Check now, RUNNING, then IDLE), when it last finished and what it found (counts; the
 * groups are items of their own). `changedAt` is the last change of the library the job waits to
 * settle; `dirty` says the library changed while it ran, so it runs once more.
 */
export const LibraryHealthEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryHealth', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        status: { type: HEALTH_STATUSES, required: true },
        changedAt: { type: 'string' },
        dirty: { type: 'boolean' },
        startedAt: { type: 'string' },
        checkedAt: { type: 'string' },
        failureReason: { type: 'string' },
        duplicateGroups: { type: 'number', required: true, default: 0 },
        conflicts: { type: 'number', required: true, default: 0 },
        entries: { type: 'number' },
        durationMs: { type: 'number' },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARYHEALTH'),
          sk: key('sk', [], 'REPORT'),
        },
      },
    }),
);
