import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromRanges, toRanges } from './rows';

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
