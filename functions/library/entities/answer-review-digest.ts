import { Entity } from 'electrodb';
import { key, SERVICE, timestamps } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * The weekly digest of one owner's library answers due for review (issue 28): recorded once per
 * owner and week by the digest schedule (functions/library/review/digest-job.ts); the review
 * reaction sends it. Kept a few weeks (TTL), so a rerun of the same week sends nothing twice.
 */
export const AnswerReviewDigestEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'answerReviewDigest', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        userId: { type: 'string', required: true },
        /** The day the digest was made for (YYYY-MM-DD, the Monday of its week). */
        weekOf: { type: 'string', required: true },
        answers: {
          type: 'list',
          required: true,
          items: {
            type: 'map',
            properties: {
              answerId: { type: 'string', required: true },
              question: { type: 'string', required: true },
              dueOn: { type: 'string', required: true },
            },
          },
        },
        expiresAt: { type: 'number', required: true },
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#REVIEW_DIGEST'),
          sk: key('sk', ['weekOf', 'userId'], 'WEEK#${weekOf}#${userId}'),
        },
      },
    }),
);
