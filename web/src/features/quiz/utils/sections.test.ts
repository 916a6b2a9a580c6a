import { QUIZ_MESSAGES, QUIZ_TABS_AFTER_ITEMS, type QuizItem } from '@shared/schemas/quiz';
import { describe, expect, it } from 'vitest';
import {
  addQuestion,
  addSection,
  blankDraft,
  type DraftSection,
  flattenSections,
  groupIntoSections,
  itemCount,
  LEADING_SECTION_LABEL,
  moveQuestion,
  moveSection,
  newItemId,
  relabel,
  removeItem,
  sameDraft,
  sectionIdOf,
  showsSectionTabs,
  validateDraft,
} from './sections';

const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};
const S = (itemId: string, itemLabel = itemId): QuizItem => ({ itemId, itemLabel, itemType: 'SECTION' });
const Q = (itemId: string, itemLabel = itemId): QuizItem => ({ itemId, itemLabel, itemType: 'QUESTION' });

/** Sections as `{ sectionId: [questionIds] }`, to read moves at a glance. */
const shape = (sections: DraftSection[]) =>
  sections.map((s) => `${s.itemId}:${s.questions.map((q) => q.itemId).join(',')}`);

const board = () => groupIntoSections([S('a'), Q('a1'), Q('a2'), Q('a3'), S('b'), Q('b1'), S('c')]);

describe('grouping items into sections', () => {
  it('puts each question under the section heading before it, and flattens back to the same items', () => {
    const items = [S('a'), Q('a1'), Q('a2'), S('b'), S('c'), Q('c1')];
    const sections = groupIntoSections(items);
    expect(shape(sections)).toEqual(['a:a1,a2', 'b:', 'c:c1']);
    expect(flattenSections(sections)).toEqual(items);
  });

  it('gathers questions before the first section under a new section', () => {
    const sections = groupIntoSections([Q('q1'), Q('q2'), S('a'), Q('a1')], ids());
    expect(shape(sections)).toEqual(['id1:q1,q2', 'a:a1']);
    expect(sections[0].itemLabel).toBe(LEADING_SECTION_LABEL);
  });

  it('an empty quiz has no sections', () => {
    expect(groupIntoSections([])).toEqual([]);
    expect(flattenSections([])).toEqual([]);
  });
});

describe('the tabs rule (more than one section and more than 15 items)', () => {
  const quiz = (sectionCount: number, questionsEach: number) =>
    Array.from({ length: sectionCount }, (_, s) => ({
      itemId: `s${s}`,
      itemLabel: `Section ${s + 1}`,
      questions: Array.from({ length: questionsEach }, (_, q) => ({ itemId: `s${s}q${q}`, itemLabel: 'Q' })),
    }));

  it('counts sections and questions as items', () => {
    expect(itemCount(quiz(2, 7))).toBe(16);
  });

  it('shows tabs only past the threshold with at least two sections', () => {
    expect(QUIZ_TABS_AFTER_ITEMS).toBe(15);
    expect(showsSectionTabs(quiz(2, 7))).toBe(true); // 16 items
    expect(showsSectionTabs(quiz(3, 4))).toBe(false); // 15 items: not more than 15
    expect(showsSectionTabs(quiz(1, 40))).toBe(false); // one section
    expect(showsSectionTabs([])).toBe(false);
  });
});

describe('moving questions', () => {
  it('reorders within a section', () => {
    expect(shape(moveQuestion(board(), 'a1', 'a', 2))).toEqual(['a:a2,a3,a1', 'b:b1', 'c:']);
    expect(shape(moveQuestion(board(), 'a3', 'a', 0))).toEqual(['a:a3,a1,a2', 'b:b1', 'c:']);
  });

  it('moves into another section at a place, or into an empty one', () => {
    expect(shape(moveQuestion(board(), 'a2', 'b', 0))).toEqual(['a:a1,a3', 'b:a2,b1', 'c:']);
    expect(shape(moveQuestion(board(), 'b1', 'a', 1))).toEqual(['a:a1,b1,a2,a3', 'b:', 'c:']);
    expect(shape(moveQuestion(board(), 'a1', 'c', 0))).toEqual(['a:a2,a3', 'b:b1', 'c:a1']);
  });

  it('clamps the index to the end of the section', () => {
    expect(shape(moveQuestion(board(), 'a1', 'b', 99))).toEqual(['a:a2,a3', 'b:b1,a1', 'c:']);
    expect(shape(moveQuestion(board(), 'b1', 'a', -4))).toEqual(['a:b1,a1,a2,a3', 'b:', 'c:']);
  });

  it('leaves the sections untouched when nothing moves or an id is unknown', () => {
    const sections = board();
    expect(moveQuestion(sections, 'a2', 'a', 1)).toBe(sections);
    expect(moveQuestion(sections, 'nope', 'a', 0)).toBe(sections);
    expect(moveQuestion(sections, 'a1', 'nope', 0)).toBe(sections);
  });

  it('does not change the sections it was given', () => {
    const sections = board();
    moveQuestion(sections, 'a1', 'b', 0);
    expect(shape(sections)).toEqual(['a:a1,a2,a3', 'b:b1', 'c:']);
  });
});

