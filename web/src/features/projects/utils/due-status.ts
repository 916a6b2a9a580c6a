import type { DashboardProject, ProjectListItem } from '@shared/schemas/project';
import { DEFAULT_DUE_DAYS } from '@shared/schemas/project';
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

/** The Status column's colours (spec 001 §4): late red, high priority orange, otherwise blue; complete grey. */
export type ListStatusColor = 'red' | 'orange' | 'blue' | 'gray';

export interface ListStatus {
  label: string;
  color: ListStatusColor;
}

/**
 * The project list's Status column (spec 001 §2, §4). In progress: 'N days late', 'Due Today' or
 * 'N days to go'. Complete: 'due N days ago' ('due today' or 'due in N days' when closed early).
 */
export function listStatus(
  project: Pick<ProjectListItem, 'dueOn' | 'projectPriority' | 'projectStatus'>,
  now: number = Date.now(),
): ListStatus {
  const remaining = daysFromToday(project.dueOn, now);
  if (project.projectStatus === 'COMPLETE') {
    if (remaining === null) return { label: 'Closed', color: 'gray' };
    if (remaining < 0) return { label: `due ${days(-remaining)} ago`, color: 'gray' };
    if (remaining === 0) return { label: 'due today', color: 'gray' };
    return { label: `due in ${days(remaining)}`, color: 'gray' };
  }
  const due = dueStatus(project.dueOn, now);
  if (due.state === 'overdue') return { label: due.label, color: 'red' };
  return { label: due.label, color: project.projectPriority === 'HIGH' ? 'orange' : 'blue' };
}

/** A local calendar day as YYYY-MM-DD, `offset` days from today. */
export function calendarDayFromToday(offset: number, now: number = Date.now()): string {
  const today = new Date(now);
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** A new project's default due date: two weeks from today (spec 001 §2). */
export const defaultDueDate = (now: number = Date.now()) => calendarDayFromToday(DEFAULT_DUE_DAYS, now);
