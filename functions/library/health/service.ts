/**
 * Library health (issue 28 part 2): the health job finds the library's near-duplicate questions and
 * the conflicts among their answers (detect.ts) and keeps them on the team's report; the Library
 * health view reads it and acts on it: merge a group into one answer, mark it distinct, or keep one
 * answer of a conflict and archive the other with a reason. Library answers are team-wide (every
 * member reads the whole library), and nothing here shows a project's questions, so a PRIVATE
 * project's work is not exposed through it.
 */
import type { z } from 'zod';
import type {
  HealthAnswer,
  HealthConflict,
  LibraryHealth,
  LibraryHealthSummary,
  ResolveConflictRequest,
} from '../../../shared/schemas/library-health';
import { HEALTH_MESSAGES, mergedReason } from '../../../shared/schemas/values';
import type { TeamCaller } from '../../common/caller';
import { claimsOf, clashOf } from '../../common/contradiction';
import { ConflictError, NotFoundError, UnprocessableError } from '../../common/errors';
import { logger } from '../../common/logger';
import { sessionMark } from '../../common/session-mark';
import { distinctPairs, findDuplicateGroups, mergedInto } from './detect';
import * as repo from './repo';

const DETECTOR = { claimsOf, clashOf };

/** The job starts once the library has not changed for this long, so a burst of changes is checked once. */
export const QUIET_MS = 2_000;
/** …but never waits longer than this for a library that keeps changing (the next run takes the rest). */
const MAX_WAIT_MS = 60_000;
/** One merge is one transaction (DynamoDB: 100 items); a larger group is merged in parts. */
const MERGE_MAX = 40;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function summaryOf(report: repo.ReportItem | null): LibraryHealthSummary {
  if (!report) return { status: 'IDLE', duplicateGroups: 0, conflicts: 0 };
  return {
    status: report.status,
    ...(report.checkedAt ? { checkedAt: report.checkedAt } : {}),
    ...(report.failureReason ? { failureReason: report.failureReason } : {}),
    duplicateGroups: report.duplicateGroups,
    conflicts: report.conflicts,
  };
}

const live = (a: repo.AnswerItem | undefined): a is repo.AnswerItem =>
  Boolean(a && a.answerStatus !== 'ARCHIVED');

const toHealthAnswer = (a: repo.AnswerItem): HealthAnswer => ({
  answerId: a.answerId,
  originalQuestion: a.originalQuestion,
  answer: a.answer,
  answerStatus: a.answerStatus,
  ...(a.responseClassification ? { responseClassification: a.responseClassification } : {}),
  usageCount: a.usageCount,
  tags: a.tags ?? [],
  documentCount: a.documentIds?.length ?? 0,
});

export async function getLibraryHealthSummary(caller: TeamCaller): Promise<LibraryHealthSummary> {
  return summaryOf(await repo.getReport(caller.user.teamId));
}

/** The report with each answer as it is now (an answer archived since the check is left out). */
export async function getLibraryHealth(caller: TeamCaller): Promise<LibraryHealth> {
  const { teamId } = caller.user;
  const [report, groups] = await Promise.all([repo.getReport(teamId), repo.groupsOf(teamId)]);
  const answers = new Map(
    (await repo.getAnswers(teamId, [...new Set(groups.flatMap((g) => g.answerIds))])).map((a) => [
      a.answerId,
      a,
    ]),
  );
  const shown: LibraryHealth['groups'] = [];
  const conflictList: HealthConflict[] = [];
  for (const group of groups.sort(
    (x, y) => y.similarity - x.similarity || x.groupId.localeCompare(y.groupId),
  )) {
    const members = group.answerIds.map((id) => answers.get(id)).filter(live);
    if (members.length < 2) continue;
    shown.push({
      groupId: group.groupId,
      similarity: group.similarity,
      answers: members.map(toHealthAnswer),
    });
    for (const c of group.conflicts) {
      const a = answers.get(c.a);
      const b = answers.get(c.b);
      if (!live(a) || !live(b)) continue;
      conflictList.push({
        conflictId: c.conflictId,
        groupId: group.groupId,
        kind: c.kind,
        ...(c.concept ? { concept: c.concept } : {}),
        a: toHealthAnswer(a),
        b: toHealthAnswer(b),
        ...(c.phraseA ? { phraseA: c.phraseA } : {}),
        ...(c.phraseB ? { phraseB: c.phraseB } : {}),
      });
    }
  }
  return {
    ...summaryOf(report),
    duplicateGroups: shown.length,
    conflicts: conflictList.length,
    groups: shown,
    conflictList,
  };
}

