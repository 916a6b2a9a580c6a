import type { DashboardProject } from '@shared/schemas/project';
import { daysFromToday } from '@/lib/dates';

/** Where a due date stands today; 'unknown' when it cannot be read. */
export type DueState = 'overdue' | 'today' | 'upcoming' | 'unknown';

/** The pill next to an active project (spec 000 §2.9). */
export type ProjectPill = 'High Priority' | 'Urgent';

export interface DueStatus {
  state: DueState;
  /** 'N days late', 'Due Today' or 'N days to go' (spec 001's due label); '' when unknown. */
  label: string;
  /** Red when overdue, orange when due today; undefined otherwise (the default, dimmed text). */
  color: 'red' | 'orange' | undefined;
}

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/** The due label and its colour for a YYYY-MM-DD due date. */
export function dueStatus(dueOn: string, now: number = Date.now()): DueStatus {
  const remaining = daysFromToday(dueOn, now);
  if (remaining === null) return { state: 'unknown', label: '', color: undefined };
  if (remaining < 0) return { state: 'overdue', label: `${days(-remaining)} late`, color: 'red' };
  if (remaining === 0) return { state: 'today', label: 'Due Today', color: 'orange' };
  return { state: 'upcoming', label: `${days(remaining)} to go`, color: undefined };
}

/** High Priority when the priority is HIGH; else Urgent when overdue or due today; else none. */
export function projectPill(
  project: Pick<DashboardProject, 'projectPriority' | 'dueOn'>,
  now: number = Date.now(),
): ProjectPill | null {
  if (project.projectPriority === 'HIGH') return 'High Priority';
  const { state } = dueStatus(project.dueOn, now);
  return state === 'overdue' || state === 'today' ? 'Urgent' : null;
}
