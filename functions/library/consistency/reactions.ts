/**
 * Keeps a checked project's consistency findings up to date: when a question's counted answer (or
 * its wording) changes in a project that has a check, the check runs again and the project's open
 * screens hear CONSISTENCY_UPDATED. Projects never checked cost one GetItem per answer change.
 * Idempotent: running the check again on the same answers writes the same findings.
 */
import type { QuestionItem } from '../../common/entities';
import { publish } from '../../common/events';
import type { Change, Reactions } from '../../common/reactions';
import { countedAnswer } from './check';
import * as repo from './repo';
import { runCheck } from './service';

const matters = (before: Partial<QuestionItem> | undefined, after: Partial<QuestionItem> | undefined) =>
  countedAnswer(before) !== countedAnswer(after) ||
  (countedAnswer(after) !== '' && before?.question !== after?.question);

async function onQuestion(change: Change) {
  const before = change.oldImage as QuestionItem | undefined;
  const after = change.newImage as QuestionItem | undefined;
  const question = after ?? before;
  if (!question?.teamId || !question.projectId || !matters(before, after)) return;
  const key = { teamId: question.teamId, projectId: question.projectId };
  if (!(await repo.getCheck(key))) return;
  const report = await runCheck(key);
  await publish({
    eventName: 'CONSISTENCY_UPDATED',
    data: { projectId: key.projectId, openCount: report.openCount },
    scope: { kind: 'project', id: key.projectId },
  });
}

export const reactions: Reactions = { question: onQuestion };
