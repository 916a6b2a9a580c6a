/**
 * Library health's access patterns: the team's report, groups, marks and merge records live in the
 * team's health partition (TEAM#<teamId>#LIBRARYHEALTH); a merge or a resolved conflict changes
 * the library's answers and the group in one transaction.
 */
import type { EntityItem } from 'electrodb';
import { readAll, writeAll } from '../../common/batch';
import { bindService } from '../../common/db';
import { isConditionFailure } from '../../common/errors';
import { AnswerUsageEntity } from '../entities/answer-usage';
import { LibraryAnswerEntity } from '../entities/library-answer';
import { AnswerMergeEntity } from './entities/answer-merge';
import { HealthDistinctEntity } from './entities/health-distinct';
import { HealthGroupEntity } from './entities/health-group';
import { LibraryHealthEntity } from './entities/library-health';

const db = bindService({
  libraryAnswer: LibraryAnswerEntity,
  answerUsage: AnswerUsageEntity,
  libraryHealth: LibraryHealthEntity,
  healthGroup: HealthGroupEntity,
  healthDistinct: HealthDistinctEntity,
  answerMerge: AnswerMergeEntity,
});

export type ReportItem = EntityItem<typeof LibraryHealthEntity>;
export type GroupItem = EntityItem<typeof HealthGroupEntity>;
export type DistinctItem = EntityItem<typeof HealthDistinctEntity>;
export type MergeItem = EntityItem<typeof AnswerMergeEntity>;
export type AnswerItem = EntityItem<typeof LibraryAnswerEntity>;
export type UsageItem = EntityItem<typeof AnswerUsageEntity>;

export const getReport = async (teamId: string) =>
  (await db().entities.libraryHealth.get({ teamId }).go()).data;

/**
 * The library changed (or a user asked): the job is QUEUED unless it is already; a running job is
 * told to run once more when it ends. `changedAt` moves either way, so the job waits for a burst
 * of changes to settle. Returns the report as it is now.
 */
