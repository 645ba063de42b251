import {test} from 'node:test';
import assert from 'node:assert/strict';
import {postsByYear} from '../../src/lib/blog/archive';
import {
  englishPlural,
  formatCompact,
  formatLocalHour,
  formatLocalMedium,
  formatLongUtc,
  formatRelative,
  formatUtc,
  groupThousands,
  type RelativeUnit,
} from '../../src/lib/format/english';

/**
 * The three date shapes of the site's theme components (src/theme/LastUpdated, the blog post's
 * header, the blog archive), with the Intl options the theme's own components format them with.
 */
const SHAPES = [
  [
    {month: 'short', year: true},
    {day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC'},
  ],
  [
    {month: 'long', year: true},
    {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'},
  ],
  [
    {month: 'long', year: false},
    {day: 'numeric', month: 'long', timeZone: 'UTC'},
  ],
] as const;

test('the theme components’ dates read as Intl writes them, every day from 2015 to 2027', () => {
  for (const [shape, options] of SHAPES) {
    const intl = new Intl.DateTimeFormat('en', options);
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

test('local times read as Intl writes them in English, in four time zones, every 37 minutes of a year', () => {
  const saved = process.env.TZ;
  try {
    // Half-hour and 45-minute offsets and a zone with summer time catch a formatter that mixes UTC in.
    for (const zone of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      process.env.TZ = zone;
      const hour = new Intl.DateTimeFormat('en-US', {month: 'short', day: 'numeric', hour: 'numeric'});
      const medium = new Intl.DateTimeFormat('en-US', {dateStyle: 'medium', timeStyle: 'short'});
      // The formatters follow the zone set (ICU may name it by an alias: Asia/Calcutta).
      assert.equal(
        hour.resolvedOptions().timeZone,
        new Intl.DateTimeFormat('en-US', {timeZone: zone}).resolvedOptions().timeZone,
      );
      for (let time = Date.UTC(2025, 0, 1); time < Date.UTC(2026, 0, 1); time += 37 * 60 * 1000) {
        const date = new Date(time);
        assert.equal(formatLocalHour(date), hour.format(date).replace(/\u202f/g, ' '), `${zone} ${date.toISOString()}`);
        assert.equal(
          formatLocalMedium(date),
          medium.format(date).replace(/\u202f/g, ' '),
          `${zone} ${date.toISOString()}`,
        );
      }
    }
  } finally {
    if (saved === undefined) delete process.env.TZ;
    else process.env.TZ = saved;
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

test('the archives group posts by year, in the order the blog lists them', () => {
  const post = (date: string, title: string) => ({metadata: {date, title}});
  const posts = [
    post('2026-03-01T00:00:00.000Z', 'c'),
    post('2025-12-31T00:00:00.000Z', 'b'),
    post('2025-01-02T00:00:00.000Z', 'a'),
    post('2019-06-30T00:00:00.000Z', 'z'),
  ];
  const years = postsByYear(posts).map(([year, list]) => [year, list.map((p) => p.metadata.title)]);
  assert.deepEqual(years, [
    ['2026', ['c']],
    ['2025', ['b', 'a']],
    ['2019', ['z']],
  ]);
  assert.deepEqual(postsByYear([]), []);
});

test('compact counts read as Intl writes them in English, across every magnitude up to the largest safe integer', () => {
  const intl = new Intl.NumberFormat('en', {notation: 'compact', maximumFractionDigits: 1});
  const values = [0, 0.04, 0.05, 12.34, 999.94, 999.96, Number.MAX_SAFE_INTEGER, 1.5e18];
  for (let value = 0; value <= 20_000; value++) values.push(value);
  // Each power of ten, the halves and the edges where rounding carries into the next unit.
  for (let power = 1e3; power <= 1e16; power *= 10) {
    for (const factor of [0.99995, 0.999949, 1, 1.04999, 1.05, 1.25, 1.35, 4.5, 9.9999, 9.99949]) {
      values.push(Math.round(power * factor));
    }
  }
  // A deterministic spread of other values (a linear congruential sequence).
  let seed = 12345;
  for (let i = 0; i < 20_000; i++) {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    values.push(Math.floor((seed / 2 ** 31) * 10 ** ((i % 16) + 1)));
  }
  for (const value of values) {
    assert.equal(formatCompact(value), intl.format(value), String(value));
    if (value > 0) assert.equal(formatCompact(-value), intl.format(-value), String(-value));
  }
});

test('plural messages take the form Intl’s English plural rules pick, for counts from 0 to 300 and fractions', () => {
  // The theme's usePluralForm: the message's forms in the order of the locale's plural categories.
  const rules = new Intl.PluralRules('en');
  const categories = rules.resolvedOptions().pluralCategories;
  const order = ['zero', 'one', 'two', 'few', 'many', 'other'].filter((category) =>
    categories.includes(category as Intl.LDMLPluralRule),
  );
  const intl = (count: number, message: string) => {
    const forms = message.split('|');
    return forms.length === 1 ? forms[0] : forms[Math.min(order.indexOf(rules.select(count)), forms.length - 1)];
  };
  const counts = [...Array.from({length: 301}, (_, n) => n), 0.5, 1.5, 2.25];
  for (const message of ['One min read|{n} min read', 'one|other|third', 'only one form']) {
    for (const count of counts)
      assert.equal(englishPlural(count, message), intl(count, message), `${count}: ${message}`);
  }
});
