/** What the consistency check counts as a question's answer (kept apart: the reactions import it alone). */
import { type QuestionItem, reviewedWork } from '../../common/entities';

/** The answer a question counts with (an unreviewed draft counts as none), or '' for none. */
export function countedAnswer(question: Partial<QuestionItem> | undefined): string {
  if (!question || question.isLinked === false || question.deletedAt) return '';
  return (reviewedWork(question as QuestionItem).answer ?? '').trim();
}
