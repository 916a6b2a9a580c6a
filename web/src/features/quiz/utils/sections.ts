/**
 * The quiz editor's model (spec 002 §2.5, §5, §9), as pure functions. A quiz is stored as one
 * ordered list of items, each SECTION heading followed by its QUESTIONs; the editor works on the
 * same items grouped into sections, and flattens them back to save.
 */
import {
  CreateQuizRequest,
  QUIZ_MESSAGES,
  QUIZ_TABS_AFTER_ITEMS,
  type Quiz,
  type QuizItem,
} from '@shared/schemas/quiz';

export interface DraftQuestion {
  itemId: string;
  itemLabel: string;
}

export interface DraftSection {
  itemId: string;
  itemLabel: string;
  questions: DraftQuestion[];
}

/** What the editor edits. */
export interface QuizDraft {
  quizName: string;
  quizDescription: string;
  sections: DraftSection[];
}

export type MakeId = () => string;

/** New item ids are UUIDs, which match the item id pattern (/^[A-Za-z0-9_=-]+$/). */
export const newItemId: MakeId = () => globalThis.crypto.randomUUID();

/** The heading given to questions that come before any section (a quiz written elsewhere). */
export const LEADING_SECTION_LABEL = 'Questions';

/**
 * The items grouped into sections, in order. Questions before the first section are gathered
 * under a new section (LEADING_SECTION_LABEL), so every question belongs to one.
 */
export function groupIntoSections(items: readonly QuizItem[], makeId: MakeId = newItemId): DraftSection[] {
  const sections: DraftSection[] = [];
  for (const item of items) {
    if (item.itemType === 'SECTION') {
      sections.push({ itemId: item.itemId, itemLabel: item.itemLabel, questions: [] });
      continue;
    }
    if (sections.length === 0)
      sections.push({ itemId: makeId(), itemLabel: LEADING_SECTION_LABEL, questions: [] });
    sections[sections.length - 1].questions.push({ itemId: item.itemId, itemLabel: item.itemLabel });
  }
  return sections;
}

/** The sections back as the quiz's ordered items: each heading, then its questions. */
export function flattenSections(sections: readonly DraftSection[]): QuizItem[] {
  return sections.flatMap((section) => [
    { itemId: section.itemId, itemLabel: section.itemLabel, itemType: 'SECTION' as const },
    ...section.questions.map((q) => ({
      itemId: q.itemId,
      itemLabel: q.itemLabel,
      itemType: 'QUESTION' as const,
    })),
  ]);
}

export const questionCount = (sections: readonly DraftSection[]) =>
  sections.reduce((sum, section) => sum + section.questions.length, 0);

/** Sections and questions together, as the quiz's items count them. */
export const itemCount = (sections: readonly DraftSection[]) => sections.length + questionCount(sections);

/** Sections show as tabs (only the active one shown) when there is more than one section and more than 15 items. */
export const showsSectionTabs = (sections: readonly DraftSection[]) =>
  sections.length > 1 && itemCount(sections) > QUIZ_TABS_AFTER_ITEMS;

export const draftFromQuiz = (
  quiz: Pick<Quiz, 'quizName' | 'quizDescription' | 'quizConfiguration'>,
  makeId: MakeId = newItemId,
): QuizDraft => ({
  quizName: quiz.quizName,
  quizDescription: quiz.quizDescription,
  sections: groupIntoSections(quiz.quizConfiguration, makeId),
});

/** A new quiz starts with one section and one empty question, so its shape shows. */
export const blankDraft = (makeId: MakeId = newItemId): QuizDraft => ({
  quizName: '',
  quizDescription: '',
  sections: [{ itemId: makeId(), itemLabel: 'Section 1', questions: [{ itemId: makeId(), itemLabel: '' }] }],
});

/** The body of a create or save (without the version). */
export const toQuizRequest = (draft: QuizDraft) => ({
  quizName: draft.quizName,
  quizDescription: draft.quizDescription,
  quizConfiguration: flattenSections(draft.sections),
});

/** Whether two drafts would save the same quiz. */
export const sameDraft = (a: QuizDraft, b: QuizDraft) =>
  JSON.stringify(toQuizRequest(a)) === JSON.stringify(toQuizRequest(b));

/** Where a question is: its section's index and its own index there; null when unknown. */
export function locateQuestion(
  sections: readonly DraftSection[],
  questionId: string,
): { section: number; index: number } | null {
  for (let s = 0; s < sections.length; s++) {
    const index = sections[s].questions.findIndex((q) => q.itemId === questionId);
    if (index >= 0) return { section: s, index };
  }
  return null;
}

