/**
 * Dates as the screens show them: relative times (notifications, Last Seen), the full local date
 * and time, and day-ordinal dates (Added). Pure functions; `now` can be passed for tests.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The date an ISO string names, or null when it is missing or unreadable. */
const parse = (iso: string | null | undefined): Date | null => {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The largest unit that fits is used, in seconds. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', (365 * DAY) / SECOND],
  ['month', (30 * DAY) / SECOND],
  ['week', (7 * DAY) / SECOND],
  ['day', DAY / SECOND],
  ['hour', HOUR / SECOND],
  ['minute', MINUTE / SECOND],
];

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"; empty for an unreadable date. */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - now) / SECOND);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60) || -1, 'minute');
}

/**
 * The full local date and time, the product's one way of writing a moment: the day as everywhere
 * else ('27th November 2026') and the time, e.g. '27th November 2026, 7:07 AM' ('' if unreadable).
 */
export function fullDateTime(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${formatAddedDate(iso)}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** 1 → '1st', 2 → '2nd', 11 → '11th', 23 → '23rd'. */
export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** The Added column: day-ordinal month year in local time, e.g. '21st November 2026' ('' if unknown). */
export function formatAddedDate(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  return `${ordinal(date.getDate())} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Day name, ordinal day, month, year in local time, e.g. 'Monday, 23rd November 2026' ('' if unknown). */
export function formatLongDate(iso: string | null | undefined): string {
  const date = parse(iso);
  return date ? `${DAYS[date.getDay()]}, ${formatAddedDate(iso)}` : '';
}

export const NEVER = 'Never';

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * The Last Seen column: relative time such as 'a few seconds ago', '5 minutes ago', 'an hour ago',
 * '3 days ago', 'a year ago'; 'Never' when the person has never been seen. A time slightly in the
 * future (clock skew) reads as just now.
 */
export function formatLastSeen(iso: string | null | undefined, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return NEVER;
  const elapsed = Math.max(0, now - date.getTime());
  const seconds = Math.round(elapsed / SECOND);
  const minutes = Math.round(elapsed / MINUTE);
  const hours = Math.round(elapsed / HOUR);
  const days = Math.round(elapsed / DAY);
  if (seconds < 45) return 'a few seconds ago';
  if (seconds < 90) return 'a minute ago';
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'an hour ago';
  if (hours < 22) return plural(hours, 'hour');
  if (hours < 36) return 'a day ago';
  if (days < 26) return plural(days, 'day');
  if (days < 45) return 'a month ago';
  if (days < 320) return plural(Math.max(2, Math.round(days / 30.4)), 'month');
  if (days < 548) return 'a year ago';
  return plural(Math.max(2, Math.round(days / 365.25)), 'year');
}

/** A calendar date written YYYY-MM-DD (e.g. a due date), as a UTC day number, or null if unreadable. */
function calendarDay(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  // Rejects dates such as 2026-02-30, which Date.UTC would roll over into March.
  if (new Date(time).getUTCDate() !== day || new Date(time).getUTCMonth() !== month - 1) return null;
  return time / DAY;
}

/**
 * Whole calendar days from today (in local time) to a YYYY-MM-DD date: 0 when it is today, 1
 * tomorrow, -2 two days ago; null when the date cannot be read.
 */
export function daysFromToday(date: string, now: number = Date.now()): number | null {
  const target = calendarDay(date);
  if (target === null) return null;
  const today = new Date(now);
  return target - Date.UTC(today.getFullYear(), today.getMonth(), today.getDate()) / DAY;
}

/** A YYYY-MM-DD date as day-ordinal month year, e.g. '21st November 2026' ('' if unreadable). */
export function formatCalendarDate(date: string): string {
  const day = calendarDay(date);
  if (day === null) return '';
  const utc = new Date(day * DAY);
  return `${ordinal(utc.getUTCDate())} ${MONTHS[utc.getUTCMonth()]} ${utc.getUTCFullYear()}`;
}