/** Check now: the job is queued (a check queued or running already is not repeated). */
export async function checkLibraryHealth(caller: TeamCaller): Promise<LibraryHealthSummary> {
  const { teamId } = caller.user;
  await repo.requestCheck(teamId, new Date(Date.now() - QUIET_MS).toISOString());
  return summaryOf(await repo.getReport(teamId));
}

async function groupOrGone(teamId: string, groupId: string) {
  const group = await repo.getGroup(teamId, groupId);
  if (!group) throw new NotFoundError(HEALTH_MESSAGES.groupGone);
  return group;
}

/**
 * Merges a group into the answer kept: it gains the others' usage (a question that used two of them
 * counts once), tags, collections and supporting documents; each other answer is archived with the
 * reason "Merged into …" and a merge record keeps what it was (its history).
 */
export async function mergeDuplicates(
  caller: TeamCaller,
  groupId: string,
  body: { keepAnswerId: string },
  sessionId: string | null,
) {
  const { teamId, userId } = caller.user;
  const group = await groupOrGone(teamId, groupId);
  if (!group.answerIds.includes(body.keepAnswerId)) throw new UnprocessableError(HEALTH_MESSAGES.notInGroup);
  const answers = (await repo.getAnswers(teamId, group.answerIds)).filter(live);
  const keep = answers.find((a) => a.answerId === body.keepAnswerId);
  if (!keep) throw new ConflictError(HEALTH_MESSAGES.groupGone);
  const others = answers.filter((a) => a.answerId !== keep.answerId);
  if (!others.length) throw new ConflictError(HEALTH_MESSAGES.groupGone);
  if (others.length > MERGE_MAX)
    throw new UnprocessableError(`A merge takes at most ${MERGE_MAX + 1} answers: mark some distinct first`);
  const [keptUsage, ...otherUsage] = await Promise.all(
    [keep, ...others].map((a) => repo.usageOf(teamId, a.answerId)),
  );
  const usedOn = new Set(keptUsage.map((u) => `${u.projectId}#${u.questionId}`));
  const moved = new Map<string, repo.UsageItem>();
  let sharedUses = 0;
  for (const usage of otherUsage.flat()) {
    const where = `${usage.projectId}#${usage.questionId}`;
    if (usedOn.has(where) || moved.has(where)) sharedUses++;
    else moved.set(where, usage);
  }
  const kept = mergedInto(
    { ...keep, tags: keep.tags ?? [], collectionIds: keep.collectionIds ?? [] },
    others.map((a) => ({ ...a, tags: a.tags ?? [], collectionIds: a.collectionIds ?? [] })),
    sharedUses,
  );
  const reason = mergedReason(keep.originalQuestion);
  const done = await repo.applyMerge({
    keep,
    kept: { ...kept, documentIds: kept.documentIds },
    archive: others.map((answer) => ({ answer, reason, kind: 'MERGED' as const })),
    groupId,
    groupAfter: null,
    byUserId: userId,
    session: sessionMark(sessionId),
  });
  if (!done) throw new ConflictError(HEALTH_MESSAGES.groupGone);
  await repo.copyUsage(
    [...moved.values()].map(({ createdAt: _, ...usage }) => ({ ...usage, answerId: keep.answerId })),
  );
  return { keptAnswerId: keep.answerId, archived: others.length };
}

/** Mark distinct: the group leaves the report and its answers are never grouped together again. */
export async function markDistinct(caller: TeamCaller, groupId: string) {
  const group = await groupOrGone(caller.user.teamId, groupId);
  await repo.markDistinct(group, caller.user.userId);
  return { archived: 0 };
}

