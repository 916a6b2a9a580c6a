import { Entity } from 'electrodb';
import { CLASSIFICATIONS } from '../../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../../common/entities/keys';
import { lazyEntity } from '../../../common/entities/lazy';

/**
 * The history a merge carries over: an answer merged into another (or archived in a conflict's
 * favour), as it was, under the kept answer's id, so the kept answer's history shows what
 * it absorbed, by whom and when.
 */
export const AnswerMergeEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerMerge', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        keptAnswerId: { type: 'string', required: true },
        answerId: { type: 'string', required: true },
        kind: { type: ['MERGED', 'CONFLICT_RESOLVED'] as const, required: true },
        originalQuestion: { type: 'string', required: true },
        answer: { type: 'string', required: true },
        responseClassification: { type: CLASSIFICATIONS },
        usageCount: { type: 'number', required: true },
        reason: { type: 'string', required: true },
        byUserId: { type: 'string', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARYHEALTH'),
          sk: key('sk', ['keptAnswerId', 'answerId'], 'MERGED#${keptAnswerId}#${answerId}'),
        },
      },
    }),
);
