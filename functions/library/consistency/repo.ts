/** The consistency check's access patterns: findings and the check item in the project's partition. */
import type { EntityItem } from 'electrodb';
import { bindService } from '../../common/db';
import { sharedEntities } from '../../common/entities';
import { ConsistencyCheckEntity, ConsistencyFindingEntity } from '../entities/consistency-finding';
import { LibraryAnswerEntity } from '../entities/library-answer';

const db = bindService({
  consistencyFinding: ConsistencyFindingEntity,
  consistencyCheck: ConsistencyCheckEntity,
  libraryAnswer: LibraryAnswerEntity,
  question: sharedEntities.question,
  questionActivity: sharedEntities.questionActivity,
});

export type FindingItem = EntityItem<typeof ConsistencyFindingEntity>;
export type CheckItem = EntityItem<typeof ConsistencyCheckEntity>;
type ProjectKey = { teamId: string; projectId: string };

/** Every question of the project: one Query (a questionnaire is at most thousands). */
export async function questionsOf(key: ProjectKey) {
  return (await db().entities.question.query.primary(key).go({ pages: 'all' })).data;
}

export async function answersById(teamId: string, answerIds: string[]) {
  if (!answerIds.length) return [];
  const { data } = await db()
    .entities.libraryAnswer.get(answerIds.map((answerId) => ({ teamId, answerId })))
    .go({ concurrency: 4 });
  return data;
}

export async function getCheck(key: ProjectKey) {
  return (await db().entities.consistencyCheck.get(key).go()).data;
}

export async function findingsOf(key: ProjectKey) {
  return (await db().entities.consistencyFinding.query.primary(key).go({ pages: 'all' })).data;
}

export async function getFinding(key: ProjectKey, findingId: string) {
  return (
    await db()
      .entities.consistencyFinding.get({ ...key, findingId })
      .go()
  ).data;
}

/** The check's findings replace the earlier ones: new and changed written, vanished deleted. */
export async function saveCheck(
  check: Omit<CheckItem, 'createdAt' | 'updatedAt'>,
  put: Array<Omit<FindingItem, 'createdAt' | 'updatedAt'>>,
  removed: string[],
) {
  const key = { teamId: check.teamId, projectId: check.projectId };
  if (put.length) await db().entities.consistencyFinding.put(put).go({ concurrency: 4 });
  if (removed.length) {
    await db()
      .entities.consistencyFinding.delete(removed.map((findingId) => ({ ...key, findingId })))
      .go({ concurrency: 4 });
  }
  await db().entities.consistencyCheck.put(check).go();
}

/**
 * A finding dismissed with its reason, and an entry in each of its questions' activity, in one
 * transaction; only while it is still the finding that was shown (same answers).
 */
export async function dismiss(
  finding: FindingItem,
  dismissal: { reason: string; userId: string; at: string },
  activity: Array<EntityItem<typeof sharedEntities.questionActivity>>,
  openCount: number,
) {
  const key = { teamId: finding.teamId, projectId: finding.projectId };
  const result = await db()
    .transaction.write(({ consistencyFinding, consistencyCheck, questionActivity }) => [
      consistencyFinding
        .patch({ ...key, findingId: finding.findingId })
        .set({
          status: 'DISMISSED',
          dismissedReason: dismissal.reason,
          dismissedByUserId: dismissal.userId,
          dismissedAt: dismissal.at,
        })
        .where((attr, { eq }) => `${eq(attr.answersKey, finding.answersKey)} AND ${eq(attr.status, 'OPEN')}`)
        .commit(),
      consistencyCheck.patch(key).set({ openCount }).commit(),
      ...activity.map((entry) => questionActivity.put(entry).commit()),
    ])
    .go();
  return !result.canceled;
}
