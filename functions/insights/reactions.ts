/**
 * Insights follow questions, from the table's stream: a linked, not deleted question with an answer
 * has a row (insight-row.ts) holding its text, answer, classification, when it was answered and by
 * whom; anything else (an autofill draft nobody reviewed included) has none. Only a change of the answer, its classification or the question's
 * text rewrites the row, and who answered or classified is kept from the row unless that changed.
 */
import { type QuestionItem, reviewedWork } from '../common/entities';
import type { Change, Reactions } from '../common/reactions';
import * as repo from './repo';

const answered = (q: QuestionItem | undefined): q is QuestionItem =>
  Boolean(q?.answer?.trim()) && q?.isLinked !== false && !q?.deletedAt;

const counted = (q: QuestionItem | undefined) => (q ? reviewedWork(q) : undefined);

async function onQuestion(change: Change) {
  // An autofill draft is no answer until reviewed (reviewedWork): accepting it answers it then.
  const now = counted(change.newImage as QuestionItem | undefined);
  const before = counted(change.oldImage as QuestionItem | undefined);
  const question = now ?? before;
  if (!question) return;
  const { teamId, projectId, questionId } = question;
  if (!answered(now)) {
    if (answered(before)) await repo.deleteRow(teamId, projectId, questionId);
    return;
  }
  const answerChanged = !answered(before) || before.answer !== now.answer;
  const classificationChanged =
    !answered(before) || before.responseClassification !== now.responseClassification;
  const textChanged = before?.question !== now.question;
  if (!answerChanged && !classificationChanged && !textChanged) return;
  const row =
    answerChanged && classificationChanged ? null : await repo.getRow(teamId, projectId, questionId);
  const by = now.updatedByUserId ?? now.createdByUserId;
  const answeredBy = answerChanged ? by : row?.answeredByUserId;
  const classifiedBy =
    classificationChanged && now.responseClassification !== 'INCOMPLETE' ? by : row?.classifiedByUserId;
  await repo.putRow({
    teamId,
    projectId,
    questionId,
    question: now.question,
    answer: now.answer,
    responseClassification: now.responseClassification,
    answeredAt: answerChanged || classificationChanged || !row ? now.updatedAt : row.answeredAt,
    ...(answeredBy ? { answeredByUserId: answeredBy } : {}),
    ...(classifiedBy ? { classifiedByUserId: classifiedBy } : {}),
  });
}

export const reactions: Reactions = { question: onQuestion };
