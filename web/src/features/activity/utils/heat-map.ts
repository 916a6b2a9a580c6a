/**
 * The "Your Activity" heat map (spec 000 §2.9, §9): 90 days, levels at counts 4, 8, 12 and 16,
 * laid out like a contribution graph: one column per week, Sunday at the top. Pure functions.
 */

export const HEAT_MAP_DAYS = 90;
/** The counts at which levels 1, 2, 3 and 4 begin. */
export const LEVEL_THRESHOLDS = [4, 8, 12, 16] as const;

export type ActivityLevel = 0 | 1 | 2 | 3 | 4;

/** count ≥ 16 → 4, ≥ 12 → 3, ≥ 8 → 2, ≥ 4 → 1, else 0. */
export function activityLevel(count: number): ActivityLevel {
  let level: ActivityLevel = 0;
  LEVEL_THRESHOLDS.forEach((threshold, index) => {
    if (count >= threshold) level = (index + 1) as ActivityLevel;
  });
  return level;
}

/**
 * The shade of a cell: 'none' for a day without contributions, otherwise its level, so a day with
 * 1–3 contributions (level 0) is still told apart from an empty one.
 */
export type CellShade = 'none' | ActivityLevel;
export const cellShade = (count: number): CellShade => (count > 0 ? activityLevel(count) : 'none');

export interface HeatMapDay {
  /** YYYY-MM-DD */
  date: string;
  count: number;
  level: ActivityLevel;
}

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const parseDate = (date: string): number => {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y, m - 1, d);
};
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A local calendar date as YYYY-MM-DD. */
export const localIsoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Exactly `days` days ending with `endDate`, oldest first, each with its count (0 when the server
 * sent none; several entries for one date add up).
 */
export function fillDays(
  entries: ReadonlyArray<{ date: string; count: number }>,
  endDate: string,
  days: number = HEAT_MAP_DAYS,
): HeatMapDay[] {
  const counts = new Map<string, number>();
  for (const { date, count } of entries) counts.set(date, (counts.get(date) ?? 0) + count);
  const end = parseDate(endDate);
  return Array.from({ length: days }, (_, i) => {
    const date = isoDate(end - (days - 1 - i) * DAY_MS);
    const count = counts.get(date) ?? 0;
    return { date, count, level: activityLevel(count) };
  });
}

/** Day of the week, 0 = Sunday. */
export const weekday = (date: string) => new Date(parseDate(date)).getUTCDay();

/**
 * Columns of 7 (Sunday to Saturday), the first padded before the first day and the last after the
 * last day with nulls.
 */
export function toWeeks(days: readonly HeatMapDay[]): Array<Array<HeatMapDay | null>> {
  if (days.length === 0) return [];
  const cells: Array<HeatMapDay | null> = [...Array(weekday(days[0].date)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

const monthOf = (day: HeatMapDay) => MONTHS[Number(day.date.slice(5, 7)) - 1];
const monthStart = (week: ReadonlyArray<HeatMapDay | null>) =>
  week.find((day): day is HeatMapDay => day?.date.endsWith('-01') === true);

/**
 * The month label over each week column: on the column in which a month begins, and on the first
 * column for the month already under way (unless the next column starts a month: no overlap).
 */
export function monthLabels(weeks: ReadonlyArray<ReadonlyArray<HeatMapDay | null>>): Array<string | null> {
  return weeks.map((week, index) => {
    const start = monthStart(week);
    if (start) return monthOf(start);
    if (index !== 0 || (weeks[1] && monthStart(weeks[1]))) return null;
    const first = week.find((day): day is HeatMapDay => day !== null);
    return first ? monthOf(first) : null;
  });
}

/** '21 Nov 2026'. */
export function formatDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** The tooltip of one day: '3 contributions on 21 Nov 2026', '1 contribution on …'. */
export const contributionsLabel = ({ date, count }: { date: string; count: number }) =>
  `${count} ${count === 1 ? 'contribution' : 'contributions'} on ${formatDay(date)}`;
