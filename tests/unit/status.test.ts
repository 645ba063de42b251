import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createLimiter} from '../../src/lib/data/limiter';
import {axisTicks, labelIndices} from '../../src/lib/status/chart';
import {DataError} from '../../src/lib/data/validate';
import {
  cdnAgeMinutes,
  parseCloudStatus,
  parseIncidents,
  parseMigrationDetails,
  parseMigrationNames,
  parseServiceHealth,
  parseUsageReport,
  parseVersionStatus,
} from '../../src/lib/status/parse';
import {DEFAULT_SOURCES} from '../../src/lib/data/sources';
import {sortMissingLast} from '../../src/lib/status/sort';
import {
  cdnHealth,
  CLOUD_SERVICES,
  DEFAULT_COLLAPSED,
  DEFAULT_SORT,
  formatUtc,
  healthTone,
  migrationRow,
  nextSort,
  parseCollapsed,
  parseSortState,
  recipeUrl,
  SECTIONS,
  sortMigrationRows,
  worstSeverity,
  type MigrationRow,
} from '../../src/lib/status/index';

// --- Cloud services ------------------------------------------------------------------------

test('Statuspage answers ({status: {description}}) are normalised', () => {
  assert.deepEqual(
    parseCloudStatus({page: {id: 'x'}, status: {indicator: 'none', description: 'All Systems Operational'}}),
    {
      text: 'All Systems Operational',
      ok: true,
    },
  );
  assert.deepEqual(parseCloudStatus({status: {indicator: 'minor', description: 'Partially Degraded Service'}}), {
    text: 'Partially Degraded Service',
    ok: false,
  });
});

test('monitor answers ({status: "…"}) use the same vocabulary', () => {
  assert.deepEqual(parseCloudStatus({status: 'Everything is looking good'}), {
    text: 'All Systems Operational',
    ok: true,
  });
  assert.deepEqual(parseCloudStatus({status: 'operational'}), {text: 'All Systems Operational', ok: true});
  assert.deepEqual(parseCloudStatus({status: '  OPERATIONAL '}), {text: 'All Systems Operational', ok: true});
  // Unknown text is shown as it is, as a warning.
  assert.deepEqual(parseCloudStatus({status: 'Some   jobs are queued'}), {text: 'Some jobs are queued', ok: false});
});

test('a cloud status of the wrong shape is a DataError', () => {
  for (const bad of [null, [], 'operational', {}, {status: 3}, {status: {indicator: 'none'}}, {status: '   '}]) {
    assert.throws(() => parseCloudStatus(bad), DataError, JSON.stringify(bad));
  }
});

