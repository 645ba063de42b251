/**
 * Times for people: relative ("3 hours ago") with the exact UTC time beside it. Used by every live
 * page. Written without Intl (../format/english.ts): the first Intl formatter of a page costs 13–15
 * ms of main-thread time on this machine, paid just as the page's data arrives.
 */
import {formatLongUtc, formatRelative, type RelativeUnit} from '../format/english';

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
