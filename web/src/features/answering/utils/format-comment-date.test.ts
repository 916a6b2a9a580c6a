import { describe, expect, it } from 'vitest';
import { formatCommentDate } from './format-comment-date';

/** A local-time ISO string, so the tests hold in any time zone. */
const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).toISOString();

describe('formatCommentDate', () => {
  it.each([
    [local(2026, 11, 23), 'Monday, 23rd November 2026'],
    [local(2026, 11, 1), 'Sunday, 1st November 2026'],
    [local(2026, 11, 2), 'Monday, 2nd November 2026'],
    [local(2026, 11, 11), 'Wednesday, 11th November 2026'],
    [local(2026, 11, 12), 'Thursday, 12th November 2026'],
    [local(2026, 11, 13), 'Friday, 13th November 2026'],
    [local(2026, 11, 21), 'Saturday, 21st November 2026'],
    [local(2026, 11, 22), 'Sunday, 22nd November 2026'],
    [local(2027, 1, 30), 'Saturday, 30th January 2027'],
    [local(2026, 12, 31), 'Thursday, 31st December 2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatCommentDate(iso)).toBe(expected);
  });

  it('is empty for an unreadable date', () => {
    expect(formatCommentDate('')).toBe('');
    expect(formatCommentDate('not a date')).toBe('');
  });
});
