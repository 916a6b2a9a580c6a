import { describe, expect, it } from 'vitest';
import { calendarDayFromToday, defaultDueDate, dueStatus, listStatus, projectPill } from './due-status';

// 21 November 2026, local noon: the same calendar day in every time zone.
const NOW = new Date(2026, 10, 21, 12, 0, 0).getTime();

describe('dueStatus', () => {
  it.each([
    ['2026-11-19', 'overdue', '2 days late', 'red'],
    ['2026-11-20', 'overdue', '1 day late', 'red'],
    ['2026-11-21', 'today', 'Due Today', 'orange'],
    ['2026-11-22', 'upcoming', '1 day to go', undefined],
    ['2026-12-05', 'upcoming', '14 days to go', undefined],
    ['not a date', 'unknown', '', undefined],
  ])('%s is %s: "%s" in %s', (dueOn, state, label, color) => {
    expect(dueStatus(dueOn, NOW)).toEqual({ state, label, color });
  });
});

describe('projectPill', () => {
  it.each([
    ['HIGH', '2026-12-05', 'High Priority'],
    ['HIGH', '2026-11-21', 'High Priority'],
    ['HIGH', '2026-11-01', 'High Priority'],
    ['NORMAL', '2026-11-21', 'Urgent'],
    ['LOW', '2026-11-01', 'Urgent'],
    ['NORMAL', '2026-11-22', null],
    ['LOW', '2026-12-05', null],
    ['NORMAL', 'not a date', null],
  ] as const)('%s due %s: %s', (projectPriority, dueOn, pill) => {
    expect(projectPill({ projectPriority, dueOn }, NOW)).toBe(pill);
  });
});

describe('listStatus', () => {
  it.each([
    ['IN-PROGRESS', 'NORMAL', '2026-11-19', '2 days late', 'red'],
    ['IN-PROGRESS', 'HIGH', '2026-11-20', '1 day late', 'red'],
    ['IN-PROGRESS', 'NORMAL', '2026-11-21', 'Due Today', 'blue'],
    ['IN-PROGRESS', 'HIGH', '2026-11-21', 'Due Today', 'orange'],
    ['IN-PROGRESS', 'HIGH', '2026-12-05', '14 days to go', 'orange'],
    ['IN-PROGRESS', 'LOW', '2026-11-22', '1 day to go', 'blue'],
    ['COMPLETE', 'HIGH', '2026-11-11', 'due 10 days ago', 'gray'],
    ['COMPLETE', 'NORMAL', '2026-11-20', 'due 1 day ago', 'gray'],
    ['COMPLETE', 'NORMAL', '2026-11-21', 'due today', 'gray'],
    ['COMPLETE', 'LOW', '2026-11-24', 'due in 3 days', 'gray'],
  ] as const)('%s %s due %s: "%s" in %s', (projectStatus, projectPriority, dueOn, label, color) => {
    expect(listStatus({ projectStatus, projectPriority, dueOn }, NOW)).toEqual({ label, color });
  });
});

describe('defaultDueDate', () => {
  it('is two weeks from today, in local time', () => {
    expect(defaultDueDate(NOW)).toBe('2026-12-05');
    expect(calendarDayFromToday(0, NOW)).toBe('2026-11-21');
  });

  it('crosses month and year ends', () => {
    expect(defaultDueDate(new Date(2026, 11, 25, 9).getTime())).toBe('2027-01-08');
    expect(calendarDayFromToday(-1, new Date(2026, 2, 1, 9).getTime())).toBe('2026-02-28');
  });
});
