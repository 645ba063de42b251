import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  englishUtcShape,
  formatLongUtc,
  formatRelative,
  formatUtc,
  groupThousands,
  type RelativeUnit,
} from '../../src/lib/format/english';

/** The three date shapes the theme asks for (last update, blog post, blog archive). */
const SHAPES = [
  {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'},
  {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'},
  {day: 'numeric', month: 'long', timeZone: 'UTC'},
] as const;

/** A file of an installed package (read by path: the packages do not export these modules). */
const installed = (file: string) => path.join('node_modules', file);

test('the theme’s dates read as Intl writes them, every day from 2015 to 2027', () => {
  for (const options of SHAPES) {
    const shape = englishUtcShape('en', {calendar: 'gregory', ...options});
    assert.ok(shape, JSON.stringify(options));
    const intl = new Intl.DateTimeFormat('en', {calendar: 'gregory', ...options});
    for (let time = Date.UTC(2015, 0, 1); time < Date.UTC(2028, 0, 1); time += 24 * 3600 * 1000) {
      // Late in the day, so a formatter that used local time would show the next day east of UTC.
      const date = new Date(time + 23.5 * 3600 * 1000);
      assert.equal(formatUtc(date, shape), intl.format(date));
    }
  }
});

test('exact times read as Intl writes a long date and a short time in UTC, every 7 minutes of a year', () => {
  const intl = new Intl.DateTimeFormat('en', {dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC'});
  for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2026, 0, 1); time += 7 * 60 * 1000) {
    // ICU writes a plain or a narrow no-break space before AM/PM, depending on its version.
    assert.equal(formatLongUtc(new Date(time)), intl.format(time).replace(/\u202f/g, ' '));
  }
});

test('relative times read as Intl writes them with numeric: auto, every unit from -1,500 to 1,500', () => {
  const intl = new Intl.RelativeTimeFormat('en', {numeric: 'auto'});
  const units: RelativeUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute', 'second'];
  for (const unit of units) {
    for (let value = -1500; value <= 1500; value++) assert.equal(formatRelative(value, unit), intl.format(value, unit));
    assert.equal(formatRelative(-0, unit), intl.format(-0, unit));
  }
});

test('whole numbers are grouped by thousands as English number formatting groups them', () => {
  for (const value of [0, 7, 999, 1000, 12345, 999999, 1000000, 25000, 1234567890, Number.MAX_SAFE_INTEGER]) {
    assert.equal(groupThousands(value), value.toLocaleString('en'));
  }
  for (let value = 0; value < 2_000_000; value += 997) assert.equal(groupThousands(value), value.toLocaleString('en'));
});

test('any other language, calendar, time zone or field is left to Intl', () => {
  const base = {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'};
  assert.ok(englishUtcShape('en-US', base), 'American English writes the same dates');
  assert.equal(englishUtcShape('en-GB', base), undefined, 'British English writes the day first');
  assert.equal(englishUtcShape('fr', base), undefined);
  assert.equal(englishUtcShape('en', {...base, calendar: 'buddhist'}), undefined);
  assert.equal(englishUtcShape('en', {...base, timeZone: 'Europe/Paris'}), undefined);
  assert.equal(englishUtcShape('en', {...base, weekday: 'long'}), undefined);
  assert.equal(englishUtcShape('en', {...base, month: 'numeric'}), undefined);
  assert.equal(englishUtcShape('en', {...base, day: '2-digit'}), undefined);
});

test('the replacement of the theme’s IntlUtils exports what the original exports', () => {
  const names = (source: string) => [...source.matchAll(/export function (\w+)/g)].map((m) => m[1]).sort();
  const original = readFileSync(installed('@docusaurus/theme-common/lib/utils/IntlUtils.js'), 'utf8');
  const ours = readFileSync('plugins/lean-runtime/intl-utils.ts', 'utf8');
  assert.deepEqual(names(ours), names(original));
  assert.deepEqual(names(original), ['useCalendar', 'useDateTimeFormat']);
});