test('every cloud service points at a registered source and a status page', () => {
  assert.equal(CLOUD_SERVICES.length, 8);
  for (const service of CLOUD_SERVICES) {
    assert.ok(DEFAULT_SOURCES[service.source], service.title);
    assert.match(service.link, /^https:\/\//);
  }
  assert.deepEqual(
    CLOUD_SERVICES.map((s) => s.title),
    ['Anaconda', 'AppVeyor', 'Azure DevOps', 'Circle CI', 'GitHub', 'Open GPU Server', 'Quay.io', 'Travis CI'],
  );
});

// --- Repos and bots --------------------------------------------------------------------------

test('CDN freshness: under 20 minutes operational, under 40 degraded, then a major outage', () => {
  assert.equal(cdnHealth(0), 'operational');
  assert.equal(cdnHealth(19), 'operational');
  assert.equal(cdnHealth(20), 'degraded');
  assert.equal(cdnHealth(39), 'degraded');
  assert.equal(cdnHealth(40), 'major outage');
  assert.equal(cdnHealth(Number.NaN), 'unknown');
});

test('CDN age is whole minutes from the plain-text time', () => {
  const now = new Date('2025-11-20T12:00:00Z');
  assert.equal(cdnAgeMinutes('2025-11-20T11:40:30Z\n', now), 19);
  assert.equal(cdnAgeMinutes('2025-11-20T11:40:00Z', now), 20);
  assert.equal(cdnAgeMinutes('2025-11-20T11:20:01Z', now), 39);
  assert.equal(cdnAgeMinutes('2025-11-20T11:20:00Z', now), 40);
  assert.equal(cdnAgeMinutes('2025-11-20T12:05:00Z', now), 0, 'a clock ahead counts as fresh');
  assert.equal(cdnHealth(cdnAgeMinutes('2025-11-20T11:40:01Z', now)), 'operational');
  assert.throws(() => cdnAgeMinutes('<html>not found</html>', now), DataError);
  assert.throws(() => cdnAgeMinutes('', now), DataError);
});

test('health words map to badge tones', () => {
  assert.equal(healthTone('operational'), 'success');
  assert.equal(healthTone('degraded'), 'warning');
  assert.equal(healthTone('major outage'), 'danger');
  assert.equal(healthTone('something new'), 'warning');
  assert.equal(parseServiceHealth({status: 'operational'}), 'operational');
  assert.throws(() => parseServiceHealth({status: 1}), DataError);
  assert.throws(() => parseServiceHealth('operational'), DataError);
});

// --- Incidents -------------------------------------------------------------------------------

const NOW = new Date('2025-11-20T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();

function issue(number: number, labels: string[], extra: Record<string, unknown> = {}) {
  return {
    number,
    title: `Issue ${number}`,
    html_url: `https://github.com/conda-forge/status/issues/${number}`,
    state: 'open',
    labels: labels.map((name) => ({name})),
    created_at: daysAgo(100 - number),
    closed_at: null,
    body: `Body of ${number}`,
    ...extra,
  };
}

test('only issues with an incident label are incidents; pull requests never are', () => {
  const incidents = parseIncidents(
    [
      issue(1, ['question']),
      issue(2, ['investigating']),
      issue(3, ['Degraded Performance']),
      issue(4, []),
      issue(5, ['major outage'], {pull_request: {url: 'x'}}),
      issue(6, ['maintenance', 'docs']),
      {...issue(7, []), labels: ['major outage']},
    ],
    NOW,
  );
  assert.deepEqual(incidents.map((i) => i.number).sort(), [2, 3, 6, 7]);
  assert.equal(incidents.find((i) => i.number === 3)?.severity, 'degraded performance');
  assert.equal(incidents.find((i) => i.number === 7)?.severity, 'major outage');
});

test('closed incidents stay for 90 days; open ones are ongoing and come first', () => {
  const incidents = parseIncidents(
    [
      issue(10, ['investigating'], {state: 'closed', closed_at: daysAgo(89), created_at: daysAgo(89.5)}),
      issue(11, ['investigating'], {state: 'closed', closed_at: daysAgo(91), created_at: daysAgo(92)}),
      issue(12, ['maintenance'], {state: 'closed', closed_at: null}),
      issue(13, ['degraded performance'], {created_at: daysAgo(200)}),
      issue(14, ['major outage'], {state: 'closed', closed_at: daysAgo(1), created_at: daysAgo(2)}),
    ],
    NOW,
  );
  assert.deepEqual(
    incidents.map((i) => [i.number, i.ongoing]),
    [
      [13, true],
      [14, false],
      [10, false],
    ],
  );
  assert.equal(incidents[1].closedAt, daysAgo(1));
  assert.equal(incidents[0].closedAt, null);
});

test('the worst severity among ongoing incidents leads the header', () => {
  const incidents = parseIncidents(
    [
      issue(20, ['maintenance']),
      issue(21, ['investigating', 'degraded performance']),
      issue(22, ['major outage'], {state: 'closed', closed_at: daysAgo(1)}),
    ],
    NOW,
  );
  assert.equal(
    incidents.find((i) => i.number === 21)?.severity,
    'degraded performance',
    'the worst label of an issue wins',
  );
  assert.equal(worstSeverity(incidents), 'degraded performance', 'resolved incidents do not count');
  assert.equal(worstSeverity(incidents.filter((i) => !i.ongoing)), null);
  assert.equal(worstSeverity([]), null);
});

test('malformed issue lists are a DataError', () => {
  assert.throws(() => parseIncidents({message: 'API rate limit exceeded'}, NOW), /not a list/);
  assert.throws(() => parseIncidents([null], NOW), DataError);
  assert.throws(() => parseIncidents([issue(30, ['investigating'], {title: 5})], NOW), /title of issue #30/);
  assert.throws(() => parseIncidents([issue(31, ['investigating'], {created_at: 'yesterday'})], NOW), /not a date/);
  // A body may be missing (null in the API).
  assert.equal(parseIncidents([issue(32, ['investigating'], {body: null})], NOW)[0].body, '');
});

test('incident times read YYYY/M/D HH:mm:ss UTC', () => {
  assert.equal(formatUtc('2025-03-07T04:05:06Z'), '2025/3/7 04:05:06 UTC');
  assert.equal(formatUtc('2025-12-31T23:59:59+02:00'), '2025/12/31 21:59:59 UTC');
});

// --- Migrations -------------------------------------------------------------------------------

function details(counts: Partial<Record<string, number>>) {
  const data: Record<string, string[]> = {};
  for (const [state, n] of Object.entries(counts))
    data[state] = Array.from({length: n ?? 0}, (_, i) => `${state}-${i}`);
  return parseMigrationDetails(data);
}

test('migration lists are names; rows carry counts and progress', () => {
  assert.deepEqual(parseMigrationNames({python313: 'Python 3.13', boost188: 'boost'}), ['boost188', 'python313']);
  assert.throws(() => parseMigrationNames(['python313']), DataError);
  const row = migrationRow(
    'python313',
    details({done: 3, 'in-pr': 1, 'awaiting-pr': 2, 'awaiting-parents': 1, 'not-solvable': 1, 'bot-error': 2}),
  );
  assert.deepEqual(row.progress, {done: 4, total: 10, percent: 40});
  assert.equal(row.counts?.['bot-error'], 2);
  assert.deepEqual(migrationRow('pending'), {name: 'pending'});
});

test('migration rows sort by any column, unknown progress last', () => {
  const rows: MigrationRow[] = [
    migrationRow('b', details({done: 1, 'awaiting-pr': 1})), // 50 %
    migrationRow('a', details({done: 3, 'bot-error': 1})), // 75 %
    migrationRow('c'),
    migrationRow('d', details({'awaiting-pr': 4})), // 0 %
    migrationRow('e', details({done: 1, 'in-pr': 2, 'bot-error': 3})), // 50 %
  ];
  const names = (by: Parameters<typeof sortMigrationRows>[1]) =>
    sortMigrationRows(rows, by)
      .map((r) => r.name)
      .join('');
  assert.equal(names({by: 'name', order: 'ascending'}), 'abcde');
  assert.equal(names({by: 'name', order: 'descending'}), 'edcba');
  assert.equal(names({by: 'status', order: 'ascending'}), 'dbeac', 'ties by name, unknown last');
  assert.equal(names({by: 'status', order: 'descending'}), 'abedc', 'unknown stays last');
  assert.equal(names({by: 'bot-error', order: 'descending'}), 'eabdc');
  assert.equal(names({by: 'awaiting-pr', order: 'ascending'}), 'aebdc');
  assert.equal(rows[0].name, 'b', 'the input is not reordered');
});

test('the sort toggles on the same column and restarts ascending on another', () => {
  assert.deepEqual(nextSort(DEFAULT_SORT, 'name'), {by: 'name', order: 'descending'});
  assert.deepEqual(nextSort({by: 'name', order: 'descending'}, 'name'), {by: 'name', order: 'ascending'});
  assert.deepEqual(nextSort({by: 'name', order: 'descending'}, 'done'), {by: 'done', order: 'ascending'});
});

test('stored sort and collapse states are validated, with defaults', () => {
  assert.deepEqual(parseSortState(JSON.stringify({by: 'bot-error', order: 'descending'})), {
    by: 'bot-error',
    order: 'descending',
  });
  assert.deepEqual(parseSortState(JSON.stringify({by: 'status', order: 'ascending'})), {
    by: 'status',
    order: 'ascending',
  });
  for (const bad of [
    null,
    '',
    '{',
    '[]',
    JSON.stringify({by: 'size', order: 'ascending'}),
    JSON.stringify({by: 'done', order: 'up'}),
  ]) {
    assert.deepEqual(parseSortState(bad), DEFAULT_SORT, String(bad));
  }
  assert.equal(DEFAULT_COLLAPSED.closed, true);
  assert.equal(DEFAULT_COLLAPSED.regular, false);
  assert.deepEqual(parseCollapsed(JSON.stringify({closed: false, regular: true, longterm: 'yes'})), {
    longterm: false,
    regular: true,
    paused: false,
    closed: false,
  });
  assert.deepEqual(parseCollapsed('not json'), DEFAULT_COLLAPSED);
  assert.deepEqual(parseCollapsed(null), DEFAULT_COLLAPSED);
});

test('the limiter keeps at most N tasks in flight and runs them all', async () => {
  const limit = createLimiter(3);
  let active = 0;
  let peak = 0;
  const task = (value: number) => async () => {
    active += 1;
    peak = Math.max(peak, active);
    await new Promise((resolve) => setTimeout(resolve, 2 + (value % 3)));
    active -= 1;
    if (value === 4) throw new Error('four fails');
    return value * 2;
  };
  const results = await Promise.allSettled(Array.from({length: 10}, (_, i) => limit(task(i))));
  assert.equal(peak, 3);
  assert.equal(results.filter((r) => r.status === 'fulfilled').length, 9);
  assert.deepEqual(results[9], {status: 'fulfilled', value: 18});
  // A task that throws synchronously releases its slot too.
  const one = createLimiter(1);
  await assert.rejects(
    one(() => {
      throw new Error('sync');
    }),
  );
  assert.equal(await one(async () => 'after'), 'after');
});

// --- CI usage charts ---------------------------------------------------------------------------

test('usage reports become points in time order', () => {
  const report = parseUsageReport({
    total: 42,
    rates: {'2025-11-20T12:00:00Z': 5, '2025-11-20T10:00:00Z': 7, '2025-11-20T11:00:00+00:00': 0},
    repos: {'numpy-feedstock': 3},
  });
  assert.equal(report.total, 42);
  assert.deepEqual(
    report.points.map((p) => [new Date(p.time).toISOString(), p.count]),
    [
      ['2025-11-20T10:00:00.000Z', 7],
      ['2025-11-20T11:00:00.000Z', 0],
      ['2025-11-20T12:00:00.000Z', 5],
    ],
  );
  assert.deepEqual(parseUsageReport({total: 0, rates: {}}).points, []);
  assert.throws(() => parseUsageReport({rates: {}}), /total is not a number/);
  assert.throws(() => parseUsageReport({total: 1, rates: {soon: 1}}), /"soon" is not a time/);
  assert.throws(() => parseUsageReport({total: 1, rates: {'2025-11-20T10:00:00Z': '7'}}), DataError);
  assert.throws(() => parseUsageReport({total: 1, rates: [1, 2]}), DataError);
});

test('axis ticks are round and cover the maximum', () => {
  assert.deepEqual(axisTicks(100), [0, 20, 40, 60, 80, 100]);
  assert.deepEqual(axisTicks(7), [0, 2, 4, 6, 8]);
  assert.deepEqual(axisTicks(3), [0, 1, 2, 3]);
  assert.deepEqual(axisTicks(0), [0, 1]);
  const big = axisTicks(12_345);
  assert.ok(big.at(-1)! >= 12_345 && big.length <= 7, big.join());
  assert.ok(big.every((t, i) => i === 0 || t - big[i - 1] === big[1]));
});

test('time labels are spread over the bars, first and last included', () => {
  assert.deepEqual(labelIndices(3, 5), [0, 1, 2]);
  assert.deepEqual(labelIndices(11, 3), [0, 5, 10]);
  assert.deepEqual(labelIndices(0, 4), []);
  const many = labelIndices(168, 6);
  assert.equal(many.length, 6);
  assert.equal(many[0], 0);
  assert.equal(many.at(-1), 167);
});

// --- Version updates ---------------------------------------------------------------------------

test('version updates: queued, errored and error texts', () => {
  const v = parseVersionStatus({
    queued: ['numpy', 'scipy'],
    errored: ['pandas'],
    errors: {pandas: '```\nTraceback\n```', ignored: 5},
  });
  assert.deepEqual(v, {
    queued: ['numpy', 'scipy'],
    queuedCount: 2,
    errored: ['pandas'],
    erroredCount: 1,
    errors: new Map([['pandas', '```\nTraceback\n```']]),
  });
  assert.deepEqual(parseVersionStatus({}), {
    queued: [],
    queuedCount: 0,
    errored: [],
    erroredCount: 0,
    errors: new Map(),
  });
  assert.throws(() => parseVersionStatus({queued: 'numpy'}), DataError);
  assert.throws(() => parseVersionStatus({errored: [1]}), DataError);
  assert.throws(() => parseVersionStatus({errors: []}), DataError);
  assert.throws(() => parseVersionStatus([]), DataError);
  assert.equal(recipeUrl('numpy'), 'https://github.com/conda-forge/numpy-feedstock/blob/main/recipe/meta.yaml');
});

test('the table of contents lists the eight cards in page order', () => {
  assert.deepEqual(
    SECTIONS.map((s) => s.id),
    ['incidents', 'repos', 'cloud', 'migrations', 'azure', 'github', 'travis', 'version'],
  );
});

test('the status tables share one order: values by direction, missing values last either way, ties by name', () => {
  const rows = [
    {name: 'b', v: 2},
    {name: 'a', v: undefined},
    {name: 'c', v: 2},
    {name: 'd', v: 1},
  ];
  const names = (direction: 'ascending' | 'descending') =>
    sortMissingLast(rows, (row) => row.v, direction).map((row) => row.name);
  assert.deepEqual(names('ascending'), ['d', 'b', 'c', 'a']);
  assert.deepEqual(names('descending'), ['b', 'c', 'd', 'a']);
});
