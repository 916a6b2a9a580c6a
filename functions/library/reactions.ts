/**
 * How answers reach the library, and how their use is counted (spec 002 §3, §4): a question saved
 * with a library answer records the answer's usage. A question saved with Include in Library and an
 * answer becomes a candidate (replaced when its answer or classification changes); taking the flag
 * off, clearing the answer, deleting or unlinking the question withdraws it. A PRIVATE project's
 * questions never become candidates, and a candidate made while it was TEAM is withdrawn when its
 * question changes (the service hides the rest while the project is PRIVATE). A discarded
 * candidate comes back only when the answer changes.
 */
import type { QuestionItem } from '../common/entities';
import { publish } from '../common/events';
import type { BatchReactions, Change, Reactions } from '../common/reactions';
import { sessionMark } from '../common/session-mark';
import {
  reactions as consistencyCheckReactions,
  batchReactions as consistencyReactions,
} from './consistency/reactions';
import { countGapChanges, gapsMoved, reactions as gapsReactions } from './gaps/reactions';
import { reactions as healthReactions, requestHealthChecks } from './health/reactions';
import * as repo from './repo';
import { onAnswerChanges as reviewAnswerChanges, reactions as reviewReactions } from './review/reactions';
import { type AnswerChange, reportedAs, updateTeamIndex } from './search/store';

const offered = (q: QuestionItem | undefined): q is QuestionItem =>
  Boolean(q?.includeInLibrary && q.answer?.trim() && q.isLinked !== false && !q.deletedAt);

/** A question saved with a library answer: the answer's usage (spec 002 §3, the Usage tab). */
async function recordUse(now: QuestionItem | undefined, before: QuestionItem | undefined) {
  if (!now?.libraryAnswerId || now.libraryAnswerId === before?.libraryAnswerId) return;
  await repo.recordUsage({
    teamId: now.teamId,
    answerId: now.libraryAnswerId,
    projectId: now.projectId,
    questionId: now.questionId,
    question: now.question,
    answer: now.answer,
    ...(now.information ? { information: now.information } : {}),
    answeredByUserId: now.updatedByUserId ?? now.createdByUserId ?? 'unknown',
    usedAt: now.updatedAt,
  });
}

/**
 * A question answered from a library entry (a suggestion used, an autofill draft accepted) cites the
 * entry's supporting documents: they are attached to it (attaching twice changes nothing).
 */
async function attachCitedDocuments(now: QuestionItem | undefined, before: QuestionItem | undefined) {
  if (!now?.libraryAnswerId || now.libraryAnswerId === before?.libraryAnswerId) return;
  const entry = await repo.getAnswer(now.teamId, now.libraryAnswerId);
  if (!entry?.documentIds?.length) return;
  await repo.attachDocuments(now, entry.documentIds, now.updatedByUserId ?? entry.createdByUserId);
}

async function onQuestion(change: Change) {
  const now = change.newImage as QuestionItem | undefined;
  const before = change.oldImage as QuestionItem | undefined;
  await recordUse(now, before);
  await attachCitedDocuments(now, before);
  if (gapsMoved(now, before)) await countGapChanges([change]);
  if (!offered(now)) {
    if (offered(before)) await repo.deleteCandidates(before.teamId, [before.questionId]);
    return;
  }
  const same =
    offered(before) &&
    before.answer === now.answer &&
    before.responseClassification === now.responseClassification &&
    before.question === now.question;
  if (same) return;
  const project = await repo.getProject(now.teamId, now.projectId);
  if (!project) return;
  if (project.accessVisibility === 'PRIVATE') {
    // Not offered; a candidate from when the project was TEAM no longer holds this answer.
    if (offered(before)) await repo.deleteCandidates(now.teamId, [now.questionId]);
    return;
  }
  await repo.putCandidate({
    teamId: now.teamId,
    questionId: now.questionId,
    projectId: now.projectId,
    question: now.question,
    answer: now.answer,
    ...(now.responseClassification !== 'INCOMPLETE'
      ? { responseClassification: now.responseClassification }
      : {}),
    authorId: now.updatedByUserId ?? now.createdByUserId ?? 'unknown',
  });
}

