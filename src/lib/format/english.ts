/**
 * English dates, times and counts, as `Intl` writes them in English, without Intl.
 *
 * The first Intl formatter of a kind that a page builds costs 13–30 ms of main-thread time on this
 * machine (ICU loads its data), several frames of a phone. The theme's components build a date
 * formatter for every date they show while a page hydrates (a docs page's "Last updated", each
 * post of a blog list), and the live pages show many times. The site is in English, so these few
 * shapes are written here: the dates of the site's own versions of those components
 * (src/theme/LastUpdated, src/theme/BlogPostItem/Header/Info, src/theme/BlogArchivePage), the
 * exact UTC time and the relative time of the live pages (../data/time.ts), the times of the status
 * page's usage charts (in the reader's time zone), the grouped counts the live pages and search
 * messages show, the home page's compact statistics ("612.3M"), and the plural form of a blog
 * post's reading time (the theme's plural helper builds an `Intl.PluralRules` for every post).
 * tests/unit/englishDates.test.ts compares every shape with Intl's output.
 */
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

/** A date's shape: the month's name in full or in three letters, with or without the year. */
export type Shape = {month: 'long' | 'short'; year: boolean};

/** `date` in `shape`: "November 26, 2026", "Nov 26, 2026" or "November 26". */
export function formatUtc(date: Date, shape: Shape): string {
  const name = MONTHS[date.getUTCMonth()];
  const month = shape.month === 'long' ? name : name.slice(0, 3);
  const dayMonth = `${month} ${date.getUTCDate()}`;
  return shape.year ? `${dayMonth}, ${date.getUTCFullYear()}` : dayMonth;
}

/** "October 29, 2025 at 2:05 PM": `dateStyle: 'long', timeStyle: 'short'` in UTC. */
export function formatLongUtc(date: Date): string {
  const time = clock(date.getUTCHours(), date.getUTCMinutes());
  return `${formatUtc(date, {month: 'long', year: true})} at ${time}`;
}

/** "3:05 PM" on the 12-hour clock, or "3 PM" without minutes. */
function clock(hours: number, minutes?: number): string {
  const hour = hours % 12 || 12;
  const half = hours < 12 ? 'AM' : 'PM';
  return minutes === undefined ? `${hour} ${half}` : `${hour}:${String(minutes).padStart(2, '0')} ${half}`;
}

/** "Nov 29" in the reader's time zone. */
function localMonthDay(date: Date): string {
  return `${MONTHS[date.getMonth()].slice(0, 3)} ${date.getDate()}`;
}

/** "Nov 29, 3 PM" in the reader's time zone: `{month: 'short', day: 'numeric', hour: 'numeric'}`. */
export function formatLocalHour(date: Date): string {
  return `${localMonthDay(date)}, ${clock(date.getHours())}`;
}

/** "Nov 29, 2026, 3:05 PM" in the reader's time zone: `dateStyle: 'medium', timeStyle: 'short'`. */
export function formatLocalMedium(date: Date): string {
  return `${localMonthDay(date)}, ${date.getFullYear()}, ${clock(date.getHours(), date.getMinutes())}`;
}

/** The units of a relative time, as `Intl.RelativeTimeFormat` names them. */
export type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

/** Words for -1, 0 and 1 of a unit with `numeric: 'auto'` ("yesterday", "now", "next week"…). */
const NAMED: Partial<Record<RelativeUnit, [string, string, string]>> = {
  year: ['last year', 'this year', 'next year'],
  month: ['last month', 'this month', 'next month'],
  week: ['last week', 'this week', 'next week'],
  day: ['yesterday', 'today', 'tomorrow'],
  hour: ['1 hour ago', 'this hour', 'in 1 hour'],
  minute: ['1 minute ago', 'this minute', 'in 1 minute'],
  second: ['1 second ago', 'now', 'in 1 second'],
};

/** "3 hours ago", "in 2 days", "yesterday": `new Intl.RelativeTimeFormat('en', {numeric: 'auto'})`. */
export function formatRelative(value: number, unit: RelativeUnit): string {
  const named = NAMED[unit];
  if (named && value >= -1 && value <= 1 && Number.isInteger(value)) return named[value + 1];
  const size = Math.abs(value);
  const amount = `${groupThousands(size)} ${unit}${size === 1 ? '' : 's'}`;
  return value < 0 ? `${amount} ago` : `in ${amount}`;
}

/** 1234567 → "1,234,567", as `value.toLocaleString('en')` writes a whole number, without Intl. */
export function groupThousands(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The compact units, each a thousand times the one before. */
const COMPACT_UNITS = [
  [1e3, 'K'],
  [1e6, 'M'],
  [1e9, 'B'],
  [1e12, 'T'],
] as const;

/**
 * 612345678 → "612.3M", 1050 → "1.1K", 27 → "27": `new Intl.NumberFormat('en', {notation:
 * 'compact', maximumFractionDigits: 1})`, without Intl. Halves round away from zero, a value that
 * rounds up to a thousand of a unit takes the next unit (999,950 → "1M"), and, as English compact
 * notation does, only a whole part of five digits or more is grouped ("1234.5T", "12,345T").
 */
export function formatCompact(value: number): string {
  if (value < 0) return `-${formatCompact(-value)}`;
  let tier = -1;
  for (const [index, [unit]] of COMPACT_UNITS.entries()) if (value >= unit) tier = index;
  const scaled = (at: number) =>
    at < 0 ? Math.round(value * 10) / 10 : Math.round(value / (COMPACT_UNITS[at][0] / 10)) / 10;
  let amount = scaled(tier);
  if (amount >= 1000 && tier < COMPACT_UNITS.length - 1) amount = scaled(++tier);
  const [whole, fraction] = String(amount).split('.');
  const digits = whole.length >= 5 ? groupThousands(Number(whole)) : whole;
  return `${digits}${fraction ? `.${fraction}` : ''}${tier < 0 ? '' : COMPACT_UNITS[tier][1]}`;
}

/**
 * The form of a `|`-separated plural message ("One min read|3 min read") English takes for
 * `count`, as the theme's plural helper picks it with Intl's English plural rules: the first form
 * for exactly 1, the second for any other count; a message without `|` is its one form.
 */
export function englishPlural(count: number, message: string): string {
  const forms = message.split('|');
  if (forms.length === 1) return forms[0];
  return count === 1 ? forms[0] : forms[1];
}
