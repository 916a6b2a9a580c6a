import { Entity } from 'electrodb';
import { REVIEW_HISTORY_KINDS } from '../../../shared/schemas/values';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * One step of a library answer's review history (issue 28): confirmed, edited, archived, restored,
 * come due, owner or review-by day changed — who and when. Written by the review reaction from the
 * answer's own changes (functions/library/review/reactions.ts), keyed by the stream record, so a
 * redelivered change writes the same item. In the answer's own partition (with its usage).
 */
export const AnswerHistoryEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerHistory', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        answerId: { type: 'string', required: true },
        at: { type: 'string', required: true },
        changeId: { type: 'string', required: true },
        kind: { type: REVIEW_HISTORY_KINDS, required: true },
        byUserId: { type: 'string' },
        ownerUserId: { type: 'string' },
        nextReviewOn: { type: 'string' },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId', 'answerId'], 'TEAM#${teamId}#ANSWER#${answerId}'),
          sk: key('sk', ['at', 'changeId', 'kind'], 'HISTORY#${at}#${changeId}#${kind}'),
        },
      },
    }),
);
