/**
 * Keeps a checked project's consistency findings up to date: when a question's counted answer (or
 * its wording) changes in a project that has a check, the check runs again and the project's open
 * screens hear CONSISTENCY_UPDATED. Projects never checked cost one GetItem per batch of answer changes.
 * Idempotent: running the check again on the same answers writes the same findings.
 */
import type { QuestionItem } from '../../common/entities';
import { publish } from '../../common/events';
import type { BatchReactions, Change } from '../../common/reactions';
import { countedAnswer } from './check';
import * as repo from './repo';
import { runCheck } from './service';

const matters = (before: Partial<QuestionItem> | undefined, after: Partial<QuestionItem> | undefined) =>
  countedAnswer(before) !== countedAnswer(after) ||
  (countedAnswer(after) !== '' && before?.question !== after?.question);

/** One check per project of the batch whose answers changed (a bulk change checks once, not per answer). */
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
  for (const key of projects.values()) {
    if (!(await repo.getCheck(key))) continue;
    const report = await runCheck(key);
    await publish({
      eventName: 'CONSISTENCY_UPDATED',
      data: { projectId: key.projectId, openCount: report.openCount },
      scope: { kind: 'project', id: key.projectId },
    });
  }
}

export const batchReactions: BatchReactions = { question: onQuestions };
