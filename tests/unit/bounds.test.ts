import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MAX_INCIDENT_ISSUES, MAX_USAGE_POINTS, MAX_VERSION_UPDATES} from '../../src/lib/status/index';
import {MAX_FEEDSTOCKS, MAX_MIGRATIONS_PER_LIST} from '../../src/lib/status/migration';
import {
  parseIncidents,
  parseMigrationDetails,
  parseMigrationList,
  parseUsageReport,
  parseVersionStatus,
  readUsageReportInSteps,
} from '../../src/lib/status/parse';

// Every parser of remote data keeps a bounded number of items and says how many it left out, so a
// source that answers 100,000 items cannot freeze the tab.
const HUGE = 100_000;

test('CI usage: the latest points are kept, the total number is reported', () => {
  const start = Date.UTC(2020, 0, 1);
  const rates: Record<string, number> = {};
  for (let i = 0; i < HUGE; i++) rates[new Date(start + i * 60_000).toISOString()] = i;
  const report = parseUsageReport({total: 5, rates});
  assert.equal(report.points.length, MAX_USAGE_POINTS);
  assert.equal(report.pointCount, HUGE);
  assert.equal(report.points.at(-1)?.count, HUGE - 1, 'the newest point is kept');
  assert.equal(report.points[0].count, HUGE - MAX_USAGE_POINTS);
  const small = parseUsageReport({total: 1, rates: {'2025-01-01T00:00:00Z': 1}});
  assert.equal(small.pointCount, 1);
});

test('CI usage read in steps: the same newest points as a full sort of scrambled keys, with pauses', async () => {
  // 100,000 times, in scrambled key order.
  const start = Date.UTC(2024, 5, 1);
  const valid: Record<string, number> = {};
  for (let i = 0; i < HUGE; i++) valid[new Date(start + ((i * 7919) % HUGE) * 60_000).toISOString()] = i;
  let pauses = 0;
  const stepped = await readUsageReportInSteps(
    {total: 1, rates: valid},
    {
      pause: async () => {
        pauses++;
      },
      budgetMs: 0,
    },
  );
  assert.ok(pauses >= 10, `${pauses} pauses`);
  const expected = Object.entries(valid)
    .map(([key, count]) => ({time: Date.parse(key), count}))
    .sort((a, b) => a.time - b.time)
    .slice(-MAX_USAGE_POINTS);
  assert.deepEqual(stepped.points, expected);
  assert.deepEqual(parseUsageReport({total: 1, rates: valid}).points, expected);
});

test('version updates: at most MAX_VERSION_UPDATES names per list, with the full counts', () => {
  const names = Array.from({length: HUGE}, (_, i) => `pkg${i}`);
  const v = parseVersionStatus({queued: names, errored: names, errors: Object.fromEntries(names.map((n) => [n, 'x']))});
  assert.equal(v.queued.length, MAX_VERSION_UPDATES);
  assert.equal(v.errored.length, MAX_VERSION_UPDATES);
  assert.equal(v.queuedCount, HUGE);
  assert.equal(v.erroredCount, HUGE);
  assert.ok(v.errors.size <= MAX_VERSION_UPDATES);
  assert.equal(v.errors.get('pkg0'), 'x');
});

test('migration lists: at most MAX_MIGRATIONS_PER_LIST names, the first by name', () => {
  const list = Object.fromEntries(Array.from({length: HUGE}, (_, i) => [`m${String(i).padStart(6, '0')}`, 'x']));
  const {names, total} = parseMigrationList(list);
  assert.equal(names.length, MAX_MIGRATIONS_PER_LIST);
  assert.equal(total, HUGE);
  assert.equal(names[0], 'm000000');
});

test('migration details: at most MAX_FEEDSTOCKS rows, the counts cover every feedstock', () => {
  const done = Array.from({length: HUGE}, (_, i) => `f${i}`);
  const details = parseMigrationDetails({done, 'in-pr': ['x']});
  assert.equal(details.feedstocks.length, MAX_FEEDSTOCKS);
  assert.equal(details.counts.done, HUGE);
  assert.equal(details.counts['in-pr'], 1);
  assert.equal(details.omitted, HUGE + 1 - MAX_FEEDSTOCKS);
  // Rows that need attention come before finished ones: the open PR is kept, done rows are dropped.
  assert.ok(details.feedstocks.some((f) => f.name === 'x' && f.state === 'in-pr'));
});

test('incidents: only the first MAX_INCIDENT_ISSUES issues are read', () => {
  const now = new Date('2025-11-20T12:00:00Z');
  const issues = Array.from({length: HUGE}, (_, number) => ({
    number,
    title: `Issue ${number}`,
    html_url: `https://github.com/conda-forge/status/issues/${number}`,
    state: 'open',
    labels: [{name: 'investigating'}],
    created_at: '2025-11-19T00:00:00Z',
    closed_at: null,
    body: '',
  }));
  assert.equal(parseIncidents(issues, now).length, MAX_INCIDENT_ISSUES);
});
