/**
 * The review slice's access patterns: answers by review-by day across teams (the job and the
 * digest), an answer's review fields, its history. The library group owns these entities.
 */
import type { EntityItem } from 'electrodb';
import { addDays } from '../../../shared/review-days';
import { NEVER_DUE } from '../../../shared/schemas/values';
import { bindService } from '../../common/db';
import { sharedEntities } from '../../common/entities';
import { isConditionFailure } from '../../common/errors';
import { AnswerHistoryEntity } from '../entities/answer-history';
import { AnswerReviewDigestEntity } from '../entities/answer-review-digest';
import { LibraryAnswerEntity, REVIEW_SHARDS, reviewShardOf } from '../entities/library-answer';
import { AnswerMergeEntity } from '../health/entities/answer-merge';

const db = bindService({
  libraryAnswer: LibraryAnswerEntity,
  answerHistory: AnswerHistoryEntity,
  answerReviewDigest: AnswerReviewDigestEntity,
  answerMerge: AnswerMergeEntity,
  team: sharedEntities.team,
});

export type AnswerItem = EntityItem<typeof LibraryAnswerEntity>;
export type HistoryItem = EntityItem<typeof AnswerHistoryEntity>;
export type DigestItem = EntityItem<typeof AnswerReviewDigestEntity>;

export const getTeam = async (teamId: string) => (await db().entities.team.get({ teamId }).go()).data;

export const getAnswer = async (teamId: string, answerId: string) =>
  (await db().entities.libraryAnswer.get({ teamId, answerId }).go()).data;

export async function answersOf(teamId: string) {
  return (await db().entities.libraryAnswer.query.primary({ teamId }).go({ pages: 'all' })).data;
}

/**
 * Every team's answers whose review-by day is on or before `day`, earliest first: one Query of each
 * partition of the review index, in parallel.
 */
export async function answersDueBy(day: string) {
  const shards = await Promise.all(
    Array.from({ length: REVIEW_SHARDS }, (_, shard) =>
      db()
        .entities.libraryAnswer.query.byReviewDay({ reviewShard: String(shard) })
        .lt({ nextReviewOn: addDays(day, 1) })
        .go({ pages: 'all' }),
    ),
  );
  return shards
    .flatMap(({ data }) => data)
    .filter((a) => a.nextReviewOn <= day && a.nextReviewOn !== NEVER_DUE)
    .sort((a, b) => a.nextReviewOn.localeCompare(b.nextReviewOn));
}

type ReviewChanges = Partial<
  Pick<
    AnswerItem,
    | 'ownerUserId'
    | 'reviewByOn'
    | 'lastReviewedAt'
    | 'lastReviewedByUserId'
    | 'nextReviewOn'
    | 'reviewNoticeOn'
    | 'answerStatus'
    | 'flaggedReason'
    | 'updatedByUserId'
    | 'changedBySession'
  >
>;

/**
 * Changes an answer's review fields if it still exists (and, with `expectedVersion` or `guard`,
 * is still as read): 'missing' or 'stale' otherwise. `bump` counts a person's change as a new
 * version (the job's and the reactions' bookkeeping does not, so an editor's version stays good).
 */
export async function updateReview(
  key: { teamId: string; answerId: string },
  changes: ReviewChanges,
  options: {
    expectedVersion?: number;
    remove?: Array<'reviewByOn' | 'flaggedReason'>;
    bump?: boolean;
    /** Only while its review-by day is still this one (the job). */
    nextReviewOn?: string;
  } = {},
): Promise<AnswerItem | 'missing' | 'stale'> {
  // A new review-by day moves the answer in the review index: its partition goes with it.
  const shard = changes.nextReviewOn === undefined ? {} : { reviewShard: reviewShardOf(key.answerId) };
  let update = db()
    .entities.libraryAnswer.patch(key)
    .set({ ...changes, ...shard });
  if (options.bump) update = update.add({ version: 1 });
  if (options.remove?.length) update = update.remove(options.remove);
  try {
    const { data } = await update
      .where((attr, op) =>
        [
          options.expectedVersion === undefined ? '' : op.eq(attr.version, options.expectedVersion),
          options.nextReviewOn === undefined ? '' : op.eq(attr.nextReviewOn, options.nextReviewOn),
        ]
          .filter(Boolean)
          .join(' AND '),
      )
      .go({ response: 'all_new' });
    return data as AnswerItem;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getAnswer(key.teamId, key.answerId)) ? 'stale' : 'missing';
  }
}

export async function putHistory(item: Omit<HistoryItem, 'createdAt'>) {
  await db().entities.answerHistory.put(item).go();
}

export async function historyOf(teamId: string, answerId: string) {
  const { data } = await db()
    .entities.answerHistory.query.primary({ teamId, answerId })
    .go({ pages: 'all', order: 'desc' });
  return data;
}

/** What Library health merged into the answer (health/repo.ts writes these): one Query. */
export async function mergesInto(teamId: string, keptAnswerId: string) {
  const { data } = await db()
    .entities.answerMerge.query.primary({ teamId, keptAnswerId })
    .go({ pages: 'all' });
  return data;
}

/** Records an owner's digest of the week once (false when it was recorded already). */
export async function createDigest(item: Omit<DigestItem, 'createdAt'>) {
  try {
    await db().entities.answerReviewDigest.create(item).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}
