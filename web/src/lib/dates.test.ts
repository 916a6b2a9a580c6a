import { describe, expect, it } from 'vitest';
import {
  daysFromToday,
  formatAddedDate,
  formatCalendarDate,
  formatLastSeen,
  formatLongDate,
  fullDateTime,
  ordinal,
  relativeTime,
} from './dates';

describe('relativeTime', () => {
  const NOW = Date.parse('2026-11-21T12:00:00Z');
  const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

  it.each([
    [10, 'just now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86_400, '3 days ago'],
    [14 * 86_400, '2 weeks ago'],
    [65 * 86_400, '2 months ago'],
    [400 * 86_400, 'last year'],
  ])('%s s ago is "%s"', (seconds, text) => {
    expect(relativeTime(ago(seconds), NOW)).toBe(text);
  });

  it('is empty for a date it cannot read', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('fullDateTime', () => {
  it('writes the local day as the rest of the product does, then the time; empty when unreadable', () => {
    // Prepare: moments in local time (morning, afternoon, midnight, noon).
    const at = (h: number, m: number, s = 0) => new Date(2026, 10, 27, h, m, s).toISOString();

    // Act / Assess
    expect(fullDateTime(at(7, 7, 19))).toBe('27th November 2026, 7:07 AM');
    expect(fullDateTime(at(19, 30))).toBe('27th November 2026, 7:30 PM');
    expect(fullDateTime(at(0, 5))).toBe('27th November 2026, 12:05 AM');
    expect(fullDateTime(at(12, 0))).toBe('27th November 2026, 12:00 PM');
    expect(fullDateTime(at(7, 7))).not.toMatch(/\d+\/\d+\/\d{4}/);
    expect(fullDateTime('not a date')).toBe('');
    expect(fullDateTime('')).toBe('');
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [30, '30th'],
    [31, '31st'],
  ])('%i → %s', (day, expected) => expect(ordinal(day)).toBe(expected));
});

describe('formatAddedDate', () => {
  it('writes day-ordinal month year in local time', () => {
    expect(formatAddedDate(new Date(2026, 10, 21, 12).toISOString())).toBe('21st November 2026');
    expect(formatAddedDate(new Date(2025, 0, 2, 9).toISOString())).toBe('2nd January 2025');
  });

  it('is empty for a missing or broken date', () => {
    expect(formatAddedDate(null)).toBe('');
    expect(formatAddedDate('not a date')).toBe('');
  });
});

describe('formatLastSeen', () => {
  const now = Date.parse('2026-06-15T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it.each([
    [null, 'Never'],
    ['', 'Never'],
    [ago(10_000), 'a few seconds ago'],
    [ago(-5_000), 'a few seconds ago'],
    [ago(60_000), 'a minute ago'],
    [ago(5 * MIN), '5 minutes ago'],
    [ago(44 * MIN), '44 minutes ago'],
    [ago(60 * MIN), 'an hour ago'],
    [ago(3 * HOUR), '3 hours ago'],
    [ago(26 * HOUR), 'a day ago'],
    [ago(2 * DAY), '2 days ago'],
    [ago(30 * DAY), 'a month ago'],
    [ago(95 * DAY), '3 months ago'],
    [ago(400 * DAY), 'a year ago'],
    [ago(800 * DAY), '2 years ago'],
  ])('%s → %s', (iso, expected) => expect(formatLastSeen(iso, now)).toBe(expected));
});

describe('daysFromToday', () => {
  // Local noon, so the tests hold in every time zone.
  const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();

  it.each([
    ['2026-11-21', 0],
    ['2026-11-22', 1],
    ['2026-11-20', -1],
    ['2026-12-01', 10],
    ['2025-11-21', -365],
    ['2027-01-01', 41],
  ])('%s is %s days from 21 November 2026', (date, days) => {
    expect(daysFromToday(date, NOW)).toBe(days);
  });

  it('counts calendar days, whatever the time of day', () => {
    expect(daysFromToday('2026-11-22', new Date(2026, 10, 21, 23, 59, 59).getTime())).toBe(1);
    expect(daysFromToday('2026-11-21', new Date(2026, 10, 21, 0, 0, 1).getTime())).toBe(0);
  });

  it('is null for a date it cannot read', () => {
    for (const date of ['', 'soon', '2026-11-21T00:00:00Z', '2026-02-30', '2026-13-01', '21/11/2026']) {
      expect(daysFromToday(date, NOW)).toBeNull();
    }
  });
});

describe('formatCalendarDate', () => {
  it('is day-ordinal month year, whatever the time zone', () => {
    expect(formatCalendarDate('2026-11-21')).toBe('21st November 2026');
    expect(formatCalendarDate('2027-01-02')).toBe('2nd January 2027');
    expect(formatCalendarDate('2026-02-30')).toBe('');
  });
});

/** A local-time ISO string, so the tests hold in any time zone. */
const localNoon = (y: number, m: number, d: number) => new Date(y, m - 1, d, 12).toISOString();

describe('formatLongDate (comment dates, spec 002 §2.1)', () => {
  it.each([
    [localNoon(2026, 11, 23), 'Monday, 23rd November 2026'],
    [localNoon(2026, 11, 1), 'Sunday, 1st November 2026'],
    [localNoon(2026, 11, 2), 'Monday, 2nd November 2026'],
    [localNoon(2026, 11, 11), 'Wednesday, 11th November 2026'],
    [localNoon(2026, 11, 12), 'Thursday, 12th November 2026'],
    [localNoon(2026, 11, 13), 'Friday, 13th November 2026'],
    [localNoon(2026, 11, 21), 'Saturday, 21st November 2026'],
    [localNoon(2026, 11, 22), 'Sunday, 22nd November 2026'],
    [localNoon(2027, 1, 30), 'Saturday, 30th January 2027'],
    [localNoon(2026, 12, 31), 'Thursday, 31st December 2026'],
  ])('%s → %s', (iso, expected) => {
    expect(formatLongDate(iso)).toBe(expected);
  });

  it('is empty for an unreadable date', () => {
    expect(formatLongDate('')).toBe('');
    expect(formatLongDate('not a date')).toBe('');
  });
});