/** Keep this one: the other answer of the conflict is archived with the reason the user gave. */
export async function resolveConflict(
  caller: TeamCaller,
  conflictId: string,
  body: z.output<typeof ResolveConflictRequest>,
  sessionId: string | null,
) {
  const { teamId, userId } = caller.user;
  const group = (await repo.groupsOf(teamId)).find((g) =>
    g.conflicts.some((c) => c.conflictId === conflictId),
  );
  const conflict = group?.conflicts.find((c) => c.conflictId === conflictId);
  if (!group || !conflict) throw new NotFoundError(HEALTH_MESSAGES.conflictGone);
  if (body.keepAnswerId !== conflict.a && body.keepAnswerId !== conflict.b)
    throw new UnprocessableError('Pick one of the two answers of this conflict');
  const otherId = body.keepAnswerId === conflict.a ? conflict.b : conflict.a;
  const [keep, other] = await Promise.all(
    [body.keepAnswerId, otherId].map(async (id) => (await repo.getAnswers(teamId, [id]))[0]),
  );
  if (!live(keep) || !live(other)) throw new ConflictError(HEALTH_MESSAGES.conflictGone);
  const answerIds = group.answerIds.filter((id) => id !== otherId);
  const conflicts = group.conflicts.filter((c) => c.a !== otherId && c.b !== otherId);
  const done = await repo.applyMerge({
    keep,
    kept: null,
    archive: [{ answer: other, reason: body.reason, kind: 'CONFLICT_RESOLVED' }],
    groupId: group.groupId,
    groupAfter: answerIds.length >= 2 ? { answerIds, conflicts } : null,
    byUserId: userId,
    session: sessionMark(sessionId),
  });
  if (!done) throw new ConflictError(HEALTH_MESSAGES.conflictGone);
  return { keptAnswerId: keep.answerId, archived: 1 };
}

// ——— The job ———

/** The check itself over a team's answers (archived ones aside): what the job stores. */
export function checkAnswers(answers: repo.AnswerItem[], distinct: repo.DistinctItem[]) {
  return findDuplicateGroups(
    answers
      .filter((a) => a.answerStatus !== 'ARCHIVED')
      .map((a) => ({
        answerId: a.answerId,
        originalQuestion: a.originalQuestion,
        answer: a.answer,
        ...(a.responseClassification ? { responseClassification: a.responseClassification } : {}),
      })),
    { distinct: distinctPairs(distinct.map((d) => d.answerIds)), contradiction: DETECTOR },
  );
}

/** Runs a QUEUED check to IDLE: waits for the library to settle, then finds and stores the groups. */
export async function runHealthCheck(teamId: string) {
  const started = Date.now();
  for (;;) {
    const report = await repo.getReport(teamId);
    if (report?.status !== 'QUEUED') return;
    const quietFor = Date.now() - Date.parse(report.changedAt ?? report.updatedAt);
    if (quietFor >= QUIET_MS || Date.now() - started > MAX_WAIT_MS) break;
    await sleep(Math.min(QUIET_MS - quietFor + 50, QUIET_MS));
  }
  if (!(await repo.claim(teamId, new Date().toISOString()))) return;
  const begun = Date.now();
  try {
    const [answers, distinct] = await Promise.all([repo.answersOf(teamId), repo.distinctsOf(teamId)]);
    const groups = checkAnswers(answers, distinct);
    await repo.replaceGroups(
      teamId,
      groups.map((g) => ({
        teamId,
        groupId: g.groupId,
        answerIds: g.answerIds,
        similarity: g.similarity,
        conflicts: g.conflicts,
      })),
    );
    await repo.finish(teamId, {
      checkedAt: new Date().toISOString(),
      duplicateGroups: groups.length,
      conflicts: groups.reduce((sum, g) => sum + g.conflicts.length, 0),
      entries: answers.length,
      durationMs: Date.now() - begun,
    });
  } catch (error) {
    logger.error('library health check failed', { error, teamId });
    await repo.finish(teamId, { checkedAt: new Date().toISOString(), failureReason: HEALTH_MESSAGES.failed });
  }
}