export async function requestCheck(teamId: string, changedAt: string) {
  const { libraryHealth } = db().entities;
  try {
    // Not there yet, or idle: queue it.
    await libraryHealth
      .upsert({ teamId, status: 'QUEUED', changedAt })
      .where((a, op) => `${op.notExists(a.status)} OR ${op.eq(a.status, 'IDLE')}`)
      .go();
    return;
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  try {
    await libraryHealth
      .patch({ teamId })
      .set({ changedAt, dirty: true })
      .where((a, op) => op.eq(a.status, 'RUNNING'))
      .go();
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    // Already QUEUED: only the time of the last change moves.
    await libraryHealth.patch({ teamId }).set({ changedAt }).go();
  }
}

/** QUEUED → RUNNING, once (false when another delivery took it). */
export async function claim(teamId: string, startedAt: string) {
  try {
    await db()
      .entities.libraryHealth.patch({ teamId })
      .set({ status: 'RUNNING', dirty: false, startedAt })
      .where((a, op) => op.eq(a.status, 'QUEUED'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** RUNNING → IDLE with what it found, or QUEUED again when the library changed meanwhile. */
export async function finish(
  teamId: string,
  result: Partial<
    Pick<ReportItem, 'duplicateGroups' | 'conflicts' | 'entries' | 'durationMs' | 'failureReason'>
  > & {
    checkedAt: string;
  },
) {
  const report = await getReport(teamId);
  const again = report?.dirty === true;
  let update = db()
    .entities.libraryHealth.patch({ teamId })
    .set({ ...result, status: again ? 'QUEUED' : 'IDLE', dirty: false });
  if (!result.failureReason) update = update.remove(['failureReason']);
  await update.go();
}

export async function groupsOf(teamId: string) {
  return (await db().entities.healthGroup.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export const getGroup = async (teamId: string, groupId: string) =>
  (await db().entities.healthGroup.get({ teamId, groupId }).go()).data;

/** The groups found now in place of the ones found before (unchanged ones are left as they are). */
export async function replaceGroups(teamId: string, found: Omit<GroupItem, 'createdAt'>[]) {
  const before = await groupsOf(teamId);
  const same = (a: Omit<GroupItem, 'createdAt'>, b: GroupItem) =>
    JSON.stringify(a.conflicts) === JSON.stringify(b.conflicts);
  const byId = new Map(before.map((g) => [g.groupId, g]));
  const keep = new Set(found.map((g) => g.groupId));
  const stale = before.filter((g) => !keep.has(g.groupId));
  const fresh = found.filter((g) => {
    const old = byId.get(g.groupId);
    return !old || !same(g, old) || old.similarity !== g.similarity;
  });
  await writeAll(
    stale.map((g) => ({ teamId, groupId: g.groupId })),
    (keys, options) => db().entities.healthGroup.delete(keys).go(options),
    ['groupId'],
  );
  await writeAll(fresh, (batch, options) => db().entities.healthGroup.put(batch).go(options), ['groupId']);
}

/** One group written as the job writes it. */
export async function putGroup(group: Omit<GroupItem, 'createdAt'>) {
  await db().entities.healthGroup.put(group).go();
}

export async function distinctsOf(teamId: string) {
  return (await db().entities.healthDistinct.query.primary({ teamId }).go({ pages: 'all' })).data;
}

/** The group marked distinct and taken off the report, together. */
export async function markDistinct(group: GroupItem, markedByUserId: string) {
  const { teamId, groupId, answerIds } = group;
  const result = await db()
    .transaction.write(({ healthDistinct, healthGroup }) => [
      healthDistinct.put({ teamId, groupId, answerIds, markedByUserId }).commit(),
      healthGroup.delete({ teamId, groupId }).commit(),
    ])
    .go();
  if (result.canceled) throw new Error('Marking the group distinct was cancelled');
}

export async function getAnswers(teamId: string, answerIds: string[]) {
  if (!answerIds.length) return [];
  const data = await readAll(
    answerIds.map((answerId) => ({ teamId, answerId })),
    (keys, options) => db().entities.libraryAnswer.get(keys).go(options),
  );
  return data;
}

export async function answersOf(teamId: string) {
  return (await db().entities.libraryAnswer.query.primary({ teamId }).go({ pages: 'all' })).data;
}

export async function usageOf(teamId: string, answerId: string) {
  return (await db().entities.answerUsage.query.primary({ teamId, answerId }).go({ pages: 'all' })).data;
}

/** Usage items copied onto the kept answer (the Usage tab shows where the merged ones were used). */
export async function copyUsage(items: Omit<UsageItem, 'createdAt'>[]) {
  await writeAll(items, (batch, options) => db().entities.answerUsage.put(batch).go(options), [
    'answerId',
    'projectId',
    'questionId',
  ]);
}

export async function mergesInto(teamId: string, keptAnswerId: string) {
  return (await db().entities.answerMerge.query.primary({ teamId, keptAnswerId }).go({ pages: 'all' })).data;
}

export interface ArchiveStep {
  answer: AnswerItem;
  reason: string;
  kind: MergeItem['kind'];
}

/**
 * One transaction: the kept answer takes its new usage, tags, collections and documents (only at
 * the version read), each other answer is archived with its reason (only at the version read, and
 * only if not archived already), a merge record keeps what each was, and the group leaves the
 * report. False when any of them changed since they were read.
 */
export async function applyMerge(options: {
  keep: AnswerItem;
  /** What the kept answer gains (a merge); nothing for a resolved conflict. */
  kept: Pick<AnswerItem, 'usageCount' | 'tags' | 'collectionIds' | 'documentIds'> | null;
  archive: ArchiveStep[];
  groupId: string;
  /** The group as it stays on the report, or null when it leaves it. */
  groupAfter: Pick<GroupItem, 'answerIds' | 'conflicts'> | null;
  byUserId: string;
  session: string;
}) {
  const { keep, kept, archive, groupId, groupAfter, byUserId, session } = options;
  const { teamId } = keep;
  const result = await db()
    .transaction.write(({ libraryAnswer, answerMerge, healthGroup }) => [
      ...(kept
        ? [
            libraryAnswer
              .patch({ teamId, answerId: keep.answerId })
              .set({ ...kept, updatedByUserId: byUserId, changedBySession: session })
              .add({ version: 1 })
              .where((a, op) => `${op.eq(a.version, keep.version)} AND ${op.ne(a.answerStatus, 'ARCHIVED')}`)
              .commit(),
          ]
        : []),
      ...archive.flatMap(({ answer, reason, kind }) => [
        libraryAnswer
          .patch({ teamId, answerId: answer.answerId })
          .set({
            answerStatus: 'ARCHIVED',
            flaggedReason: reason,
            ...(kind === 'MERGED' ? { mergedIntoAnswerId: keep.answerId } : {}),
            updatedByUserId: byUserId,
            changedBySession: session,
          })
          .add({ version: 1 })
          .where((a, op) => `${op.eq(a.version, answer.version)} AND ${op.ne(a.answerStatus, 'ARCHIVED')}`)
          .commit(),
        answerMerge
          .put({
            teamId,
            keptAnswerId: keep.answerId,
            answerId: answer.answerId,
            kind,
            originalQuestion: answer.originalQuestion,
            answer: answer.answer,
            ...(answer.responseClassification
              ? { responseClassification: answer.responseClassification }
              : {}),
            usageCount: answer.usageCount,
            reason,
            byUserId,
          })
          .commit(),
      ]),
      groupAfter
        ? healthGroup.patch({ teamId, groupId }).set(groupAfter).commit()
        : healthGroup.delete({ teamId, groupId }).commit(),
    ])
    .go();
  return !result.canceled;
}
