/**
 * The answer editor's rules (spec 002 §2.1 and §4), as pure functions: what the editor holds, when
 * it counts as changed, which fields an incoming save changed, what the save button says and where
 * Save & Next goes.
 */
import type { Project } from '@shared/schemas/project';
import type { Classification, Question } from '@shared/schemas/question';

/** What the answer editor edits. */
export interface AnswerValues {
  answer: string;
  responseClassification: Classification;
  includeInLibrary: boolean;
}

/** The fields the Question Updated dialog names. */
export type EditorField = 'Answer' | 'Classification' | 'Include in Library';

/** The classification choices in the order the editor shows them. */
export const CLASSIFICATION_LABELS: Record<Classification, string> = {
  COMPLIANT: 'Compliant',
  'PARTIALLY-COMPLIANT': 'Partially Compliant',
  'NON-COMPLIANT': 'Not Compliant',
  'NOT-APPLICABLE': 'Not Applicable',
  INCOMPLETE: 'Not Specified',
};

export const CLASSIFICATION_COLORS: Record<Classification, string> = {
  COMPLIANT: 'teal',
  'PARTIALLY-COMPLIANT': 'yellow',
  'NON-COMPLIANT': 'red',
  'NOT-APPLICABLE': 'gray',
  INCOMPLETE: 'gray',
};

export const STATUS_LABELS: Record<Question['responseStatus'], string> = {
  INCOMPLETE: 'Incomplete',
  'IN-PROGRESS': 'In Progress',
  COMPLETE: 'Complete',
};

/** Answers in PRIVATE projects never go to the library (the server forces it too). */
export const isPrivate = (project: Pick<Project, 'accessVisibility'>) =>
  project.accessVisibility === 'PRIVATE';

/** The editor's values for a saved question (the library flag forced off in PRIVATE projects). */
export function valuesOf(question: AnswerValues, project?: Pick<Project, 'accessVisibility'>): AnswerValues {
  return {
    answer: question.answer,
    responseClassification: question.responseClassification,
    includeInLibrary: project && isPrivate(project) ? false : question.includeInLibrary,
  };
}

/** The editor fields in which `a` and `b` differ, in the dialog's order. */
export function differingFields(a: AnswerValues, b: AnswerValues): EditorField[] {
  const fields: EditorField[] = [];
  if (a.answer !== b.answer) fields.push('Answer');
  if (a.responseClassification !== b.responseClassification) fields.push('Classification');
  if (a.includeInLibrary !== b.includeInLibrary) fields.push('Include in Library');
  return fields;
}

/** 'Changed' (spec 002 §4): text, classification or the library flag differs from the saved question. */
export const isChanged = (saved: AnswerValues, draft: AnswerValues) =>
  differingFields(saved, draft).length > 0;

/**
 * What to do when the question arrives in a newer version than the editor was based on:
 * - 'none': not newer;
 * - 'apply': the editor has no changes, take the new version silently;
 * - 'rebase': the editor has changes but the new version differs in none of the editor's fields
 *   (e.g. an assignee or status change): keep the draft, base it on the new version;
 * - 'ask': the editor has changes and the new version changed answer, classification or the
 *   library flag: the Question Updated dialog.
 */
export type IncomingDecision = 'none' | 'apply' | 'rebase' | 'ask';

export function decideIncoming(
  base: AnswerValues & { version: number },
  draft: AnswerValues,
  incoming: AnswerValues & { version: number },
): IncomingDecision {
  if (incoming.version <= base.version) return 'none';
  if (!isChanged(base, draft)) return 'apply';
  return differingFields(base, incoming).length === 0 ? 'rebase' : 'ask';
}

/** Spec 001: a third-party project answers in someone else's portal (its type, or a portal link). */
export const isThirdParty = (project: Pick<Project, 'projectType' | 'thirdPartyProjectUrl'>) =>
  project.projectType === 'THIRD-PARTY' || Boolean(project.thirdPartyProjectUrl?.trim());

type Listed = Pick<Question, 'questionId' | 'responseStatus'>;

/**
 * The next incomplete question after `questionId` in the list as shown, wrapping round to the top;
 * null when no other question is incomplete.
 */
export function nextIncomplete(questions: readonly Listed[], questionId: string): string | null {
  const at = questions.findIndex((q) => q.questionId === questionId);
  for (let step = 1; step <= questions.length; step++) {
    const candidate = questions[(Math.max(at, -1) + step + questions.length) % questions.length];
    if (candidate.questionId !== questionId && candidate.responseStatus === 'INCOMPLETE')
      return candidate.questionId;
  }
  return null;
}

export type SaveLabel = 'Save & Copy' | 'Save & Next' | 'Save';

/** 'Save & Copy' for third-party projects, else 'Save & Next' while another question is incomplete. */
export function saveLabel(
  project: Pick<Project, 'projectType' | 'thirdPartyProjectUrl'>,
  questions: readonly Listed[],
  questionId: string,
): SaveLabel {
  if (isThirdParty(project)) return 'Save & Copy';
  return nextIncomplete(questions, questionId) ? 'Save & Next' : 'Save';
}

/** The pager: the 1-based position in the list, the total and the neighbours. */
export function pagerOf(questions: readonly Pick<Question, 'questionId'>[], questionId: string) {
  const index = questions.findIndex((q) => q.questionId === questionId);
  return {
    position: index + 1,
    total: questions.length,
    previous: index > 0 ? questions[index - 1].questionId : null,
    next: index >= 0 && index < questions.length - 1 ? questions[index + 1].questionId : null,
  };
}

/** Template chips show only while the saved question has no answer and no classification. */
export const showTemplates = (saved: AnswerValues) =>
  saved.answer.trim() === '' && saved.responseClassification === 'INCOMPLETE';

export const TAG_MAX = 30;

/** Tags on question badges truncate to 30 characters (27 and an ellipsis). */
export const truncateTag = (tag: string, max = TAG_MAX) =>
  tag.length > max ? `${tag.slice(0, max - 3)}...` : tag;
