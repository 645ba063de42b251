import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DataError} from '../../src/lib/data/validate';
import {formatExactTime, formatRelativeTime} from '../../src/lib/data/time';
import {measureProgress, type FeedstockStatus, type MigrationState} from '../../src/lib/status/migration';
import {
  ciBadge,
  CI_BADGES,
  feedstockFromHash,
  pageOf,
  fitView,
  isValidMigrationName,
  migrationNote,
  panBy,
  progressSegments,
  sortFeedstocks,
  viewTransform,
  zoomAt,
} from '../../src/lib/status/migrationView';
import {parseMigrationDetails, parseMigrationNames, parseTimestamp} from '../../src/lib/status/parse';

const zero = (): Record<MigrationState, number> => ({
  done: 0,
  'in-pr': 0,
  'awaiting-pr': 0,
  'awaiting-parents': 0,
  'not-solvable': 0,
  'bot-error': 0,
});

test('progress: an open PR counts as done; all-zero gives 0 %, not NaN', () => {
  assert.deepEqual(measureProgress(zero()), {done: 0, total: 0, percent: 0});
  const counts = {
    ...zero(),
    done: 3,
    'in-pr': 1,
    'awaiting-pr': 2,
    'awaiting-parents': 1,
    'not-solvable': 1,
    'bot-error': 2,
  };
  assert.deepEqual(measureProgress(counts), {done: 4, total: 10, percent: 40});
  assert.equal(measureProgress({...zero(), 'in-pr': 5}).percent, 100);
});

test('progress segments: one per non-empty status, in order, shares of the total', () => {
  assert.deepEqual(progressSegments(zero()), []);
  const segments = progressSegments({...zero(), 'bot-error': 1, done: 3});
  assert.deepEqual(
    segments.map((s) => [s.state, s.count, s.percent]),
    [
      ['done', 3, 75],
      ['bot-error', 1, 25],
    ],
  );
});

const file = {
  done: ['numpy'],
  'in-pr': ['scipy'],
  'awaiting-pr': [],
  'bot-error': ['pandas'],
  extra_field: {ignored: true},
  _feedstock_status: {
    numpy: {
      immediate_children: ['scipy'],
      num_descendants: 12,
      pr_url: 'https://github.com/conda-forge/numpy-feedstock/pull/1',
      pr_status: 'clean',
      updated_at: '2025-10-01T12:00:00Z',
      surprise: 1,
    },
    scipy: {pr_status: 'unstable', updated_at: 1759320000, num_descendants: null},
    pandas: {pre_pr_migrator_status: '<b>solver</b> failed'},
  },
};

test('parse: lists and per-feedstock details; missing lists are empty; extra fields ignored', () => {
  const details = parseMigrationDetails(file);
  assert.deepEqual(details.counts, {...zero(), done: 1, 'in-pr': 1, 'bot-error': 1});
  const [numpy, scipy, pandas] = details.feedstocks;
  assert.deepEqual(numpy, {
    name: 'numpy',
    state: 'done',
    prUrl: 'https://github.com/conda-forge/numpy-feedstock/pull/1',
    prePrStatus: undefined,
    prStatus: 'clean',
    children: ['scipy'],
    descendants: 12,
    updatedAt: Date.UTC(2025, 9, 1, 12),
  });
  assert.equal(scipy.state, 'in-pr');
  assert.equal(scipy.updatedAt, 1759320000 * 1000, 'seconds are read as seconds');
  assert.equal(scipy.descendants, undefined, 'null is absent');
  assert.deepEqual(pandas.children, []);
  assert.equal(pandas.prePrStatus, '<b>solver</b> failed');
  // A feedstock without an entry in _feedstock_status, and a file without that map at all.
  assert.deepEqual(parseMigrationDetails({done: ['a']}).feedstocks[0].children, []);
});

test('parse: wrong shapes are a DataError', () => {
  const bad: unknown[] = [
    null,
    [],
    'text',
    {},
    {message: 'Not Found'},
    {done: 'numpy'},
    {done: [1, 2]},
    {done: ['a'], _feedstock_status: []},
    {done: ['a'], _feedstock_status: {a: 'yes'}},
    {done: ['a'], _feedstock_status: {a: {immediate_children: 'b'}}},
    {done: ['a'], _feedstock_status: {a: {num_descendants: '3'}}},
    {done: ['a'], _feedstock_status: {a: {num_descendants: -1}}},
    {done: ['a'], _feedstock_status: {a: {pr_url: 5}}},
    {done: ['a'], _feedstock_status: {a: {updated_at: true}}},
  ];
  for (const data of bad) assert.throws(() => parseMigrationDetails(data), DataError, JSON.stringify(data));
});

