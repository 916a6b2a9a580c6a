/** The consistency check's access patterns: findings and the check item in the project's partition. */
import type { EntityItem } from 'electrodb';
import { readAll, writeAll } from '../../common/batch';
import { bindService } from '../../common/db';
import { sharedEntities } from '../../common/entities';
import { isConditionFailure } from '../../common/errors';
import { ConsistencyCheckEntity, ConsistencyFindingEntity } from '../entities/consistency-finding';
import { LibraryAnswerEntity } from '../entities/library-answer';

const db = bindService({
  project: sharedEntities.project,
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
  return readAll(
    answerIds.map((answerId) => ({ teamId, answerId })),
    (keys, options) => db().entities.libraryAnswer.get(keys).go(options),
  );
}

export async function getCheck(key: ProjectKey) {
  return (await db().entities.consistencyCheck.get(key).go()).data;
}

/**
 * A checked project's answers changed: its check is queued for the consistency job, unless it is
 * queued already (a burst of changes queues one check). False when the project has no check.
 */
export async function queueRecheck(key: ProjectKey): Promise<boolean> {
  try {
    await db()
      .entities.consistencyCheck.patch(key)
      .set({ recheck: 'QUEUED' })
      // (A project never checked has no check item: none is made here.)
      .where(
        (attr, { eq, exists, notExists }) =>
          `${exists(attr.checkedAt)} AND (${notExists(attr.recheck)} OR NOT ${eq(attr.recheck, 'QUEUED')})`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The team's projects that were checked (and so follow changes): one Query, one batch read. */
export async function checkedProjectsOf(teamId: string): Promise<ProjectKey[]> {
  const { data: projects } = await db()
    .entities.project.query.primary({ teamId })
    .go({ pages: 'all', attributes: ['projectId'] });
  const checks = await readAll(
    projects.map(({ projectId }) => ({ teamId, projectId })),
    (keys, options) => db().entities.consistencyCheck.get(keys).go(options),
  );
  return checks.map(({ projectId }) => ({ teamId, projectId }));
}

/** The job takes a queued check: answer changes from now on queue another. */
export async function startRecheck(key: ProjectKey) {
  try {
    await db()
      .entities.consistencyCheck.patch(key)
      .set({ recheck: 'RUNNING' })
      .where((attr, { exists }) => exists(attr.checkedAt))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
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
  await writeAll(put, (batch, options) => db().entities.consistencyFinding.put(batch).go(options), [
    'findingId',
  ]);
  await writeAll(
    removed.map((findingId) => ({ ...key, findingId })),
    (keys, options) => db().entities.consistencyFinding.delete(keys).go(options),
    ['findingId'],
  );
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
