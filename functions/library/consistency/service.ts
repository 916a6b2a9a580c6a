/**
 * The consistency check of a questionnaire (issue 28 part 3): run on demand (the dashboard's
 * "Check consistency", and the export dialog before an export), kept up to date from the table's
 * stream when an answer of a checked project changes (reactions.ts), and findings dismissed with a
 * reason that each question's activity keeps. Every route checks the project is visible to the
 * caller (a PRIVATE project answers 404 to anyone not on it).
 */
import type { z } from 'zod';
import { AUTOFILL_THRESHOLD } from '../../../shared/schemas/answer';
import {
  CONSISTENCY_MESSAGES,
  type ConsistencyFinding,
  type ConsistencyReport,
  type DismissFindingRequest,
} from '../../../shared/schemas/consistency';
import type { TeamCaller } from '../../common/caller';
import { activityIdOf, type QuestionItem } from '../../common/entities';
import { NotFoundError } from '../../common/errors';
import { visibleProject } from '../../common/project-access';
import { confidenceOf } from '../search/engine';
import { teamIndex } from '../search/store';
import { findInconsistencies, type LibraryEntry } from './check';
import * as repo from './repo';

type ProjectKey = { teamId: string; projectId: string };

const toFinding = (item: repo.FindingItem): ConsistencyFinding => ({
  findingId: item.findingId,
  kind: item.kind,
  concept: item.concept,
  a: item.a,
  b: item.b,
  status: item.status,
  ...(item.dismissedReason ? { dismissedReason: item.dismissedReason } : {}),
  ...(item.dismissedByUserId ? { dismissedByUserId: item.dismissedByUserId } : {}),
  ...(item.dismissedAt ? { dismissedAt: item.dismissedAt } : {}),
});

/** Open findings first, then in the questionnaire's order. */
const order = (x: ConsistencyFinding, y: ConsistencyFinding) =>
  (x.status === y.status ? 0 : x.status === 'OPEN' ? -1 : 1) ||
  (x.a.questionId ?? '').localeCompare(y.a.questionId ?? '') ||
  x.findingId.localeCompare(y.findingId);

function reportOf(
  key: ProjectKey,
  check: repo.CheckItem | null,
  items: repo.FindingItem[],
): ConsistencyReport {
  const findings = items.map(toFinding).sort(order);
  return {
    projectId: key.projectId,
    ...(check ? { checkedAt: check.checkedAt } : {}),
    openCount: findings.filter((f) => f.status === 'OPEN').length,
    findings: check ? findings : [],
  };
}

/** The library's approved entries for each question: the one it was answered from, and the engine's confident match. */
async function libraryLookup(teamId: string, questions: QuestionItem[]) {
  const index = await teamIndex(teamId);
  const wanted = new Map<string, string[]>();
  for (const q of questions) {
    const ids = new Set<string>();
    if (q.libraryAnswerId) ids.add(q.libraryAnswerId);
    const hits = index.search(q.question, 2);
    if (hits[0] && confidenceOf(hits) >= AUTOFILL_THRESHOLD) ids.add(hits[0].answerId);
    if (ids.size) wanted.set(q.questionId, [...ids]);
  }
  const entries = new Map<string, LibraryEntry>();
  const all = [...new Set([...wanted.values()].flat())];
  for (const answer of await repo.answersById(teamId, all)) {
    if (answer.answerStatus === 'IN-USE') entries.set(answer.answerId, answer);
  }
  return (q: QuestionItem) =>
    (wanted.get(q.questionId) ?? []).flatMap((id) => {
      const entry = entries.get(id);
      return entry ? [entry] : [];
    });
}

/**
 * Checks the project and stores its findings: a finding found again keeps its dismissal while its
 * answers are unchanged; one whose answers changed opens again; one no longer found is removed.
 */