describe('moving sections', () => {
  it('moves a section with its questions to where another section is', () => {
    expect(shape(moveSection(board(), 'c', 'a'))).toEqual(['c:', 'a:a1,a2,a3', 'b:b1']);
    expect(shape(moveSection(board(), 'a', 'b'))).toEqual(['b:b1', 'a:a1,a2,a3', 'c:']);
    expect(flattenSections(moveSection(board(), 'b', 'a')).map((i) => i.itemId)).toEqual([
      'b',
      'b1',
      'a',
      'a1',
      'a2',
      'a3',
      'c',
    ]);
  });

  it('leaves them when the ids are the same or unknown', () => {
    const sections = board();
    expect(moveSection(sections, 'a', 'a')).toBe(sections);
    expect(moveSection(sections, 'x', 'a')).toBe(sections);
  });
});

describe('editing items', () => {
  it('adds a numbered section and empty questions with fresh ids', () => {
    const make = ids();
    const sections = addQuestion(addSection(board(), make), 'id1', make);
    expect(shape(sections)).toEqual(['a:a1,a2,a3', 'b:b1', 'c:', 'id1:id2']);
    expect(sections[3].itemLabel).toBe('Section 4');
    expect(sections[3].questions[0].itemLabel).toBe('');
  });

  it('removes a question, or a section with its questions', () => {
    expect(shape(removeItem(board(), 'a2'))).toEqual(['a:a1,a3', 'b:b1', 'c:']);
    expect(shape(removeItem(board(), 'a'))).toEqual(['b:b1', 'c:']);
  });

  it('relabels a section or a question', () => {
    const sections = relabel(relabel(board(), 'b', 'Access control'), 'b1', 'Do you use SSO?');
    expect(sections[1].itemLabel).toBe('Access control');
    expect(sections[1].questions[0].itemLabel).toBe('Do you use SSO?');
  });

  it('finds the section of a question or of itself', () => {
    expect(sectionIdOf(board(), 'b1')).toBe('b');
    expect(sectionIdOf(board(), 'c')).toBe('c');
    expect(sectionIdOf(board(), 'zz')).toBeNull();
  });

  it('new ids are UUIDs, which the item id pattern accepts', () => {
    expect(newItemId()).toMatch(/^[A-Za-z0-9_=-]+$/);
  });
});

describe('a new quiz and unsaved changes', () => {
  it('starts with one section and one empty question', () => {
    const draft = blankDraft(ids());
    expect(draft).toEqual({
      quizName: '',
      quizDescription: '',
      sections: [{ itemId: 'id1', itemLabel: 'Section 1', questions: [{ itemId: 'id2', itemLabel: '' }] }],
    });
  });

  it('compares drafts by what they would save', () => {
    const a = { quizName: 'Vendor review', quizDescription: '', sections: board() };
    expect(sameDraft(a, { ...a, sections: board() })).toBe(true);
    expect(sameDraft(a, { ...a, quizName: 'Vendor review 2' })).toBe(false);
    expect(sameDraft(a, { ...a, sections: moveQuestion(board(), 'a1', 'b', 0) })).toBe(false);
  });
});

describe('validation before saving (the shared schema)', () => {
  const valid = () => ({
    quizName: 'Vendor review',
    quizDescription: '',
    sections: groupIntoSections([S('a', 'Security'), Q('a1', 'Do you encrypt data at rest?')]),
  });

  it('passes a named quiz whose items all have labels', () => {
    expect(validateDraft(valid())).toEqual({ items: {} });
  });

  it("asks for a name first: 'Please give the quiz a name'", () => {
    const problems = validateDraft({
      ...valid(),
      quizName: '   ',
      sections: relabel(valid().sections, 'a1', ''),
    });
    expect(problems.name).toBe(QUIZ_MESSAGES.nameRequired);
    expect(problems.first).toBe('Please give the quiz a name');
    expect(problems.items).toEqual({ a1: QUIZ_MESSAGES.questionRequired });
  });

  it('names each empty question and section', () => {
    const sections = relabel(relabel(valid().sections, 'a', ' '), 'a1', '');
    const problems = validateDraft({ ...valid(), sections });
    expect(problems.items).toEqual({ a: QUIZ_MESSAGES.sectionRequired, a1: QUIZ_MESSAGES.questionRequired });
    expect(problems.firstItemId).toBe('a');
    expect(problems.first).toBe(QUIZ_MESSAGES.sectionRequired);
  });
});
