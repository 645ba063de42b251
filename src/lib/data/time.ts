/**
 * Times from remote data, and times for people.
 *
 * `parseTime` is the one reader of every time a live source sends (ISO 8601 text, the RFC 2822
 * dates of RSS and HTTP headers, numbers of seconds or milliseconds): anything a Date cannot hold
 * is refused there, so no view is ever handed a time that makes `toISOString()` throw.
 *
 * The formatters write relative ("3 hours ago") and exact UTC times without Intl
 * (../format/english.ts): the first Intl formatter of a page costs 13–15 ms of main-thread time on
 * this machine, paid just as the page's data arrives.
 */
import {formatLongUtc, formatRelative, type RelativeUnit} from '../format/english';

/** The furthest a Date reaches on either side of the epoch, in milliseconds (±100,000,000 days). */
export const MAX_TIME = 8.64e15;

/** Whether `time` is a number of milliseconds since the epoch that a Date can hold. */
export function isValidTime(time: unknown): time is number {
  return typeof time === 'number' && Number.isFinite(time) && Math.abs(time) <= MAX_TIME;
}

/**
 * How a number is read: milliseconds; seconds; or, as the bot writes its times, seconds when it is
 * below 1e11 (a time before the year 5138) and milliseconds otherwise.
 */
export type NumberUnit = 'milliseconds' | 'seconds' | 'seconds or milliseconds';

/**
 * A time from remote data → milliseconds since the epoch, or null when it is not a time a Date can
 * hold: unreadable text, a number out of the Date range (`1e16`, `1e308`), NaN, Infinity, or a
 * value of another type. Text is read by `Date.parse`; numbers per `unit` (default: milliseconds).
 */
export function parseTime(value: unknown, unit: NumberUnit = 'milliseconds'): number | null {
  let time: number;
  if (typeof value === 'string') {
    const text = value.trim();
    // No date format is this long; a megabyte of text is not parsed at all.
    if (text === '' || text.length > 100) return null;
    time = Date.parse(text);
  } else if (typeof value === 'number') {
    const seconds = unit === 'seconds' || (unit === 'seconds or milliseconds' && Math.abs(value) < 1e11);
    time = seconds ? value * 1000 : value;
  } else {
    return null;
  }
  return isValidTime(time) ? time : null;
}

const UNITS: Array<[RelativeUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * "3 days ago", "in 2 hours": the largest whole unit between `time` and `now`. Under a minute
 * either way it is "just now": the pages renew their relative times once a minute (useNow), so a
 * count of seconds would be wrong until then.
 */
export function formatRelativeTime(time: number, now: number): string {
  const seconds = Math.round((time - now) / 1000);
  const size = Math.abs(seconds);
  if (size < 60) return 'just now';
  for (const [unit, length] of UNITS) {
    if (size >= length) return formatRelative(Math.trunc(seconds / length), unit);
  }
  return 'just now';
}

/** "October 29, 2025 at 2:05 PM UTC": the exact time shown on hover. */
export function formatExactTime(time: number): string {
  return `${formatLongUtc(new Date(time))} UTC`;
}

/** "2025-10-29": the UTC day of a time. */
export function formatUtcDay(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}
