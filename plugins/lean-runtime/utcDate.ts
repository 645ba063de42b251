/**
 * English calendar dates in UTC, as `Intl.DateTimeFormat('en', options)` writes them, without Intl.
 *
 * The first `Intl.DateTimeFormat` a page builds costs ~30 ms of main-thread time on this machine
 * (ICU loads its date data), more than a phone's frame budget several times over, and the theme
 * builds one for every date it shows while the page hydrates (a docs page's "Last updated", each
 * post of a blog list). The dates the theme shows come in three shapes, all handled here; anything
 * else, another language or calendar, is left to Intl (./intl-utils.ts). tests/unit/utcDate.test.ts
 * compares the output with Intl's for every day of several years.
 */
export interface DateOptions {
  calendar?: string;
  day?: string;
  month?: string;
  year?: string;
  timeZone?: string;
  [option: string]: unknown;
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

type Shape = {month: 'long' | 'short'; year: boolean};

/** The shape these options ask for, or undefined when only Intl can write it. */
export function englishUtcShape(locale: string, options: DateOptions): Shape | undefined {
  if (!/^en(?:-|$)/.test(locale)) return undefined;
  const {calendar, day, month, year, timeZone, ...rest} = options;
  if (Object.keys(rest).length > 0 || timeZone !== 'UTC' || day !== 'numeric') return undefined;
  if (calendar !== undefined && calendar !== 'gregory') return undefined;
  if (month !== 'long' && month !== 'short') return undefined;
  if (year !== undefined && year !== 'numeric') return undefined;
  return {month, year: year === 'numeric'};
}

/** `date` in `shape`: "November 26, 2026", "Nov 26, 2026" or "November 26". */
export function formatUtc(date: Date, shape: Shape): string {
  const name = MONTHS[date.getUTCMonth()];
  const month = shape.month === 'long' ? name : name.slice(0, 3);
  const dayMonth = `${month} ${date.getUTCDate()}`;
  return shape.year ? `${dayMonth}, ${date.getUTCFullYear()}` : dayMonth;
}
