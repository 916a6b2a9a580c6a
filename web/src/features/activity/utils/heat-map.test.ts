import { describe, expect, it } from 'vitest';
import {
  activityLevel,
  cellShade,
  contributionsLabel,
  fillDays,
  formatDay,
  monthLabels,
  toWeeks,
  weekday,
} from './heat-map';

describe('activityLevel', () => {
  it.each([
    [0, 0],
    [1, 0],
    [3, 0],
    [4, 1],
    [7, 1],
    [8, 2],
    [11, 2],
    [12, 3],
    [15, 3],
    [16, 4],
    [500, 4],
  ])('%i contributions are level %i', (count, level) => {
    expect(activityLevel(count)).toBe(level);
  });

  it('tells a day with a few contributions from an empty one', () => {
    expect(cellShade(0)).toBe('none');
    expect(cellShade(2)).toBe(0);
    expect(cellShade(9)).toBe(2);
  });
});

describe('fillDays', () => {
  it('gives exactly 90 days ending today, zero where the server sent nothing', () => {
    const days = fillDays(
      [
        { date: '2026-11-21', count: 3 },
        { date: '2026-10-01', count: 12 },
        { date: '2026-10-01', count: 5 },
        { date: '2026-01-01', count: 9 }, // outside the window
      ],
      '2026-11-21',
    );
    expect(days).toHaveLength(90);
    expect(days[0].date).toBe('2026-08-24');
    expect(days[89]).toEqual({ date: '2026-11-21', count: 3, level: 0 });
    expect(days.find((d) => d.date === '2026-10-01')).toEqual({ date: '2026-10-01', count: 17, level: 4 });
    expect(days.filter((d) => d.count > 0)).toHaveLength(2);
    expect(new Set(days.map((d) => d.date)).size).toBe(90);
  });

  it('crosses month, year and daylight-saving boundaries one day at a time', () => {
    const days = fillDays([], '2027-01-02', 5);
    expect(days.map((d) => d.date)).toEqual([
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
    ]);
  });
});

describe('toWeeks', () => {
  it('makes Sunday-to-Saturday columns padded at both ends', () => {
    // 2026-11-21 is a Saturday; 90 days back is Monday 2026-08-24.
    const weeks = toWeeks(fillDays([], '2026-11-21'));
    expect(weekday('2026-08-24')).toBe(1);
    expect(weeks).toHaveLength(13);
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks[0][0]).toBeNull();
    expect(weeks[0][1]?.date).toBe('2026-08-24');
    expect(weeks[12][6]?.date).toBe('2026-11-21');
    expect(weeks.flat().filter(Boolean)).toHaveLength(90);

    const midWeek = toWeeks(fillDays([], '2026-11-18'));
    expect(midWeek[midWeek.length - 1].slice(4)).toEqual([null, null, null]);
  });

  it('labels the column in which a month begins', () => {
    const labels = monthLabels(toWeeks(fillDays([], '2026-11-21')));
    // The first column (Aug 24–29) is followed by one that begins September: no 'Aug' to overlap it.
    expect(labels).toEqual([null, 'Sep', null, null, null, 'Oct', null, null, null, null, 'Nov', null, null]);
  });
});

describe('tooltip text', () => {
  it('gives the contributions for the day', () => {
    expect(formatDay('2026-11-21')).toBe('21 Nov 2026');
    expect(contributionsLabel({ date: '2026-11-21', count: 3 })).toBe('3 contributions on 21 Nov 2026');
    expect(contributionsLabel({ date: '2026-03-05', count: 1 })).toBe('1 contribution on 5 Mar 2026');
    expect(contributionsLabel({ date: '2026-03-05', count: 0 })).toBe('0 contributions on 5 Mar 2026');
  });
});

describe('month labels', () => {
  it('leaves the first column unlabelled when the next one starts a month', () => {
    const labels = monthLabels(toWeeks(fillDays([], '2026-10-06')));
    // 90 days to 2026-10-06 start on Thu 2026-07-09; the next column (Jul 12–18) begins no month.
    expect(labels[0]).toBe('Jul');
    const tight = monthLabels(toWeeks(fillDays([], '2026-11-28')));
    // Starts Mon 2026-08-31: the first column (Aug 30–Sep 5) begins September.
    expect(tight[0]).toBe('Sep');
    expect(tight.filter(Boolean)).toEqual(['Sep', 'Oct', 'Nov']);
  });
});
