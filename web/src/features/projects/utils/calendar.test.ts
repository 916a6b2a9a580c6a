import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayNumber, eachDay, toDay } from './calendar';

describe('calendar days', () => {
  it('adds months, clamping to the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });

  it('counts days across a year end and rejects impossible dates', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(eachDay('2026-12-30', '2027-01-02')).toEqual([
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
    expect(eachDay('2026-01-02', '2026-01-01')).toEqual([]);
    expect(dayNumber('2026-02-30')).toBeNull();
    expect(toDay('2026-02-30')).toBeNull();
    expect(toDay('not a date')).toBeNull();
    expect(toDay('2026-02-03')).toBe('2026-02-03');
  });
});
