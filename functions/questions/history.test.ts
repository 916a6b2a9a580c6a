/** Answer history: which changes become entries, what they say, and what a restore brings back. */
import { describe, expect, it } from 'vitest';
import type { QuestionItem } from '../common/entities';
import { changeDescription } from './descriptions';
import { fieldChanges, historyEntryOf, valuesAsOf } from './history';

const question = (over: Partial<QuestionItem> = {}): QuestionItem => ({
  teamId: 't1',
  projectId: 'p1',
  questionId: 'q1',
  question: 'Do you encrypt data at rest?',
  answer: '',
  responseStatus: 'INCOMPLETE',
  responseClassification: 'INCOMPLETE',
  includeInLibrary: false,
  creationType: 'MANUAL',
  isLinked: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  createdByUserId: 'A',
  updatedByUserId: 'A',
  version: 1,
  ...over,
});

describe('history entries', () => {
  it('records only the history fields that changed, empty values absent', () => {
    // Prepare
    const before = question({ assignedToUserId: 'B' });
    const after = question({ answer: 'Yes.', responseStatus: 'IN-PROGRESS', version: 2 });
    // Act
    const changes = fieldChanges(before, after);
    // Assess
    expect(changes).toEqual([
      { field: 'answer', after: 'Yes.' },
      { field: 'responseStatus', before: 'INCOMPLETE', after: 'IN-PROGRESS' },
      { field: 'assignedToUserId', before: 'B' },
    ]);
  });

  it('writes one entry per change with an id derived from it, and none for a change of nothing followed', () => {
    // Prepare
    const before = question();
    const after = question({
      responseClassification: 'COMPLIANT',
      version: 2,
      updatedAt: '2026-01-02T00:00:00.000Z',
    });
    // Act
    const entry = historyEntryOf(before, after);
    const again = historyEntryOf(before, after);
    const textOnly = historyEntryOf(before, question({ question: 'Reworded?', version: 2 }));
    // Assess
    expect(entry).toMatchObject({
      kind: 'CHANGE',
      version: 2,
      createdByUserId: 'A',
      activityDescription: '{user:A} classified this question as Compliant',
    });
    expect(entry?.activityId).toMatch(/-v2$/);
    expect(again?.activityId).toBe(entry?.activityId);
    expect(textOnly).toBeNull();
  });

  it('records creations, deletes and unlinks, and nothing for a question already gone', () => {
    // Act
    const added = historyEntryOf(undefined, question());
    const deleted = historyEntryOf(question(), question({ deletedAt: '2026-01-03', version: 2 }));
    const unlinked = historyEntryOf(
      question({ creationType: 'IMPORTED' }),
      question({ creationType: 'IMPORTED', isLinked: false, version: 2 }),
    );
    const gone = historyEntryOf(question({ deletedAt: 'x' }), question({ deletedAt: 'x', answer: 'late' }));
    const blankImport = historyEntryOf(undefined, question({ creationType: 'IMPORTED' }));
    const answeredImport = historyEntryOf(undefined, question({ creationType: 'IMPORTED', answer: 'Yes.' }));
    // Assess
    expect(added).toMatchObject({ activityDescription: '{user:A} added this question', changes: [] });
    expect(deleted?.activityDescription).toBe('{user:A} deleted this question');
    expect(unlinked?.activityDescription).toBe('{user:A} marked this as not a question');
    expect(gone).toBeNull();
    expect(blankImport).toBeNull();
    expect(answeredImport?.changes).toEqual([{ field: 'answer', after: 'Yes.' }]);
  });
});

describe('descriptions', () => {
  it.each([
    [[{ field: 'answer', before: 'a', after: 'b' }], '{user:A} changed the answer'],
    [
      [
        { field: 'answer', after: 'b' },
        { field: 'responseStatus', before: 'INCOMPLETE', after: 'IN-PROGRESS' },
      ],
      '{user:A} answered this question',
    ],
    [[{ field: 'assignedToUserId', after: 'B' }], '{user:A} assigned this question to {user:B}'],
    [[{ field: 'assignedToUserId', before: 'B' }], '{user:A} unassigned this question'],
    [
      [{ field: 'responseStatus', before: 'IN-PROGRESS', after: 'COMPLETE' }],
      '{user:A} marked this question Complete',
    ],
    [
      [
        { field: 'answer', before: 'a' },
        { field: 'responseClassification', before: 'COMPLIANT', after: 'INCOMPLETE' },
        { field: 'includeInLibrary', before: true, after: false },
        { field: 'responseStatus', before: 'IN-PROGRESS', after: 'INCOMPLETE' },
      ],
      '{user:A} cleared the response',
    ],
    [
      [
        { field: 'answer', before: 'a', after: 'b' },
        { field: 'responseClassification', before: 'INCOMPLETE', after: 'PARTIALLY-COMPLIANT' },
        { field: 'includeInLibrary', before: false, after: true },
      ],
      '{user:A} changed the answer, classified this question as Partially Compliant and included the answer in the library',
    ],
  ] as const)('%j', (changes, text) => {
    expect(changeDescription({ userId: 'A', changes: [...changes] })).toBe(text);
  });
});

describe('values as of an entry', () => {
  const entries = [
    { changes: [] },
    { changes: [{ field: 'answer', after: 'First' }] },
    { changes: [{ field: 'responseClassification', before: 'INCOMPLETE', after: 'COMPLIANT' }] },
    { changes: [{ field: 'answer', before: 'First', after: 'Second' }] },
    {
      changes: [
        { field: 'answer', before: 'Second' },
        { field: 'includeInLibrary', before: true, after: false },
      ],
    },
  ];

  it('takes each field’s latest value at or before the entry', () => {
    expect(valuesAsOf(entries, 2)).toEqual({
      answer: 'First',
      responseClassification: 'COMPLIANT',
      includeInLibrary: true,
    });
    expect(valuesAsOf(entries, 4)).toEqual({
      answer: '',
      responseClassification: 'COMPLIANT',
      includeInLibrary: false,
    });
  });

  it('falls back to the value before a later change, and leaves out what history never saw', () => {
    expect(valuesAsOf(entries, 0)).toEqual({
      answer: '',
      responseClassification: 'INCOMPLETE',
      includeInLibrary: true,
    });
    expect(valuesAsOf([{ changes: [] }], 0)).toEqual({});
  });
});
