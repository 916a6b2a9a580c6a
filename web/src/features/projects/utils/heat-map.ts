/**
 * The daily-contributions heat map of a project (spec 001 §2): five activity levels, spanning from
 * the project's creation to two months after its last activity or one month after its due date,
 * whichever is later, and never more than about a year (the most recent year then). Pure functions.
 */
import { addDays, addMonths, daysBetween, earlierDay, laterDay, shortDay } from './calendar';

/** Level 0 is a day without contributions; 1 to 4 split the busiest day's count in quarters. */
export const HEAT_LEVELS = 5;
/** The longest span shown: 53 weeks. */
export const MAX_HEAT_MAP_DAYS = 7 * 53 - 1;

export interface DayCount {
  day: string;
  totalActionsCount: number;
}

export type HeatLevel = 0 | 1 | 2 | 3 | 4;

/** 0 for no contributions, else 1–4 by the share of the busiest day's count (any contribution is ≥ 1). */
export function heatLevel(count: number, max: number): HeatLevel {
  if (count <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((count / max) * 4))) as HeatLevel;
}

export interface HeatMapRange {
  start: string;
  end: string;
}

/** The days the heat map spans (YYYY-MM-DD, both included). */
export function heatMapRange({
  created,
  due,
  today,
  activity,
}: {
  created: string;
  due: string;
  today: string;
  activity: readonly DayCount[];
}): HeatMapRange {
  const active = activity.filter((a) => a.totalActionsCount > 0).map((a) => a.day);
  const first = active.length ? earlierDay(created, active.reduce(earlierDay)) : created;
  const lastActivity = active.length ? active.reduce(laterDay) : created;
  let start = first;
  let end = laterDay(addMonths(lastActivity, 2), addMonths(due, 1));
  if (daysBetween(start, end) > MAX_HEAT_MAP_DAYS) {
    // Keep the recent past in view: end two months after today (or the last activity) at most.
    end = earlierDay(end, addMonths(laterDay(today, lastActivity), 2));
    start = laterDay(start, addDays(end, -MAX_HEAT_MAP_DAYS));
  }
  return { start, end };
}

export interface HeatMapData {
  /** Level per day for every day from the start up to today (later days are left empty). */
  levels: Record<string, HeatLevel>;
  /** Contributions per day (for the tooltips). */
  counts: Record<string, number>;
  total: number;
  max: number;
}

export function heatMapData(activity: readonly DayCount[], range: HeatMapRange, today: string): HeatMapData {
  const counts: Record<string, number> = {};
  for (const { day, totalActionsCount } of activity) {
    if (day < range.start || day > range.end) continue;
    counts[day] = (counts[day] ?? 0) + totalActionsCount;
  }
  const max = Math.max(0, ...Object.values(counts));
  const levels: Record<string, HeatLevel> = {};
  const last = earlierDay(laterDay(today, Object.keys(counts).sort().at(-1) ?? today), range.end);
  for (let day = range.start; day <= last; day = addDays(day, 1)) {
    levels[day] = heatLevel(counts[day] ?? 0, max);
  }
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return { levels, counts, total, max };
}

/** The tooltip of one day: '3 contributions on 21 Nov 2026'. */
export const contributionsLabel = (day: string, count: number) =>
  `${count} ${count === 1 ? 'contribution' : 'contributions'} on ${shortDay(day, true)}`;
