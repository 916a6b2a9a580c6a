import type { SheetContent } from '@shared/schemas/source';
import { describe, expect, it } from 'vitest';
import { columnWidths, MAX_COLUMN_WIDTH, pickerWidth } from './column-widths';

/** A sheet: a title across the columns, a heading row, then `n` rows of reference and question. */
function sheet(n: number, options: { titleMerged?: boolean; storedWidths?: number[] } = {}): SheetContent {
  const title = 'Vendor Security Assessment Questionnaire — please answer every question below';
  const rows = [
    { rowNumber: 1, cells: [title, ''] },
    { rowNumber: 2, cells: ['Ref', 'Question'] },
    ...Array.from({ length: n }, (_, i) => ({
      rowNumber: i + 3,
      cells: [
        `A.${i + 1}`,
        `Do you encrypt customer data at rest and in transit on every system, number ${i + 1}?`,
      ],
    })),
  ];
  return {
    columns: (options.storedWidths ?? []).map((width, i) => ({ columnNumber: i + 1, width })),
    rows,
    merges: options.titleMerged === false ? [] : [{ fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 2 }],
  };
}

describe('sheet grid column widths', () => {
  it('keeps a column of short references narrow despite a long title in it', () => {
    // Act
    const merged = columnWidths(sheet(40), ['IGNORE', 'QUESTION']);
    const unmerged = columnWidths(sheet(40, { titleMerged: false }), ['IGNORE', 'QUESTION']);

    // Assess: the reference column is as narrow as allowed, the question column wide.
    expect(merged[0]).toBeLessThanOrEqual(120);
    expect(unmerged[0]).toBeLessThanOrEqual(120);
    expect(merged[1]).toBeGreaterThan(300);
  });

  it('does not draw a column wider than the file has it, nor wider than the grid allows', () => {
    // Act
    const widths = columnWidths(sheet(40, { storedWidths: [40, 200] }), ['IGNORE', 'QUESTION']);

    // Assess: 40 characters in Excel is wider than the references need; the question is capped.
    expect(widths[0]).toBeLessThanOrEqual(120);
    expect(widths[1]).toBe(MAX_COLUMN_WIDTH);
  });

  it('is always wide enough for the name of the column type in its picker', () => {
    // Act
    const widths = columnWidths(sheet(40), ['COMPLIANCE_STATUS', 'QUESTION']);
    const reference = columnWidths(sheet(40), ['REFERENCE_NUMBER', 'QUESTION']);

    // Assess: "Compliance Status" (17 characters) at about 7.4 px each, plus the dot and chevron.
    expect(pickerWidth('COMPLIANCE_STATUS')).toBeGreaterThanOrEqual(17 * 7 + 60);
    expect(widths[0]).toBe(pickerWidth('COMPLIANCE_STATUS'));
    expect(reference[0]).toBe(pickerWidth('REFERENCE_NUMBER'));
  });
});
