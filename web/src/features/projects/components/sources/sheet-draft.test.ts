import type { SheetContent, SheetDetail } from '@shared/schemas/source';
import { describe, expect, it } from 'vitest';
import {
  changeSummary,
  columnLetter,
  configureRequest,
  draftProblem,
  initialDraft,
  isDirty,
  mergesByRow,
  questionRowCount,
  storedDraft,
  withAllRows,
  withColumnType,
  withNoRows,
  withRowsToggled,
} from './sheet-draft';

const content: SheetContent = {
  columns: [{ columnNumber: 1 }, { columnNumber: 2 }, { columnNumber: 3 }],
  rows: [
    { rowNumber: 1, cells: ['Vendor security questionnaire', '', ''] },
    { rowNumber: 2, cells: ['Ref', 'Question', 'Answer'] },
    { rowNumber: 3, cells: ['1.1', 'Do you encrypt data at rest?', ''] },
    { rowNumber: 4, cells: ['', '', ''] },
    { rowNumber: 5, cells: ['1.2', 'Do you run background checks?', 'Yes'] },
  ],
  merges: [{ fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 3 }],
};

const detail = (overrides: Partial<SheetDetail> = {}): SheetDetail => ({
  sheetId: 's1',
  sheetName: 'Controls',
  sheetIndex: 0,
  hidden: false,
  columnCount: 3,
  rowCount: 5,
  isLinked: false,
  columnClassifications: [],
  configured: false,
  questionCount: 0,
  applying: false,
  version: 1,
  rowInclusion: [],
  suggestion: {
    headerRow: 2,
    columnClassifications: [
      { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
      { columnNumber: 2, columnType: 'QUESTION' },
      { columnNumber: 3, columnType: 'ANSWER' },
    ],
    questionRows: [3, 5],
  },
  contentUrl: 'https://store.example/sheet.json',
  ...overrides,
});

describe('columnLetter', () => {
  it('names columns as Excel does', () => {
    expect([1, 2, 26, 27, 52, 53, 702, 703, 16_384].map(columnLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });
});

describe('the starting draft', () => {
  it('starts a never-saved sheet from the detected layout, included, and counts it as unsaved', () => {
    const sheet = detail();
    const draft = initialDraft(sheet);
    expect(draft.isLinked).toBe(true);
    expect([...draft.columns]).toEqual([
      [1, 'REFERENCE_NUMBER'],
      [2, 'QUESTION'],
      [3, 'ANSWER'],
    ]);
    expect([...draft.rows]).toEqual([3, 5]);
    expect(isDirty(draft, sheet)).toBe(true);
    expect(changeSummary(draft, sheet)).toBe('Detected layout, not saved yet');
  });

  it('leaves a sheet without detected questions (an instructions sheet) out', () => {
    const sheet = detail({ suggestion: { headerRow: null, columnClassifications: [], questionRows: [] } });
    expect(initialDraft(sheet).isLinked).toBe(false);
  });

  it('starts a saved sheet from what is stored, with no unsaved changes until something changes', () => {
    const sheet = detail({
      configured: true,
      isLinked: true,
      columnClassifications: [
        { columnNumber: 1, columnType: 'IGNORE' },
        { columnNumber: 2, columnType: 'QUESTION' },
        { columnNumber: 3, columnType: 'ANSWER' },
      ],
      rowInclusion: [
        { rowNumber: 3, isLinked: true },
        { rowNumber: 4, isLinked: false },
      ],
    });
    const draft = initialDraft(sheet);
    expect([...draft.rows]).toEqual([3]);
    expect(isDirty(draft, sheet)).toBe(false);
    expect(changeSummary(draft, sheet)).toBe('');

    const edited = withRowsToggled(withColumnType(draft, 1, 'SECTION'), 5, true);
    expect(isDirty(edited, sheet)).toBe(true);
    expect(changeSummary(edited, sheet)).toBe('Unsaved changes: 1 column, 1 row');
    // Undoing the change by hand is not a change.
    const undone = withRowsToggled(withColumnType(edited, 1, 'IGNORE'), 5, false);
    expect(isDirty(undone, sheet)).toBe(false);
    expect(storedDraft(sheet).rows.has(3)).toBe(true);
  });
});

describe('validation (spec 001 §5)', () => {
  it('shows the exact message of the first broken rule, and none for a sheet left out', () => {
    const draft = initialDraft(detail());
    expect(draftProblem(draft)).toBeNull();
    expect(draftProblem(withColumnType(draft, 1, 'ANSWER'))).toBe('Please choose only one column as Answer');
    expect(draftProblem(withColumnType(draft, 2, 'IGNORE'))).toBe('Please choose a column as Question');
    expect(draftProblem(withColumnType(draft, 3, 'INFORMATION'))).toBe('Please choose a column as Answer');
    expect(draftProblem({ ...withColumnType(draft, 3, 'IGNORE'), isLinked: false })).toBeNull();
  });
});

describe('row selection', () => {
  it('toggles one row, or the range from the anchor on shift-click, in either direction', () => {
    const draft = withNoRows(initialDraft(detail()));
    const one = withRowsToggled(draft, 4, true);
    expect([...one.rows]).toEqual([4]);
    const down = withRowsToggled(one, 9, true, 4);
    expect([...down.rows].sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8, 9]);
    const up = withRowsToggled(down, 5, false, 8);
    expect([...up.rows].sort((a, b) => a - b)).toEqual([4, 9]);
    // The original is untouched (drafts are values).
    expect(draft.rows.size).toBe(0);
  });

  it('Include all takes the rows under the header with a question, Exclude all none', () => {
    const draft = withNoRows(initialDraft(detail()));
    expect([...withAllRows(draft, content, 2).rows]).toEqual([3, 5]);
    // Without a Question column, any row with text below the header.
    const noQuestion = withColumnType(draft, 2, 'IGNORE');
    expect([...withAllRows(noQuestion, content, 2).rows]).toEqual([3, 5]);
    expect([...withAllRows(noQuestion, content, null).rows]).toEqual([1, 2, 3, 5]);
    expect(withNoRows(withAllRows(draft, content, 2)).rows.size).toBe(0);
  });

  it('counts only included rows that hold a question, and none when the sheet is left out', () => {
    const draft = withRowsToggled(initialDraft(detail()), 4, true);
    expect(questionRowCount(draft, content)).toBe(2);
    expect(questionRowCount({ ...draft, isLinked: false }, content)).toBe(0);
  });
});

describe('the configure request', () => {
  it('names every column and gives every row an explicit state, with the edited version', () => {
    const sheet = detail({ version: 4, rowInclusion: [{ rowNumber: 9, isLinked: true }] });
    const body = configureRequest(initialDraft(sheet), sheet, content);
    expect(body.columnClassifications).toEqual([
      { columnNumber: 1, columnType: 'REFERENCE_NUMBER' },
      { columnNumber: 2, columnType: 'QUESTION' },
      { columnNumber: 3, columnType: 'ANSWER' },
    ]);
    expect(body.rowInclusion).toEqual([
      { rowNumber: 1, isLinked: false },
      { rowNumber: 2, isLinked: false },
      { rowNumber: 3, isLinked: true },
      { rowNumber: 4, isLinked: false },
      { rowNumber: 5, isLinked: true },
      { rowNumber: 9, isLinked: false },
    ]);
    expect(body).toMatchObject({ isLinked: true, version: 4 });
  });
});

describe('merged cells', () => {
  it('lists, per row, the ranges it is part of and whether it holds their text', () => {
    const byRow = mergesByRow([{ fromRow: 2, fromColumn: 1, toRow: 3, toColumn: 2 }]);
    expect(byRow.get(1)).toBeUndefined();
    expect(byRow.get(2)).toEqual([{ fromColumn: 1, toColumn: 2, first: true, last: false }]);
    expect(byRow.get(3)).toEqual([{ fromColumn: 1, toColumn: 2, first: false, last: true }]);
  });
});