test('timestamps: ISO text, seconds or milliseconds; no value is absent, an unreadable one unknown (null)', () => {
  assert.equal(parseTimestamp('2025-01-02T03:04:05Z', 't'), Date.UTC(2025, 0, 2, 3, 4, 5));
  assert.equal(parseTimestamp(1_700_000_000, 't'), 1_700_000_000_000);
  assert.equal(parseTimestamp(1_700_000_000_000, 't'), 1_700_000_000_000);
  assert.equal(parseTimestamp('yesterday-ish', 't'), null);
  assert.equal(parseTimestamp(undefined, 't'), undefined);
  assert.throws(() => parseTimestamp({}, 't'), DataError);
});

test('CI badges: every pr_status value has a label and tone; unknown values shown as they are', () => {
  const expected: Record<string, [string, string]> = {
    clean: ['Passing', 'success'],
    unstable: ['Failing', 'danger'],
    behind: ['Passing*', 'success'],
    blocked: ['Blocked', 'danger'],
    dirty: ['Conflicts', 'warning'],
    draft: ['Draft', 'neutral'],
    has_hooks: ['Unknown*', 'neutral'],
    unknown: ['Unknown', 'neutral'],
  };
  assert.equal(CI_BADGES.length, Object.keys(expected).length);
  for (const [status, [label, tone]] of Object.entries(expected)) {
    const badge = ciBadge(status);
    assert.equal(badge?.label, label, status);
    assert.equal(badge?.tone, tone, status);
    assert.ok(badge?.description, status);
  }
  assert.equal(ciBadge(undefined), null);
  assert.equal(ciBadge('')?.label, undefined);
  assert.equal(ciBadge('CLEAN')?.label, 'Passing');
  assert.deepEqual([ciBadge('mystery')?.label, ciBadge('mystery')?.tone], ['mystery', 'neutral']);
});

const row = (name: string, extra: Partial<FeedstockStatus> = {}): FeedstockStatus => ({
  name,
  state: 'awaiting-pr',
  children: [],
  ...extra,
});

test('sorting: by each column, both directions, missing values last, ties by name', () => {
  const rows = [
    row('b', {descendants: 5, state: 'bot-error', prStatus: 'unstable', updatedAt: 200, children: ['x']}),
    row('a', {descendants: 5, state: 'done', prStatus: 'clean', updatedAt: 100}),
    row('c', {state: 'in-pr', children: ['x', 'y']}),
    row('d', {descendants: 9, prStatus: 'dirty', updatedAt: 300}),
  ];
  const names = (key: Parameters<typeof sortFeedstocks>[1], dir: 'ascending' | 'descending') =>
    sortFeedstocks(rows, key, dir)
      .map((r) => r.name)
      .join('');
  assert.equal(names('descendants', 'descending'), 'dabc');
  assert.equal(names('descendants', 'ascending'), 'abdc');
  assert.equal(names('name', 'ascending'), 'abcd');
  assert.equal(names('name', 'descending'), 'dcba');
  assert.equal(names('state', 'ascending'), 'acdb');
  assert.equal(names('ci', 'ascending'), 'adbc');
  assert.equal(names('updated', 'descending'), 'dbac');
  assert.equal(names('children', 'descending'), 'cbad');
  assert.equal(rows[0].name, 'b', 'the input is not reordered');
});

test('sorting 2,000 feedstocks orders every row by the key, ties by name', () => {
  const many = Array.from({length: 2000}, (_, i) =>
    row(`pkg${(i * 7919) % 2000}`, {descendants: i % 37, updatedAt: i * 1000}),
  );
  const sorted = sortFeedstocks(many, 'descendants', 'descending');
  assert.equal(sorted.length, 2000);
  for (let i = 1; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]];
    const ordered = (a.descendants ?? 0) > (b.descendants ?? 0) || (a.descendants === b.descendants && a.name < b.name);
    assert.ok(ordered, `${a.name} before ${b.name}`);
  }
});

