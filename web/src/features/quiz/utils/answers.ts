import type { QuizAnswerItem } from '@shared/schemas/quiz';

export interface AnsweredSection {
  /** The heading; null for questions before any section. */
  title: string | null;
  key: string;
  questions: QuizAnswerItem[];
}

/** The quiz as sent, grouped under its section headings (questions before any section stand alone). */
export function groupAnswers(items: readonly QuizAnswerItem[]): AnsweredSection[] {
  const sections: AnsweredSection[] = [];
  for (const item of items) {
    if (item.itemType === 'SECTION') {
      sections.push({ title: item.itemLabel, key: item.itemId, questions: [] });
      continue;
    }
    if (sections.length === 0) sections.push({ title: null, key: 'leading', questions: [] });
    sections[sections.length - 1].questions.push(item);
  }
  return sections;
}
