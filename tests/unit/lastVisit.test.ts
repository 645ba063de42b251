import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  compareSnapshots,
  describeChanges,
  MAX_NAMED,
  MAX_REMEMBERED,
  MAX_STUCK_NAMES,
  openVisit,
  parseVisits,
  SAME_VISIT_MS,
  serializeVisits,
  takeSnapshot,
  type Snapshot,
  type Visits,
} from '../../src/lib/status/lastVisit';
import type {FeedstockStatus, MigrationDetails, MigrationState} from '../../src/lib/status/migration';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 10, 20, 9);

/** Details with `n` feedstocks per status as listed; the stuck ones are named stuck-<state>-<i>. */
function details(counts: Partial<Record<MigrationState, number>>, {omitted = 0, prefix = ''} = {}): MigrationDetails {
  const full: Record<MigrationState, number> = {
    done: 0,
    'in-pr': 0,
    'awaiting-pr': 0,
    'awaiting-parents': 0,
    'not-solvable': 0,
    'bot-error': 0,
    ...counts,
  };
  const feedstocks: FeedstockStatus[] = [];
  for (const [state, n] of Object.entries(full) as Array<[MigrationState, number]>) {
    for (let i = 0; i < n; i++) feedstocks.push({name: `${prefix}${state}-${i}`, state, children: []});
  }
  return {counts: full, feedstocks: feedstocks.slice(0, feedstocks.length - omitted), omitted};
}

test('a snapshot keeps the counts and the stuck feedstocks by name, sorted', () => {
  const snap = takeSnapshot(details({done: 3, 'not-solvable': 2, 'bot-error': 1}), T0);
  assert.equal(snap.at, T0);
  assert.equal(snap.counts.done, 3);
  assert.deepEqual(snap.stuck, ['bot-error-0', 'not-solvable-0', 'not-solvable-1']);
});

test('a snapshot keeps no names when the table lacks some stuck ones, or when they are too many', () => {
  // 2 bot errors listed, 1 of them left out of the table: comparing names would be wrong.
  assert.equal(takeSnapshot(details({'bot-error': 2}, {omitted: 1}), T0).stuck, null);
  assert.equal(takeSnapshot(details({'not-solvable': MAX_STUCK_NAMES + 1}), T0).stuck, null);
  assert.equal(takeSnapshot(details({'not-solvable': MAX_STUCK_NAMES}), T0).stuck?.length, MAX_STUCK_NAMES);
});

test('first visit: nothing to compare with; the visit is remembered', () => {
  const current = takeSnapshot(details({done: 1}), T0);
  const {visits, since} = openVisit(new Map(), 'python314', current);
  assert.equal(since, null);
  assert.deepEqual(visits.get('python314'), {last: current, before: null});
});

test('a later visit compares with the last opening of the one before; a reload within the hour keeps comparing with it', () => {
  const first = takeSnapshot(details({done: 10, 'awaiting-pr': 50}), T0);
  let visits: Visits = openVisit(new Map(), 'python314', first).visits;

  const threeDaysLater = takeSnapshot(details({done: 50, 'awaiting-pr': 10}), T0 + 3 * DAY);
  let opened = openVisit(visits, 'python314', threeDaysLater);
  assert.equal(opened.since, first);
  visits = opened.visits;

  // A reload ten minutes later: still "since 3 days ago", not "since ten minutes ago".
  const reload = takeSnapshot(details({done: 51, 'awaiting-pr': 9}), T0 + 3 * DAY + 10 * 60_000);
  opened = openVisit(visits, 'python314', reload);
  assert.equal(opened.since, first);
  visits = opened.visits;
  assert.equal(visits.get('python314')?.last, reload);

  // Past the gap, a new visit: compared with the reload, the last opening of the previous visit.
  const nextVisit = takeSnapshot(details({done: 60}), reload.at + SAME_VISIT_MS);
  opened = openVisit(visits, 'python314', nextVisit);
  assert.equal(opened.since, reload);
});

test('a clock that went back counts as the same visit (never a negative gap)', () => {
  const first = takeSnapshot(details({done: 1}), T0);
  const visits = openVisit(new Map(), 'x', first).visits;
  const earlier = takeSnapshot(details({done: 2}), T0 - DAY);
  assert.equal(openVisit(visits, 'x', earlier).since, null);
});

test('other migrations are kept apart, and only the most recently opened are remembered', () => {
  let visits: Visits = new Map();
  for (let i = 0; i < MAX_REMEMBERED + 5; i++) {
    visits = openVisit(visits, `migration${i}`, takeSnapshot(details({done: i}), T0 + i * HOUR)).visits;
  }
  assert.equal(visits.size, MAX_REMEMBERED);
  assert.ok(!visits.has('migration0'), 'the oldest is forgotten');
  assert.ok(visits.has(`migration${MAX_REMEMBERED + 4}`));
  assert.equal(visits.get('migration7')?.last.counts.done, 7);
});

