/**
 * Keeps a checked project's consistency findings up to date: when a question's counted answer (or
 * its wording) changes in a project that has a check, the check is queued for the consistency job
 * (consistency/job.ts), which runs it; a check written (by the job, Check consistency or a dismissal)
 * tells the project's open screens (CONSISTENCY_UPDATED).
 * A change of a library answer queues every checked project of its team the same way.
 * The reactions only mark it: one conditional write per project of a batch, none while it is queued
 * already, and the check's index and detector stay out of the reactions' bundle.
 */
import type { QuestionItem } from '../../common/entities';
import { publish } from '../../common/events';
import type { BatchReactions, Change, Reactions } from '../../common/reactions';
import { countedAnswer } from './counted';
import * as repo from './repo';

const matters = (before: Partial<QuestionItem> | undefined, after: Partial<QuestionItem> | undefined) =>
  countedAnswer(before) !== countedAnswer(after) ||
  (countedAnswer(after) !== '' && before?.question !== after?.question);

/** One mark per project of the batch whose answers changed (a bulk change queues one check). */
async function onQuestions(changes: Change[]) {
  const projects = new Map<string, { teamId: string; projectId: string }>();
  for (const change of changes) {
    const before = change.oldImage as QuestionItem | undefined;
    const after = change.newImage as QuestionItem | undefined;
    const question = after ?? before;
    if (!question?.teamId || !question.projectId || !matters(before, after)) continue;
    projects.set(`${question.teamId}#${question.projectId}`, {
      teamId: question.teamId,
      projectId: question.projectId,
    });
  }
  for (const key of projects.values()) await repo.queueRecheck(key);
}

type AnswerImage = { teamId: string; answer?: string; answerStatus?: string; originalQuestion?: string };
/** What a project's check reads of a library answer: its text, question and whether it is approved. */
const answerMatters = (before: AnswerImage | undefined, after: AnswerImage | undefined) =>
  before?.answer !== after?.answer ||
  before?.answerStatus !== after?.answerStatus ||
  before?.originalQuestion !== after?.originalQuestion;

/**
 * A library answer changed (edited, approved, archived): every checked project of its team is
 * queued for a check, since an answer may now contradict the library's (or no longer does).
 */
async function onLibraryAnswers(changes: Change[]) {
  const teams = new Set<string>();
  for (const change of changes) {
    const before = change.oldImage as AnswerImage | undefined;
    const after = change.newImage as AnswerImage | undefined;
    const teamId = (after ?? before)?.teamId;
    if (teamId && answerMatters(before, after)) teams.add(teamId);
  }
  for (const teamId of teams)
    for (const key of await repo.checkedProjectsOf(teamId)) await repo.queueRecheck(key);
}

/** A check done (not merely queued or taken): its project's screens read the findings again. */
async function onCheck(change: Change) {
  const now = change.newImage as repo.CheckItem | undefined;
  const before = change.oldImage as repo.CheckItem | undefined;
  if (!now || now.recheck) return;
  if (before && !before.recheck && before.checkedAt === now.checkedAt && before.openCount === now.openCount)
    return;
  await publish({
    eventName: 'CONSISTENCY_UPDATED',
    data: { projectId: now.projectId, openCount: now.openCount },
    scope: { kind: 'project', id: now.projectId },
  });
}

export const batchReactions: BatchReactions = { question: onQuestions, libraryAnswer: onLibraryAnswers };
export const reactions: Reactions = { consistencyCheck: onCheck };
