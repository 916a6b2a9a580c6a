import { describe, expect, it } from 'vitest';
import { daysBetween } from './calendar';
import { contributionsLabel, heatLevel, heatMapData, heatMapRange, MAX_HEAT_MAP_DAYS } from './heat-map';

describe('heatLevel', () => {
  it('has five levels: none, then quarters of the busiest day', () => {
    expect(heatLevel(0, 8)).toBe(0);
    expect(heatLevel(1, 8)).toBe(1);
    expect(heatLevel(2, 8)).toBe(1);
    expect(heatLevel(3, 8)).toBe(2);
    expect(heatLevel(6, 8)).toBe(3);
    expect(heatLevel(8, 8)).toBe(4);
    expect(heatLevel(1, 1000)).toBe(1);
  });
});

describe('heatMapRange', () => {
  it('ends one month after the due date when that is later than two months after the last activity', () => {
    const range = heatMapRange({
      created: '2026-01-10',
      due: '2026-05-20',
      today: '2026-01-20',
      activity: [{ day: '2026-01-15', totalActionsCount: 3 }],
    });
    expect(range).toEqual({ start: '2026-01-10', end: '2026-06-20' });
  });

  it('ends two months after the last activity when that is later', () => {
    const range = heatMapRange({
      created: '2026-01-10',
      due: '2026-01-24',
      today: '2026-04-01',
      activity: [
        { day: '2026-03-31', totalActionsCount: 2 },
        { day: '2026-04-01', totalActionsCount: 0 },
      ],
    });
    expect(range).toEqual({ start: '2026-01-10', end: '2026-05-31' });
  });

  it('shows about the most recent year of an old project', () => {
    const range = heatMapRange({
      created: '2023-01-01',
      due: '2023-02-01',
      today: '2026-04-01',
      activity: [{ day: '2026-03-01', totalActionsCount: 1 }],
    });
    expect(range.end).toBe('2026-05-01');
    expect(daysBetween(range.start, range.end)).toBe(MAX_HEAT_MAP_DAYS);
  });
});

describe('heatMapData', () => {
  it('levels every day up to today, none after, and counts for the tooltips', () => {
    const data = heatMapData(
      [
        { day: '2026-01-02', totalActionsCount: 4 },
        { day: '2026-01-03', totalActionsCount: 1 },
      ],
      { start: '2026-01-01', end: '2026-03-01' },
      '2026-01-04',
    );
    expect(data.levels).toEqual({ '2026-01-01': 0, '2026-01-02': 4, '2026-01-03': 1, '2026-01-04': 0 });
    expect(data.total).toBe(5);
    expect(contributionsLabel('2026-01-02', data.counts['2026-01-02'])).toBe('4 contributions on 2 Jan 2026');
    expect(contributionsLabel('2026-01-03', 1)).toBe('1 contribution on 3 Jan 2026');
  });
});
