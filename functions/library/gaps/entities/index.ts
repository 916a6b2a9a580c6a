import { Entity } from 'electrodb';
import { key, SERVICE, updatedAt } from '../../../common/entities/keys';
import { lazyEntity } from '../../../common/entities/lazy';

export const GAPS_STATUSES = ['QUEUED', 'RUNNING', 'READY'] as const;

/**
 * The team's gap list (gaps/service.ts): whether it is up to date and where the last one computed
 * is. The stream counts the changes that can move it (`changes`: questions asked or answered,
 * library answers changed); a view that finds `computedChanges` or `indexVersion` behind queues the
 * gaps job (status QUEUED, which the stream dispatcher hands to the autofill job's queue). The list
 * itself, which may hold thousands of questions, is an object in the uploads bucket.
 */
export const LibraryGapsEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryGaps', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        status: { type: GAPS_STATUSES, required: true },
        changes: { type: 'number', required: true, default: 0 },
        /** `changes` and the suggestion index's version when the list in `objectKey` was computed. */
        computedChanges: { type: 'number' },
        indexVersion: { type: 'number' },
        objectKey: { type: 'string' },
        computedAt: { type: 'string' },
        updatedAt,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', [], 'GAPS'),
        },
      },
    }),
);

/**
 * A question a Fill from library run left empty, and why (issue 28 part 6): no library answer
 * covers it, or the closest was below the run's threshold (that candidate kept). In the project's
 * partition, read by run.
 */
export const AutofillEmptyEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'autofillEmpty', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        projectId: { type: 'string', required: true },
        runId: { type: 'string', required: true },
        questionId: { type: 'string', required: true },
        reason: { type: ['NO_MATCH', 'BELOW_THRESHOLD'] as const, required: true },
        closest: {
          type: 'map',
          properties: {
            answerId: { type: 'string', required: true },
            originalQuestion: { type: 'string', required: true },
            answerExcerpt: { type: 'string', required: true },
            confidence: { type: 'number', required: true },
          },
        },
        /** Kept 30 days: the review reads the latest run's. */
        expiresAt: { type: 'number', required: true },
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'projectId'], 'TEAM#${teamId}#PROJECT#${projectId}'),
          sk: key('sk', ['runId', 'questionId'], 'NOANSWER#${runId}#${questionId}'),
        },
      },
    }),
);
