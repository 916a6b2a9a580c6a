import { Entity } from 'electrodb';
import { FINDING_KINDS, FINDING_STATUSES } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

const side = {
  type: 'map',
  required: true,
  properties: {
    questionId: { type: 'string' },
    answerId: { type: 'string' },
    referenceNumber: { type: 'string' },
    question: { type: 'string', required: true },
    phrase: { type: 'string', required: true },
  },
} as const;

/**
 * One finding of a project's consistency check (functions/library/consistency): two answers of the
 * project, or an answer and the library's approved answer, that contradict on a concept. Kept in
 * the project's partition; its id comes from what clashes (kind, questions or answer, concept), so
 * a check run again finds the same finding and keeps its dismissal while the answers stay as they
 * were (`answersKey`).
 */
export const ConsistencyFindingEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'consistencyFinding', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        findingId: { type: 'string', required: true },
        kind: { type: FINDING_KINDS, required: true },
        concept: { type: 'string', required: true },
        a: side,
        b: side,
        /** A digest of both answers' texts: a dismissal holds only for the answers it was made on. */
        answersKey: { type: 'string', required: true },
        status: { type: FINDING_STATUSES, required: true },
        dismissedReason: { type: 'string' },
        dismissedByUserId: { type: 'string' },
        dismissedAt: { type: 'string' },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['findingId'], 'CONSISTENCY#FINDING#${findingId}'),
        },
      },
    }),
);

/**
 * That a project was checked, when, and how many findings are open: the check is kept up to date
 * from the table's stream only for projects that have one. `recheck` is QUEUED when an answer
 * changed since (set by the reactions, once until the job takes it: the consistency job's trigger),
 * RUNNING while the job checks; a finished check is written without it.
 */
export const ConsistencyCheckEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'consistencyCheck', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        checkedAt: { type: 'string', required: true },
        openCount: { type: 'number', required: true },
        checkedByUserId: { type: 'string' },
        recheck: { type: ['QUEUED', 'RUNNING'] as const },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', [], 'CONSISTENCY#CHECK'),
        },
      },
    }),
);
