import type { Classification, Question } from '@shared/schemas/question';

/** The heading of questions that belong to no section. */
export const GENERAL_SECTION = 'General';

export type TrustCentreQuestion = Pick<
  Question,
  'questionId' | 'question' | 'answer' | 'referenceNumber' | 'sectionDescription' | 'responseClassification'
>;

export interface TrustCentreSection {
  title: string;
  questions: TrustCentreQuestion[];
}

/** Answered: it has an answer, or a compliance classification other than INCOMPLETE. */
export const isAnswered = (question: Pick<Question, 'answer' | 'responseClassification'>) =>
  question.answer.trim() !== '' || question.responseClassification !== 'INCOMPLETE';

/**
 * The Trust Centre's content: the answered questions grouped by section, sections in the order
 * their first question appears, questions in project order; no section reads as General.
 */
export function answeredSections(questions: readonly TrustCentreQuestion[]): TrustCentreSection[] {
  const sections = new Map<string, TrustCentreSection>();
  for (const question of questions) {
    if (!isAnswered(question)) continue;
    const title = question.sectionDescription?.trim() || GENERAL_SECTION;
    let section = sections.get(title);
    if (!section) {
      section = { title, questions: [] };
      sections.set(title, section);
    }
    section.questions.push(question);
  }
  return [...sections.values()];
}

/** How many answered questions carry each classification (INCOMPLETE ones are not counted). */
export function classificationCounts(
  sections: readonly TrustCentreSection[],
): Partial<Record<Exclude<Classification, 'INCOMPLETE'>, number>> {
  const counts: Partial<Record<Exclude<Classification, 'INCOMPLETE'>, number>> = {};
  for (const { questions } of sections) {
    for (const { responseClassification: c } of questions) {
      if (c !== 'INCOMPLETE') counts[c] = (counts[c] ?? 0) + 1;
    }
  }
  return counts;
}
