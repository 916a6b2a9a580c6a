import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRanges, shownText, toRanges } from './rows';

describe('row ranges', () => {
  it('writes runs compactly', () => {
    expect(toRanges([5, 3, 4, 10, 12, 11, 20])).toBe('3-5,10-12,20');
    expect(toRanges([])).toBe('');
    expect(fromRanges('3-5,10-12,20')).toEqual([3, 4, 5, 10, 11, 12, 20]);
  });

  it('gives back every row set, sorted and without duplicates (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5000 }), { maxLength: 300 }), (rows) => {
        expect(fromRanges(toRanges(rows))).toEqual([...new Set(rows)].sort((a, b) => a - b));
      }),
    );
  });
});

describe('a cell as Excel shows it', () => {
  // Rows 5–10 of a sheet whose Section column (B) is merged down B6:B10, and a title merged A1:C1.
  const rows = new Map<number, string[]>([
    [1, ['Vendor security assessment']],
    [5, ['Ref', 'Section', 'Question']],
    [6, ['1.1', 'Access Control', 'Do you enforce MFA?']],
    [7, ['1.2', '', 'Are accounts reviewed quarterly?']],
    [10, ['1.5', '', 'Are leavers removed within a day?']],
    [11, ['2.1', 'Encryption', 'Is data encrypted at rest?']],
  ]);
  const merges = [
    { fromRow: 6, fromColumn: 2, toRow: 10, toColumn: 2 },
    { fromRow: 1, fromColumn: 1, toRow: 1, toColumn: 3 },
  ];
  const shown = (row: number, column: number) => shownText(merges, (r) => rows.get(r), row, column);

  it("gives every cell of a merge the range's top-left text, and others their own", () => {
    expect([6, 7, 8, 10].map((row) => shown(row, 2))).toEqual(Array(4).fill('Access Control'));
    expect(shown(11, 2)).toBe('Encryption');
    expect(shown(7, 3)).toBe('Are accounts reviewed quarterly?');
    expect(shown(1, 3)).toBe('Vendor security assessment');
    expect(shown(12, 2)).toBe('');
  });
});
