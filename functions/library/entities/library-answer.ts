import { Entity } from 'electrodb';
import {
  ANSWER_STATUSES,
  CLASSIFICATIONS,
  CREATION_METHODS,
  NEVER_DUE,
} from '../../../shared/schemas/values';
import { key, SERVICE, timestamps, updatedAt } from '../../common/entities/keys';
import { lazyEntity } from '../../common/entities/lazy';

/**
 * The review index is spread over this many partitions (by answer id), so every team's answers
 * never share one partition's write capacity: the review job reads them all, in parallel.
 */
export const REVIEW_SHARDS = 16;

/** The review index partition of an answer: a stable hash of its id. */
export function reviewShardOf(answerId: string): string {
  let hash = 2166136261;
  for (let i = 0; i < answerId.length; i++) hash = Math.imul(hash ^ answerId.charCodeAt(i), 16777619);
  return String((hash >>> 0) % REVIEW_SHARDS);
}

/**
 * An answer of the team's library (spec 002 §3 Answer), in the team's library partition with its
 * candidates and collections, so the library is one Query per kind.
 */
export const LibraryAnswerEntity = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'libraryAnswer', version: '1', service: SERVICE },
      attributes: {
        teamId: { type: 'string', required: true },
        answerId: { type: 'string', required: true },
        answer: { type: 'string', required: true },
        originalQuestion: { type: 'string', required: true },
        answerStatus: { type: ANSWER_STATUSES, required: true, default: 'IN-USE' },
        /** Why it was flagged for review (the reason's wording, or the user's own text). */
        flaggedReason: { type: 'string' },
        /**
         * The answer a merge (Library health) archived this one into: while it stays archived, a search
         * matching its wording finds that answer (search/store.ts).
         */
        mergedIntoAnswerId: { type: 'string' },
        responseClassification: { type: CLASSIFICATIONS },
        creationMethod: { type: CREATION_METHODS, required: true },
        tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
        collectionIds: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
        /** Documents of the document library the answer cites (its question's attachments when it entered the library). */
        documentIds: { type: 'list', items: { type: 'string' } },
        /** Normalised question and answer: what makes two entries the same answer (import duplicates). */
        contentKey: { type: 'string', required: true },
        usageCount: { type: 'number', required: true, default: 0 },
        lastUsedAt: { type: 'string' },
        sourceProjectId: { type: 'string' },
        sourceQuestionId: { type: 'string' },
        createdByUserId: { type: 'string', required: true },
        updatedByUserId: { type: 'string' },
        changedBySession: { type: 'string' },
        /** Owner and review (functions/library/review): who keeps it true; absent means createdByUserId. */
        ownerUserId: { type: 'string' },
        /** A review-by day set on the answer itself (YYYY-MM-DD); absent means the team's cycle. */
        reviewByOn: { type: 'string' },
        lastReviewedAt: { type: 'string' },
        lastReviewedByUserId: { type: 'string' },
        /** The effective review-by day (shared/schemas/review.ts reviewDayOf), NEVER_DUE when none. */
        nextReviewOn: { type: 'string', required: true, default: NEVER_DUE },
        /**
         * Its review index partition (reviewShardOf): computed on create and put; a patch that changes
         * nextReviewOn names it too (review/repo.ts updateReview), as ElectroDB asks of an index key.
         */
        reviewShard: {
          type: 'string',
          watch: ['nextReviewOn'],
          set: (value?: string, item?: { answerId?: string }) =>
            value ?? (item?.answerId ? reviewShardOf(item.answerId) : undefined),
        },
        /** The review-by day the schedule last moved the answer to Needs Review for (once per day). */
        reviewNoticeOn: { type: 'string' },
        version: { type: 'number', required: true, default: 1 },
        updatedAt,
        ...timestamps,
      },
      indexes: {
        primary: {
          pk: key('pk', ['teamId'], 'TEAM#${teamId}#LIBRARY'),
          sk: key('sk', ['answerId'], 'ANSWER#${answerId}'),
        },
        /**
         * Every team's answers that have a review-by day, by that day, in REVIEW_SHARDS partitions: the
         * review job and the digest read what is due in one Query per partition. An answer never due
         * is not in it (sparse), so the index holds only what a review cycle covers.
         */
        byReviewDay: {
          index: 'byStatus',
          condition: (attr: { nextReviewOn?: string }) => attr.nextReviewOn !== NEVER_DUE,
          pk: key('byStatusPk', ['reviewShard'], 'LIBRARY_REVIEW#${reviewShard}'),
          sk: key(
            'byStatusSk',
            ['nextReviewOn', 'teamId', 'answerId'],
            '${nextReviewOn}#${teamId}#${answerId}',
          ),
        },
      },
    }),
);