/** The id of the section holding a question, or the section itself; null when unknown. */
export function sectionIdOf(sections: readonly DraftSection[], itemId: string): string | null {
  if (sections.some((s) => s.itemId === itemId)) return itemId;
  const at = locateQuestion(sections, itemId);
  return at ? sections[at.section].itemId : null;
}

/**
 * Moves a question to `toIndex` of a section (within its own section or into another); the index
 * is clamped to the section's length. Returns the same array when nothing moves.
 */
export function moveQuestion(
  sections: readonly DraftSection[],
  questionId: string,
  toSectionId: string,
  toIndex: number,
): DraftSection[] {
  const from = locateQuestion(sections, questionId);
  const to = sections.findIndex((s) => s.itemId === toSectionId);
  if (!from || to < 0) return sections as DraftSection[];
  const question = sections[from.section].questions[from.index];
  const next = sections.map((s) => ({ ...s, questions: [...s.questions] }));
  next[from.section].questions.splice(from.index, 1);
  const target = next[to].questions;
  const index = Math.max(0, Math.min(toIndex, target.length));
  if (from.section === to && index === from.index) return sections as DraftSection[];
  target.splice(index, 0, question);
  return next;
}

/** Moves a section (with its questions) to where another section is. */
export function moveSection(
  sections: readonly DraftSection[],
  sectionId: string,
  overId: string,
): DraftSection[] {
  const from = sections.findIndex((s) => s.itemId === sectionId);
  const to = sections.findIndex((s) => s.itemId === overId);
  if (from < 0 || to < 0 || from === to) return sections as DraftSection[];
  const next = [...sections];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** A new section at the end, named after its place ('Section 3'), with no questions yet. */
export function addSection(sections: readonly DraftSection[], makeId: MakeId = newItemId): DraftSection[] {
  return [...sections, { itemId: makeId(), itemLabel: `Section ${sections.length + 1}`, questions: [] }];
}

/** A new empty question at the end of a section. */
export function addQuestion(
  sections: readonly DraftSection[],
  sectionId: string,
  makeId: MakeId = newItemId,
): DraftSection[] {
  return sections.map((s) =>
    s.itemId === sectionId ? { ...s, questions: [...s.questions, { itemId: makeId(), itemLabel: '' }] } : s,
  );
}

/** Removes a question, or a section with its questions. */
export function removeItem(sections: readonly DraftSection[], itemId: string): DraftSection[] {
  return sections
    .filter((s) => s.itemId !== itemId)
    .map((s) =>
      s.questions.some((q) => q.itemId === itemId)
        ? { ...s, questions: s.questions.filter((q) => q.itemId !== itemId) }
        : s,
    );
}

/** A new label for a section or a question. */
export function relabel(
  sections: readonly DraftSection[],
  itemId: string,
  itemLabel: string,
): DraftSection[] {
  return sections.map((s) => {
    if (s.itemId === itemId) return { ...s, itemLabel };
    if (!s.questions.some((q) => q.itemId === itemId)) return s;
    return { ...s, questions: s.questions.map((q) => (q.itemId === itemId ? { ...q, itemLabel } : q)) };
  });
}

export interface DraftProblems {
  /** 'Please give the quiz a name', or another message about the name. */
  name?: string;
  description?: string;
  /** By item id: 'Please enter the question, or remove it' and the like. */
  items: Record<string, string>;
  /** Anything about the quiz as a whole (e.g. too many items). */
  quiz?: string;
  /** The first message, for the alert above the editor. */
  first?: string;
  /** The first item with a problem (to bring its section into view). */
  firstItemId?: string;
}

export const hasProblems = (p: DraftProblems) => p.first !== undefined;

/** What stands in the way of saving, by the shared CreateQuizRequest schema (the server's own rules). */
export function validateDraft(draft: QuizDraft): DraftProblems {
  const body = toQuizRequest(draft);
  const problems: DraftProblems = { items: {} };
  const parsed = CreateQuizRequest.safeParse(body);
  if (parsed.success) return problems;
  for (const issue of parsed.error.issues) {
    const [field, index] = issue.path;
    if (field === 'quizName') problems.name ??= issue.message;
    else if (field === 'quizDescription') problems.description ??= issue.message;
    else if (field === 'quizConfiguration' && typeof index === 'number' && body.quizConfiguration[index]) {
      const id = body.quizConfiguration[index].itemId;
      problems.items[id] ??= issue.message;
      problems.firstItemId ??= id;
    } else problems.quiz ??= issue.message;
  }
  // The name first (spec 002 §5), then the quiz as a whole, the description, the items in order.
  problems.first =
    problems.name ??
    problems.quiz ??
    problems.description ??
    (problems.firstItemId ? problems.items[problems.firstItemId] : undefined) ??
    QUIZ_MESSAGES.saveQuizError;
  return problems;
}
