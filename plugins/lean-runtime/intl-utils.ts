/**
 * Replaces `@docusaurus/theme-common/lib/utils/IntlUtils.js` in both builds (./index.ts): the same
 * two hooks, but `useDateTimeFormat` writes the theme's English UTC dates itself
 * instead of building an `Intl.DateTimeFormat` (~30 ms the first time) for each date during
 * hydration (src/lib/format/english.ts). Other languages, calendars and options still get Intl's
 * formatter, built on each render as the original does. The server renders with this module too,
 * so both write the same text. tests/unit/englishDates.test.ts checks that
 * this module exports what the original does.
 */
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {englishUtcShape, formatUtc, type DateOptions} from '../../src/lib/format/english';

export function useCalendar(): string {
  const {
    i18n: {currentLocale, localeConfigs},
  } = useDocusaurusContext();
  return localeConfigs[currentLocale].calendar as string;
}

/** What the theme calls on the formatter: only `format`. */
export interface DateFormat {
  format(date: Date): string;
}

export function useDateTimeFormat(options: DateOptions = {}): DateFormat {
  const {
    i18n: {currentLocale},
  } = useDocusaurusContext();
  const all = {calendar: useCalendar(), ...options};
  const shape = englishUtcShape(currentLocale, all);
  return shape
    ? {format: (date: Date) => formatUtc(date, shape)}
    : new Intl.DateTimeFormat(currentLocale, all as Intl.DateTimeFormatOptions);
}
