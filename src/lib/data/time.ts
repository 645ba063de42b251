/** Times for people: relative ("3 hours ago") with the exact UTC time beside it. Used by every live page. */
import {once} from './once';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];
const relative = once(() => new Intl.RelativeTimeFormat('en', {numeric: 'auto'}));

/** "3 days ago", "in 2 hours", "now": the largest whole unit between `time` and `now`. */
export function formatRelativeTime(time: number, now: number): string {
  const seconds = Math.round((time - now) / 1000);
  const size = Math.abs(seconds);
  for (const [unit, length] of UNITS) {
    if (size >= length) return relative().format(Math.trunc(seconds / length), unit);
  }
  return relative().format(0, 'second');
}

const exact = once(() => new Intl.DateTimeFormat('en', {dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC'}));

/** "October 29, 2025 at 2:05 PM UTC": the exact time shown on hover. */
export function formatExactTime(time: number): string {
  return `${exact().format(time)} UTC`;
}