test('changes: done and in-PR counts, newly stuck and no longer stuck by name', () => {
  const before = takeSnapshot(details({done: 100, 'in-pr': 20, 'not-solvable': 3, 'bot-error': 1}), T0);
  const after: Snapshot = takeSnapshot(details({done: 140, 'in-pr': 10, 'not-solvable': 5}), T0 + 3 * DAY);
  const changes = compareSnapshots(before, after);
  // not-solvable-3 and -4 are new; bot-error-0 is gone.
  assert.deepEqual(changes, {
    since: T0,
    done: 40,
    inPr: -10,
    newlyStuck: 2,
    unstuck: 1,
    exact: true,
    newlyStuckNames: ['not-solvable-3', 'not-solvable-4'],
  });
  assert.deepEqual(describeChanges(changes), ['+40 done', '10 fewer in PR', '2 newly stuck', '1 no longer stuck']);
});

test('changes: a feedstock that moved from one stuck status to the other is not newly stuck', () => {
  const before: Snapshot = {...takeSnapshot(details({}), T0), stuck: ['foo']};
  const after: Snapshot = {...takeSnapshot(details({}), T0 + DAY), stuck: ['foo']};
  assert.deepEqual(describeChanges(compareSnapshots(before, after)), []);
});

test('changes: without names on one side, stuck feedstocks are compared by their number', () => {
  const before = takeSnapshot(details({'not-solvable': 600}), T0);
  const after = takeSnapshot(details({'not-solvable': 603, done: 1200}), T0 + DAY);
  assert.equal(before.stuck, null);
  const changes = compareSnapshots(before, after);
  assert.equal(changes.exact, false);
  assert.deepEqual(describeChanges(changes), ['+1,200 done', '3 more stuck']);
  const fewer = compareSnapshots(after, {...before, at: T0 + 2 * DAY});
  assert.deepEqual(describeChanges(fewer), ['1,200 fewer done', '3 fewer stuck']);
});

test('changes: at most MAX_NAMED newly stuck feedstocks are named, all are counted', () => {
  const before = takeSnapshot(details({}), T0);
  const after = takeSnapshot(details({'bot-error': MAX_NAMED + 5}), T0 + DAY);
  const changes = compareSnapshots(before, after);
  assert.equal(changes.newlyStuck, MAX_NAMED + 5);
  assert.equal(changes.newlyStuckNames.length, MAX_NAMED);
});

test('nothing changed: no parts', () => {
  const snap = takeSnapshot(details({done: 5, 'bot-error': 2}), T0);
  assert.deepEqual(describeChanges(compareSnapshots(snap, {...snap, at: T0 + DAY})), []);
});

test('storage: a round trip keeps every visit', () => {
  let visits: Visits = new Map();
  visits = openVisit(visits, 'python314', takeSnapshot(details({done: 3, 'bot-error': 1}), T0)).visits;
  visits = openVisit(visits, 'python314', takeSnapshot(details({done: 4}), T0 + DAY)).visits;
  visits = openVisit(visits, 'numpy2', takeSnapshot(details({'in-pr': 2}), T0 + 2 * DAY)).visits;
  assert.deepEqual(parseVisits(serializeVisits(visits)), visits);
});

test('storage: anything unreadable is left out, never thrown', () => {
  const good = {last: {at: T0, counts: takeSnapshot(details({done: 1}), T0).counts, stuck: []}, before: null};
  for (const raw of [null, '', 'not json', '[]', '42', 'null', '{"a":', JSON.stringify({python314: 'x'})]) {
    assert.equal(parseVisits(raw).size, 0, String(raw));
  }
  // A "__proto__" key as JSON can hold it (an object literal would set the prototype instead).
  const proto = `{"__proto__": ${JSON.stringify(good)}, `;
  const mixed = parseVisits(
    proto +
      JSON.stringify({
        python314: good,
        // Unsafe names are not migrations; an object-key name of JavaScript is one like any other.
        '../etc': good,
        constructor: {last: 'x'},
        negative: {...good, last: {...good.last, counts: {...good.last.counts, done: -1}}},
        fractional: {...good, last: {...good.last, counts: {...good.last.counts, done: 1.5}}},
        badTime: {...good, last: {...good.last, at: 'yesterday'}},
        badNames: {...good, last: {...good.last, stuck: [1, 2]}},
        tooManyNames: {
          ...good,
          last: {...good.last, stuck: Array.from({length: MAX_STUCK_NAMES + 1}, (_, i) => `n${i}`)},
        },
        missingCount: {...good, last: {at: T0, counts: {done: 1}, stuck: null}},
        badBefore: {...good, before: {at: T0}},
      }).slice(1),
  );
  assert.deepEqual([...mixed.keys()], ['python314', 'badBefore']);
  assert.equal(mixed.get('badBefore')?.before, null, 'an unreadable earlier visit is dropped, the latest kept');
  assert.equal(Object.getPrototypeOf({}).last, undefined, 'nothing reached the object prototype');
});

test('storage: a stored list longer than MAX_REMEMBERED is read up to it', () => {
  const entry = {last: {at: T0, counts: takeSnapshot(details({}), T0).counts, stuck: null}, before: null};
  const many = Object.fromEntries(Array.from({length: MAX_REMEMBERED + 10}, (_, i) => [`m${i}`, entry]));
  assert.equal(parseVisits(JSON.stringify(many)).size, MAX_REMEMBERED);
});
