/**
 * The remaining-questions burndown (spec 001 §2): a target line from the total at creation down to
 * zero on the due date, and the questions still remaining at the end of each day. The x axis runs
 * over every day from creation to the later of today and the due date; its labels are Created,
 * Today and Due Date, with at most about 21 dates between them. Pure functions.
 */
import { addDays, daysBetween, eachDay, earlierDay, laterDay, shortDay } from './calendar';

export const MAX_BETWEEN_LABELS = 21;
/** The longest span drawn (about ten years), so that an unreadable date cannot make a huge chart. */
const MAX_DAYS = 3660;

export interface DayValue {
  day: string;
  remainingQuestions: number;
}

export interface BurndownInput {
  /** The project's creation day and due day, and today (YYYY-MM-DD). */
  created: string;
  due: string;
  today: string;
  /** Remaining questions at the end of each day, from creation to today. */
  completionProgress: readonly DayValue[];
  /** The target, from the total at creation down to zero on the due date. */
  minimumProgress: readonly DayValue[];
}

export interface BurndownRow {
  day: string;
  /** The target on that day, where the server gave one (the line joins the points between). */
  target: number | null;
  /** Remaining questions on that day, up to today; the last known value carries over a missing day. */
  remaining: number | null;
}

export interface Burndown {
  rows: BurndownRow[];
  created: string;
  today: string;
  due: string;
}

const byDay = (values: readonly DayValue[]) => {
  const map = new Map<string, number>();
  for (const { day, remainingQuestions } of values) map.set(day, remainingQuestions);
  return map;
};

export function burndown({
  created,
  due,
  today,
  completionProgress,
  minimumProgress,
}: BurndownInput): Burndown {
  const seriesDays = [...completionProgress, ...minimumProgress].map((v) => v.day).sort();
  let start = created;
  let end = laterDay(today, due);
  if (seriesDays.length > 0) {
    start = earlierDay(start, seriesDays[0]);
    end = laterDay(end, seriesDays[seriesDays.length - 1]);
  }
  if (daysBetween(start, end) > MAX_DAYS) start = addDays(end, -MAX_DAYS);

  const targets = byDay(minimumProgress);
  const remaining = byDay(completionProgress);
  const lastRemainingDay = [...remaining.keys()].sort().at(-1);
  let carried: number | null = null;
  const rows = eachDay(start, end).map((day): BurndownRow => {
    if (remaining.has(day)) carried = remaining.get(day) as number;
    const showRemaining = day <= today || (lastRemainingDay !== undefined && day <= lastRemainingDay);
    return {
      day,
      target: targets.get(day) ?? null,
      remaining: showRemaining ? carried : null,
    };
  });
  return { rows, created, today, due };
}

/** The label of a day on the x axis: Today, Due Date or Created on those days, else '21 Nov'. */
export function dayLabel(day: string, { created, today, due }: Pick<Burndown, 'created' | 'today' | 'due'>) {
  if (day === today) return 'Today';
  if (day === due) return 'Due Date';
  if (day === created) return 'Created';
  return shortDay(day);
}

/**
 * The days that get a label: creation (or the first day), today and the due date, and evenly
 * spaced days between them, at most `maxLabels` in all and never more than 21 besides those three;
 * a date too close to one of the three is left out so that labels do not collide.
 */
export function tickDays(
  rows: readonly BurndownRow[],
  { created, today, due }: Pick<Burndown, 'created' | 'today' | 'due'>,
  maxLabels: number,
): string[] {
  const days = rows.map((r) => r.day);
  if (days.length === 0) return [];
  const present = new Set(days);
  const special = [created, today, due].filter((d) => present.has(d));
  if (!present.has(created)) special.push(days[0]);
  const specialIndexes = [...new Set(special)].map((d) => days.indexOf(d)).sort((a, b) => a - b);
  const budget = Math.max(0, Math.min(MAX_BETWEEN_LABELS, maxLabels - specialIndexes.length));
  const picked = new Set(specialIndexes);
  if (budget > 0 && days.length > 2) {
    const step = Math.max(1, Math.ceil((days.length - 1) / (budget + 1)));
    let added = 0;
    for (let i = step; i < days.length && added < budget; i += step) {
      // A date closer than one step to Created, Today or Due Date would run into its label.
      if (specialIndexes.some((s) => Math.abs(s - i) < step)) continue;
      picked.add(i);
      added++;
    }
  }
  return [...picked].sort((a, b) => a - b).map((i) => days[i]);
}

/**
 * Whole-number y-axis ticks from 0 up to at least `max`, at most six of them, on a round step
 * (1, 2, 2.5, 3 or 5 times a power of ten, the closest fit): 5 → 0…5, 12 → 0, 3, … 12, 120 → 0, 30, … 120.
 */
export function yAxisTicks(max: number): number[] {
  const top = Math.max(1, Math.ceil(max));
  const candidates: number[] = [];
  for (let power = 1; power <= top; power *= 10) {
    for (const factor of [1, 2, 2.5, 3, 5]) candidates.push(factor * power);
  }
  candidates.push(10 ** Math.ceil(Math.log10(top)));
  const fitting = candidates.filter((s) => Number.isInteger(s) && Math.ceil(top / s) <= 5);
  // The least room above the largest value; the finer step when two leave the same.
  const overshoot = (s: number) => Math.ceil(top / s) * s - top;
  const step = fitting.sort((a, b) => overshoot(a) - overshoot(b) || a - b)[0] ?? top;
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}