export async function runCheck(key: ProjectKey, userId?: string): Promise<ConsistencyReport> {
  const questions = (await repo.questionsOf(key)).filter((q) => q.isLinked !== false && !q.deletedAt);
  const answered = questions.filter((q) => q.answer?.trim() && !q.libraryDraft);
  const computed = findInconsistencies(answered, await libraryLookup(key.teamId, answered));
  const earlier = new Map((await repo.findingsOf(key)).map((f) => [f.findingId, f]));
  const items: repo.FindingItem[] = [];
  const put: repo.FindingItem[] = [];
  for (const found of computed) {
    const before = earlier.get(found.findingId);
    const keepsDismissal = before?.status === 'DISMISSED' && before.answersKey === found.answersKey;
    const item = {
      ...key,
      ...found,
      status: keepsDismissal ? ('DISMISSED' as const) : ('OPEN' as const),
      ...(keepsDismissal
        ? {
            dismissedReason: before.dismissedReason,
            dismissedByUserId: before.dismissedByUserId,
            dismissedAt: before.dismissedAt,
          }
        : {}),
      createdAt: before?.createdAt ?? new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    } as repo.FindingItem;
    items.push(item);
    const same =
      before &&
      JSON.stringify(toFinding(before)) === JSON.stringify(toFinding(item)) &&
      before.answersKey === item.answersKey;
    if (!same) put.push(item);
  }
  const removed = [...earlier.keys()].filter((id) => !computed.some((f) => f.findingId === id));
  const check = {
    ...key,
    checkedAt: new Date().toISOString(),
    openCount: items.filter((f) => f.status === 'OPEN').length,
    ...(userId ? { checkedByUserId: userId } : {}),
  };
  await repo.saveCheck(
    check,
    put.map(({ createdAt: _c, updatedAt: _u, ...rest }) => rest),
    removed,
  );
  return reportOf(key, { ...check, createdAt: check.checkedAt, updatedAt: check.checkedAt }, items);
}

export async function getConsistency(caller: TeamCaller, projectId: string): Promise<ConsistencyReport> {
  await visibleProject(caller, projectId);
  const key = { teamId: caller.user.teamId, projectId };
  const [check, findings] = await Promise.all([repo.getCheck(key), repo.findingsOf(key)]);
  return reportOf(key, check, findings);
}

export async function checkConsistency(caller: TeamCaller, projectId: string): Promise<ConsistencyReport> {
  await visibleProject(caller, projectId);
  return runCheck({ teamId: caller.user.teamId, projectId }, caller.user.userId);
}

const quote = (text: string, max = 80) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
};

export async function dismissFinding(
  caller: TeamCaller,
  projectId: string,
  body: z.output<typeof DismissFindingRequest>,
): Promise<ConsistencyReport> {
  await visibleProject(caller, projectId);
  const key = { teamId: caller.user.teamId, projectId };
  const finding = await repo.getFinding(key, body.findingId);
  if (!finding) throw new NotFoundError(CONSISTENCY_MESSAGES.notFound);
  if (finding.status === 'OPEN') {
    const at = new Date().toISOString();
    const { userId } = caller.user;
    // One entry per question (a transaction takes one operation per item).
    const sides = [
      { own: finding.a, other: finding.b },
      ...(finding.kind === 'PAIR' && finding.b.questionId !== finding.a.questionId
        ? [{ own: finding.b, other: finding.a }]
        : []),
    ];
    const activity = sides.flatMap(({ own, other }) =>
      own.questionId
        ? [
            {
              ...key,
              questionId: own.questionId,
              activityId: activityIdOf(at, `x${finding.findingId.slice(0, 12)}`),
              kind: 'CONSISTENCY' as const,
              activityDescription: `{user:${userId}} dismissed a consistency finding on ${finding.concept} (against ${
                other.questionId ? 'the question' : "the library's answer to"
              } "${quote(other.question)}"): ${body.reason}`,
              createdByUserId: userId,
              updatedAt: at,
            },
          ]
        : [],
    );
    const open = (await repo.findingsOf(key)).filter((f) => f.status === 'OPEN').length;
    const done = await repo.dismiss(
      finding,
      { reason: body.reason, userId, at },
      activity,
      Math.max(0, open - 1),
    );
    if (!done) throw new NotFoundError(CONSISTENCY_MESSAGES.notFound);
  }
  const [check, findings] = await Promise.all([repo.getCheck(key), repo.findingsOf(key)]);
  return reportOf(key, check, findings);
}