/** Each step of an autofill run, on the project's scope: the progress bar and the end. */
async function onAutofill(change: Change) {
  const run = change.newImage as repo.AutofillRunItem | undefined;
  if (!run) return;
  await publish({
    eventName: 'AUTOFILL_UPDATED',
    data: {
      projectId: run.projectId,
      runId: run.runId,
      status: run.status,
      total: run.total,
      processed: run.processed,
      filled: run.filled,
    },
    scope: { kind: 'project', id: run.projectId },
  });
}

/** A document's expiry date came (functions/documents/expiry-job.ts): the answers citing it need review. */
async function onDocument(change: Change) {
  const after = change.newImage as
    | { teamId: string; documentId: string; documentName: string; expiresOn?: string; expiryNotice?: string }
    | undefined;
  if (after?.expiryNotice !== 'EXPIRED' || change.oldImage?.expiryNotice === 'EXPIRED') return;
  const reason = `Supporting document "${after.documentName}" expired on ${after.expiresOn ?? 'its expiry date'}`;
  for (const answer of await repo.answersCiting(after.teamId, after.documentId)) {
    if (answer.answerStatus !== 'IN-USE') continue;
    await repo.updateAnswer(after.teamId, answer.answerId, {
      answerStatus: 'FLAGGED',
      flaggedReason: reason,
      updatedByUserId: answer.updatedByUserId ?? answer.createdByUserId,
      changedBySession: sessionMark(null),
    });
  }
}

export const reactions: Reactions = {
  question: onQuestion,
  autofillRun: onAutofill,
  document: onDocument,
  ...consistencyCheckReactions,
  // Owners and review cycles (issue 28): an answer's review history, due notices, the team's cycle, digests.
  ...reviewReactions,
  // Library health (issue 28): its report's changes reach the team's open screens.
  ...healthReactions,
  // Gaps (issue 28): a new gap list reaches the team's open screens.
  ...gapsReactions,
};

/**
 * LIBRARY_UPDATED on each team's scope, once per batch of answer or candidate changes (an import
 * of thousands of answers is a handful of events), so open library screens refresh.
 */
async function announce(changes: Change[]) {
  const perTeam = new Map<string, number>();
  for (const change of changes) {
    const teamId = String((change.newImage ?? change.oldImage)?.teamId ?? '');
    if (teamId) perTeam.set(teamId, (perTeam.get(teamId) ?? 0) + 1);
  }
  await Promise.all(
    [...perTeam].map(([teamId, count]) =>
      publish({
        eventName: 'LIBRARY_UPDATED',
        data: { changes: count },
        scope: { kind: 'team', id: teamId },
      }),
    ),
  );
}

/**
 * Whether a change alters what the suggestion index holds: the texts, and the answer a merged one
 * points its searches at (not status, use or collections otherwise).
 */
const searchable = (change: Change) => {
  const now = change.newImage as repo.LibraryAnswerItem | undefined;
  const before = change.oldImage as repo.LibraryAnswerItem | undefined;
  return (
    !now ||
    !before ||
    now.answer !== before.answer ||
    now.originalQuestion !== before.originalQuestion ||
    reportedAs(now) !== reportedAs(before)
  );
};

/** Each team's suggestion index follows its answers: one new version per batch of changes. */
async function reindex(changes: Change[]) {
  const perTeam = new Map<string, Map<string, AnswerChange>>();
  for (const change of changes.filter(searchable)) {
    const item = (change.newImage ?? change.oldImage) as repo.LibraryAnswerItem;
    const team = perTeam.get(item.teamId) ?? new Map<string, AnswerChange>();
    team.set(item.answerId, {
      answerId: item.answerId,
      now: change.newImage as repo.LibraryAnswerItem | undefined,
    });
    perTeam.set(item.teamId, team);
  }
  for (const [teamId, team] of perTeam) await updateTeamIndex(teamId, [...team.values()]);
}

export const batchReactions: BatchReactions = {
  // The consistency check of checked projects follows their answers (consistency/reactions.ts).
  question: consistencyReactions.question,
  libraryAnswer: async (changes) => {
    // The review's history and days first: open screens the announcement refreshes find them.
    await reviewAnswerChanges(changes);
    await reindex(changes);
    // Counted before the announcement, so a gap list it makes open screens read again is behind.
    await countGapChanges(changes);
    await announce(changes);
    await requestHealthChecks(changes);
    await consistencyReactions.libraryAnswer?.(changes);
  },
  answerCandidate: announce,
};