test('relative time: largest whole unit, past and future; exact time in UTC', () => {
  const now = Date.UTC(2025, 10, 1, 12);
  // Under a minute, either way: "just now" (relative times are renewed once a minute).
  assert.equal(formatRelativeTime(now, now), 'just now');
  assert.equal(formatRelativeTime(now - 30_000, now), 'just now');
  assert.equal(formatRelativeTime(now + 59_000, now), 'just now');
  assert.equal(formatRelativeTime(now - 60_000, now), '1 minute ago');
  assert.equal(formatRelativeTime(now - 5 * 60_000, now), '5 minutes ago');
  assert.equal(formatRelativeTime(now - 3 * 3600_000, now), '3 hours ago');
  assert.equal(formatRelativeTime(now - 24 * 3600_000, now), 'yesterday');
  assert.equal(formatRelativeTime(now - 3 * 24 * 3600_000, now), '3 days ago');
  assert.equal(formatRelativeTime(now - 14 * 24 * 3600_000, now), '2 weeks ago');
  assert.equal(formatRelativeTime(now - 400 * 24 * 3600_000, now), 'last year');
  assert.equal(formatRelativeTime(now + 2 * 3600_000, now), 'in 2 hours');
  assert.match(formatExactTime(Date.UTC(2025, 9, 29, 14, 5)), /^October 29, 2025.*2:05\sPM UTC$/);
});

test('status lists, paused and closed notes', () => {
  const paused = {python314: 'python314 Migration Status', other: {}, pypy: 'Waiting for the PyPy 7.4 release'};
  const closed = {numpy2: 'numpy2 closed at 2025-03-04 05:06:07 UTC'};
  assert.deepEqual(parseMigrationNames(paused), ['other', 'pypy', 'python314']);
  assert.deepEqual(migrationNote('python314', paused, closed), {state: 'paused'});
  assert.deepEqual(migrationNote('pypy', paused, closed), {state: 'paused', text: 'Waiting for the PyPy 7.4 release'});
  assert.deepEqual(migrationNote('numpy2', paused, closed), {
    state: 'closed',
    closedAt: Date.UTC(2025, 2, 4, 5, 6, 7),
  });
  assert.equal(migrationNote('libboost', paused, closed), null);
  // Inherited names are not entries of a list.
  assert.equal(migrationNote('toString', paused, closed), null);
  assert.throws(() => parseMigrationNames(['python314']), DataError);
});

test('migration names: file names only', () => {
  for (const ok of ['python314', 'libboost_188', 'cuda118.1', 'r-base44', 'abseil+grpc'])
    assert.ok(isValidMigrationName(ok), ok);
  for (const bad of ['', '../secrets', 'a/b', ' x', 'a..b', '-x', 'x'.repeat(201)])
    assert.ok(!isValidMigrationName(bad), bad);
});

test('pan and zoom: zoom keeps the pointed spot still, scale is bounded, fit centres', () => {
  const view = {x: 10, y: 20, scale: 1};
  const zoomed = zoomAt(view, 2, 110, 120);
  assert.deepEqual(zoomed, {x: -90, y: -80, scale: 2});
  // The drawing point under (110, 120) stays there: (110 - x) / scale is unchanged.
  assert.equal((110 - zoomed.x) / zoomed.scale, (110 - view.x) / view.scale);
  assert.equal(zoomAt(view, 1000, 0, 0).scale, 8);
  assert.equal(zoomAt(view, 0.0001, 0, 0).scale, 0.05);
  assert.deepEqual(panBy(view, -5, 5), {x: 5, y: 25, scale: 1});
  assert.deepEqual(fitView(2000, 500, 1000, 500), {scale: 0.5, x: 0, y: 125});
  assert.deepEqual(fitView(100, 100, 1000, 500), {scale: 1, x: 450, y: 200}, 'small drawings are not enlarged');
  assert.equal(viewTransform({x: 1, y: 2.25, scale: 0.5}), 'translate(1.0px, 2.3px) scale(0.5000)');
});

test('a #feedstock link: the name decoded from the hash, and the page of rows it sits on', () => {
  assert.equal(feedstockFromHash('#numpy'), 'numpy');
  assert.equal(feedstockFromHash('#r-base%2Bx'), 'r-base+x');
  assert.equal(feedstockFromHash(''), null);
  assert.equal(feedstockFromHash('#'), null);
  assert.equal(feedstockFromHash('#%E0%A4%A'), '%E0%A4%A', 'bad encoding is kept as written');
  const rows = Array.from({length: 250}, (_, i) => ({name: `f${i}`, state: 'done' as const, children: []}));
  assert.equal(pageOf(rows, 'f0', 100), 0);
  assert.equal(pageOf(rows, 'f99', 100), 0);
  assert.equal(pageOf(rows, 'f100', 100), 1);
  assert.equal(pageOf(rows, 'f249', 100), 2);
  assert.equal(pageOf(rows, 'nope', 100), null);
});
