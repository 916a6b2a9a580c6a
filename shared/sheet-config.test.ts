import { describe, expect, it } from 'vitest';
import type { ColumnClassification, ColumnType } from './schemas/source';
import { sheetConfigProblem } from './sheet-config';

const columns = (...types: ColumnType[]): ColumnClassification[] =>
  types.map((columnType, i) => ({ columnNumber: i + 1, columnType }));

describe('sheetConfigProblem', () => {
  it('accepts a question and an answer column, and anything on an excluded sheet', () => {
    expect(sheetConfigProblem(columns('REFERENCE_NUMBER', 'QUESTION', 'ANSWER', 'IGNORE'), true)).toBeNull();
    expect(sheetConfigProblem(columns('QUESTION', 'QUESTION', 'ANSWER'), true)).toBeNull();
    expect(sheetConfigProblem([], false)).toBeNull();
  });

  it('asks for a Question column, then an Answer column', () => {
    expect(sheetConfigProblem(columns('ANSWER'), true)).toBe('Please choose a column as Question');
    expect(sheetConfigProblem(columns('QUESTION', 'INFORMATION'), true)).toBe(
      'Please choose a column as Answer',
    );
  });

  it('allows only one of each single-use column', () => {
    expect(sheetConfigProblem(columns('QUESTION', 'ANSWER', 'ANSWER'), true)).toBe(
      'Please choose only one column as Answer',
    );
    expect(
      sheetConfigProblem(columns('QUESTION', 'ANSWER', 'COMPLIANCE_STATUS', 'COMPLIANCE_STATUS'), true),
    ).toBe('Please choose only one column as Compliance Status');
    expect(sheetConfigProblem(columns('SECTION', 'QUESTION', 'ANSWER', 'SECTION'), true)).toBe(
      'Please choose only one column as Section',
    );
  });

  it('takes "X"-mark columns as a group of two or more, instead of a Compliance Status column', () => {
    // Act / Assess
    expect(
      sheetConfigProblem(
        columns('QUESTION', 'COMPLIANCE_MARK', 'COMPLIANCE_MARK', 'COMPLIANCE_MARK', 'ANSWER'),
        true,
      ),
    ).toBeNull();
    expect(sheetConfigProblem(columns('QUESTION', 'COMPLIANCE_MARK', 'ANSWER'), true)).toBe(
      'Please choose at least two columns as Compliance Mark',
    );
    expect(
      sheetConfigProblem(
        columns('QUESTION', 'COMPLIANCE_MARK', 'COMPLIANCE_MARK', 'COMPLIANCE_STATUS', 'ANSWER'),
        true,
      ),
    ).toBe('Please choose either a Compliance Status column or Compliance Mark columns');
  });
});
