import { describe, expect, it } from 'vitest';
import { dueStatus, projectPill } from './due-status';

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
