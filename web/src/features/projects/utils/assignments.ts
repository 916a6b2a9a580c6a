/** The question-assignments table (spec 001 §2): rows, status labels and the empty texts. Pure. */
import type { QuestionAssignment } from '@shared/schemas/project';

export const ASSIGNMENT_STATUS_LABELS: Record<QuestionAssignment['status'], string> = {
  'NOT-STARTED': 'No Progress',
  'IN-PROGRESS': 'In Progress',
  COMPLETE: 'Complete',
};

export const NO_QUESTIONS_TEXT = 'Currently, there are no questions in the project';
export const ALL_UNASSIGNED_TEXT = 'All the questions are currently unassigned';
export const UNASSIGNED = 'Unassigned';

export interface AssignmentTable {
  /** People with questions, by name; the unassigned questions last. */
  rows: QuestionAssignment[];
  /** Set when the table shows no rows. */
  emptyText: string | null;
  unassigned: QuestionAssignment | null;
}

export function assignmentTable(
  assignments: readonly QuestionAssignment[],
  totalQuestions: number,
  nameOf: (userId: string) => string,
): AssignmentTable {
  const withQuestions = assignments.filter((a) => a.assignedQuestionsCount > 0);
  const unassigned = withQuestions.find((a) => a.userId === null) ?? null;
  const people = withQuestions
    .filter((a): a is QuestionAssignment & { userId: string } => a.userId !== null)
    .sort((a, b) => nameOf(a.userId).localeCompare(nameOf(b.userId)));
  if (totalQuestions === 0 || withQuestions.length === 0) {
    return { rows: [], emptyText: NO_QUESTIONS_TEXT, unassigned: null };
  }
  if (people.length === 0) return { rows: [], emptyText: ALL_UNASSIGNED_TEXT, unassigned };
  return { rows: unassigned ? [...people, unassigned] : people, emptyText: null, unassigned };
}
