import { describe, expect, it } from 'vitest';
import { burndown, dayLabel, MAX_BETWEEN_LABELS, tickDays, yAxisTicks } from './burndown';

const base = {
  created: '2026-03-01',
  due: '2026-03-15',
  today: '2026-03-05',
  completionProgress: [
    { day: '2026-03-01', remainingQuestions: 10 },
    { day: '2026-03-02', remainingQuestions: 8 },
    { day: '2026-03-04', remainingQuestions: 5 },
  ],
  minimumProgress: [
    { day: '2026-03-01', remainingQuestions: 10 },
    { day: '2026-03-15', remainingQuestions: 0 },
  ],
};

describe('burndown', () => {
  it('runs from creation to the due date, the remaining line up to today only, carrying a missing day over', () => {
    const { rows } = burndown(base);
    expect(rows[0].day).toBe('2026-03-01');
    expect(rows.at(-1)?.day).toBe('2026-03-15');
    expect(rows).toHaveLength(15);
    expect(rows.slice(0, 6).map((r) => r.remaining)).toEqual([10, 8, 8, 5, 5, null]);
    expect(rows[0].target).toBe(10);
    expect(rows[1].target).toBeNull();
    expect(rows[14].target).toBe(0);
  });

  it('runs on to today when the project is overdue', () => {
    const { rows } = burndown({ ...base, today: '2026-03-20' });
    expect(rows.at(-1)?.day).toBe('2026-03-20');
    expect(rows.at(-1)?.remaining).toBe(5);
  });

  it('labels Created, Today and Due Date, dates otherwise', () => {
    const days = { created: base.created, today: base.today, due: base.due };
    expect(dayLabel('2026-03-01', days)).toBe('Created');
    expect(dayLabel('2026-03-05', days)).toBe('Today');
    expect(dayLabel('2026-03-15', days)).toBe('Due Date');
    expect(dayLabel('2026-03-09', days)).toBe('9 Mar');
    // A project created today reads Today on its first day.
    expect(dayLabel('2026-03-05', { ...days, created: '2026-03-05' })).toBe('Today');
  });
});

describe('tickDays', () => {
  const long = burndown({ ...base, created: '2025-01-01', minimumProgress: [], completionProgress: [] });

  it('always keeps Created, Today and Due Date and never more than 21 dates between', () => {
    const ticks = tickDays(long.rows, long, 100);
    expect(ticks).toContain('2025-01-01');
    expect(ticks).toContain('2026-03-05');
    expect(ticks).toContain('2026-03-15');
    expect(ticks.length).toBeLessThanOrEqual(MAX_BETWEEN_LABELS + 3);
    expect(ticks.length).toBeGreaterThan(15);
    expect([...ticks].sort()).toEqual(ticks);
  });

  it('fits a narrow chart: only the three special days when there is room for no more', () => {
    expect(tickDays(long.rows, long, 3)).toEqual(['2025-01-01', '2026-03-05', '2026-03-15']);
    expect(tickDays(long.rows, long, 6).length).toBeLessThanOrEqual(6);
  });

  it('labels every day of a short project when there is room', () => {
    const short = burndown({ ...base, due: '2026-03-07' });
    expect(tickDays(short.rows, short, 30)).toEqual(short.rows.map((r) => r.day));
  });
});

describe('yAxisTicks', () => {
  it('uses round whole steps from zero to at least the largest value, six ticks at most', () => {
    expect(yAxisTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(yAxisTicks(12)).toEqual([0, 3, 6, 9, 12]);
    expect(yAxisTicks(120)).toEqual([0, 30, 60, 90, 120]);
    expect(yAxisTicks(0)).toEqual([0, 1]);
    for (const max of [1, 7, 13, 99, 101, 4999, 5000]) {
      const ticks = yAxisTicks(max);
      expect(ticks.length).toBeLessThanOrEqual(6);
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max);
    }
  });
});

describe('tick spacing', () => {
  it('keeps other dates at least one step away from Created, Today and Due Date', () => {
    const chart = burndown({ ...base, created: '2026-01-01', due: '2026-03-20', today: '2026-03-18' });
    const ticks = tickDays(chart.rows, chart, 10);
    const index = (day: string) => chart.rows.findIndex((r) => r.day === day);
    const special = [chart.created, chart.today, chart.due].map(index);
    const others = ticks.filter((t) => !special.includes(index(t)));
    for (const t of others) for (const s of special) expect(Math.abs(index(t) - s)).toBeGreaterThan(2);
  });
});
