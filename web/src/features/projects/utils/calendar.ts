/**
 * Calendar days as YYYY-MM-DD strings, counted in UTC so that no daylight-saving change skips or
 * repeats a day. Pure functions shared by the burndown and the contributions heat map.
 */

const DAY_MS = 86_400_000;

/** A local date (e.g. now, or a timestamp the server sent) as the YYYY-MM-DD day it falls on here. */
export const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** The local day of an ISO timestamp, or of a YYYY-MM-DD day (kept as is); null when unreadable. */
export function toDay(value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dayNumber(value) === null ? null : value;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : localDay(date);
}

/** Days since 1970-01-01 of a YYYY-MM-DD day, or null when it is not a real date. */
export function dayNumber(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(y, m - 1, d);
  const check = new Date(time);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return time / DAY_MS;
}

export const fromDayNumber = (n: number): string => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The day `count` days after `day` (before it when negative). */
export const addDays = (day: string, count: number): string => fromDayNumber((dayNumber(day) ?? 0) + count);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number =>
  (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0);

/** The same day `count` months later, on the month's last day when it is shorter (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, count: number): string {
  const [y, m, d] = day.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + count, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** Every day from `start` to `end`, both included (none when end is before start). */
export function eachDay(start: string, end: string): string[] {
  const first = dayNumber(start);
  const last = dayNumber(end);
  if (first === null || last === null || last < first) return [];
  return Array.from({ length: last - first + 1 }, (_, i) => fromDayNumber(first + i));
}

export const laterDay = (a: string, b: string) => (a > b ? a : b);
export const earlierDay = (a: string, b: string) => (a < b ? a : b);

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '21 Nov' (with the year when `withYear`: '21 Nov 2026'). */
export function shortDay(day: string, withYear = false): string {
  const [y, m, d] = day.split('-').map(Number);
  return withYear ? `${d} ${SHORT_MONTHS[m - 1]} ${y}` : `${d} ${SHORT_MONTHS[m - 1]}`;
}
