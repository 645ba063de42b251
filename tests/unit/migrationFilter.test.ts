import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  ALL_FILTER,
  ATTENTION,
  DEFAULT_FILTER,
  describeFilter,
  isLongWaiting,
  LONG_WAIT_DAYS,
  matchesFilter,
  needsAttention,
  onlyState,
  pressedStates,
  readFilter,
  sameFilter,
  toggleState,
  withState,
  writeFilter,
  type StatusFilter,
} from '../../src/lib/status/migrationFilter';
import {MIGRATION_STATES, type FeedstockStatus} from '../../src/lib/status/migration';

const DAY = 24 * 3_600_000;
const NOW = Date.UTC(2026, 10, 27, 12);
const feedstock = (state: FeedstockStatus['state'], updatedAt?: number): FeedstockStatus => ({
  name: `f-${state}`,
  state,
  children: [],
  updatedAt,
});

test('needs attention: not solvable, bot error, and PRs with no update for LONG_WAIT_DAYS days', () => {
  assert.ok(needsAttention(feedstock('not-solvable'), NOW));
  assert.ok(needsAttention(feedstock('bot-error'), NOW));
  assert.ok(isLongWaiting(feedstock('in-pr', NOW - LONG_WAIT_DAYS * DAY), NOW));
  assert.ok(!isLongWaiting(feedstock('in-pr', NOW - LONG_WAIT_DAYS * DAY + 1), NOW));
  assert.ok(!isLongWaiting(feedstock('in-pr'), NOW), 'no time, no verdict');
  assert.ok(!isLongWaiting(feedstock('done', NOW - 400 * DAY), NOW), 'a merged PR does not wait');
  for (const state of ['done', 'awaiting-pr', 'awaiting-parents'] as const)
    assert.ok(!needsAttention(feedstock(state), NOW));
  assert.ok(matchesFilter(feedstock('in-pr', NOW - 90 * DAY), ATTENTION, NOW));
  assert.ok(!matchesFilter(feedstock('in-pr', NOW - DAY), ATTENTION, NOW));
});

test('the default shows every status but Done; "all" every status', () => {
  assert.ok(!matchesFilter(feedstock('done'), DEFAULT_FILTER, NOW));
  for (const state of MIGRATION_STATES.filter((s) => s !== 'done')) {
    assert.ok(matchesFilter(feedstock(state), DEFAULT_FILTER, NOW), state);
  }
  for (const state of MIGRATION_STATES) assert.ok(matchesFilter(feedstock(state), ALL_FILTER, NOW), state);
});

test('toggling starts from what the buttons show; "only" keeps one status', () => {
  assert.deepEqual(toggleState(DEFAULT_FILTER, 'done'), ALL_FILTER);
  assert.deepEqual(toggleState(ALL_FILTER, 'bot-error'), {
    kind: 'states',
    states: ['done', 'in-pr', 'awaiting-pr', 'awaiting-parents', 'not-solvable'],
  });
  // From the attention view the stuck statuses read as pressed: a toggle continues from them.
  assert.deepEqual(pressedStates(ATTENTION), ['not-solvable', 'bot-error']);
  assert.deepEqual(toggleState(ATTENTION, 'done'), {kind: 'states', states: ['done', 'not-solvable', 'bot-error']});
  assert.deepEqual(toggleState(ATTENTION, 'bot-error'), {kind: 'states', states: ['not-solvable']});
  assert.deepEqual(onlyState('not-solvable'), {kind: 'states', states: ['not-solvable']});
  // Order does not depend on the clicks.
  assert.deepEqual(toggleState(onlyState('bot-error'), 'done'), {kind: 'states', states: ['done', 'bot-error']});
  assert.deepEqual(withState(ATTENTION, 'in-pr'), {kind: 'states', states: ['in-pr', 'not-solvable', 'bot-error']});
});

test('the address: written and read back the same, the default writes nothing', () => {
  const base = new URLSearchParams('name=python314');
  const cases: Array<[StatusFilter, string]> = [
    [DEFAULT_FILTER, 'name=python314'],
    [ATTENTION, 'name=python314&show=attention'],
    [ALL_FILTER, 'name=python314&show=all'],
    [onlyState('bot-error'), 'name=python314&show=bot-error'],
    [toggleState(ATTENTION, 'done'), 'name=python314&show=done&show=not-solvable&show=bot-error'],
    [{kind: 'states', states: []}, 'name=python314&show=none'],
  ];
  for (const [filter, written] of cases) {
    const params = writeFilter(base, filter);
    assert.equal(params.toString(), written);
    assert.ok(sameFilter(readFilter(params), filter), written);
  }
  assert.equal(base.toString(), 'name=python314', 'the given parameters are not changed');
  // A new filter replaces the old one.
  assert.equal(writeFilter(new URLSearchParams('name=x&show=all'), ATTENTION).toString(), 'name=x&show=attention');
});

test('the address: unknown or hostile values give the default, never an error', () => {
  for (const search of ['', 'show=', 'show=constructor', 'show=__proto__', 'show=DONE', `show=${'x'.repeat(10_000)}`]) {
    assert.deepEqual(readFilter(new URLSearchParams(search)), DEFAULT_FILTER, search.slice(0, 30));
  }
  // Known values among unknown ones are kept; repeats count once.
  assert.deepEqual(readFilter(new URLSearchParams('show=bot-error&show=bogus&show=bot-error')), onlyState('bot-error'));
  // A thousand repeats are not all read.
  const many = new URLSearchParams(Array.from({length: 1000}, () => 'show=bogus').join('&') + '&show=done');
  assert.deepEqual(readFilter(many), DEFAULT_FILTER);
});

test('descriptions say what is shown', () => {
  assert.equal(describeFilter(DEFAULT_FILTER), 'every status but Done');
  assert.equal(describeFilter(ALL_FILTER), 'every status');
  assert.match(describeFilter(ATTENTION), /^need attention: not solvable, bot error, or a pull request/);
  assert.equal(describeFilter(onlyState('in-pr')), 'status In PR');
  assert.equal(describeFilter(toggleState(onlyState('in-pr'), 'done')), 'status Done and In PR');
  assert.equal(
    describeFilter({kind: 'states', states: ['awaiting-pr', 'not-solvable', 'bot-error']}),
    'status Awaiting PR, Not solvable and Bot error',
  );
  assert.equal(describeFilter({kind: 'states', states: []}), 'no status selected');
});
