import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  cardOutageSentence,
  createSourceRegistry,
  outageSentence,
  sameSummary,
  summarize,
  type SourceReport,
} from '../../src/lib/status/outage';
import {countOf} from '../../src/lib/status/index';

const noop = () => undefined;
const report = (source: string, status: SourceReport['status'], extra: Partial<SourceReport> = {}): SourceReport => ({
  source,
  label: source,
  card: 'cloud',
  status,
  retry: noop,
  ...(status === 'error' ? {message: `${source} failed.`} : {}),
  ...extra,
});

test('summary: distinct sources; one reported twice counts once, loading while any report loads', () => {
  const summary = summarize([
    report('a', 'ready'),
    report('b', 'error'),
    report('c', 'error'),
    report('shared', 'error', {card: 'migrations'}),
    report('shared', 'error', {card: 'version'}),
    report('slow', 'loading'),
    report('slow', 'error'),
  ]);
  assert.equal(summary.total, 5);
  assert.equal(summary.loading, 1);
  assert.deepEqual(
    summary.failed.map((f) => [f.source, f.message]),
    [
      ['b', 'b failed.'],
      ['c', 'c failed.'],
      ['shared', 'shared failed.'],
    ],
  );
  assert.equal(outageSentence(summary), '3 of 5 live sources could not be reached.');
  assert.equal(outageSentence(summarize([report('a', 'error')])), '1 of 1 live source could not be reached.');
});

test('counts with their noun: one is singular (no "1 results")', () => {
  assert.equal(countOf(1, 'migration'), '1 migration');
  assert.equal(countOf(0, 'migration'), '0 migrations');
  assert.equal(countOf(2417, 'value'), '2,417 values');
  assert.equal(countOf(2, 'child', 'children'), '2 children');
});

test('card sentences: all of them, or how many', () => {
  assert.equal(cardOutageSentence(1, 1), 'Could not be reached.');
  assert.equal(cardOutageSentence(8, 8), 'Could not be reached.');
  assert.equal(cardOutageSentence(2, 8), '2 of 8 sources could not be reached.');
  assert.equal(cardOutageSentence(1, 2), '1 of 2 sources could not be reached.');
});

test('sameSummary compares what a summary says', () => {
  const a = summarize([report('a', 'error'), report('b', 'ready')]);
  assert.ok(sameSummary(a, summarize([report('a', 'error'), report('b', 'ready')])));
  assert.ok(!sameSummary(a, summarize([report('a', 'error', {message: 'other'}), report('b', 'ready')])));
  assert.ok(!sameSummary(a, summarize([report('a', 'error'), report('b', 'loading')])));
  assert.ok(!sameSummary(a, null));
  assert.ok(sameSummary(null, null));
});

test('registry: reports by place, a new snapshot only after a change, retry of the failed ones (of one card)', () => {
  const registry = createSourceRegistry();
  let heard = 0;
  const stop = registry.subscribe(() => heard++);
  const retried: string[] = [];
  const retry = (name: string) => () => retried.push(name);
  const cdn = report('cdn', 'error', {card: 'repos', retry: retry('cdn')});
  registry.set('p1', cdn);
  registry.set('p2', report('github', 'error', {card: 'cloud', retry: retry('github')}));
  registry.set('p3', report('quay', 'ready', {card: 'cloud', retry: retry('quay')}));
  assert.equal(heard, 3);
  const snapshot = registry.snapshot();
  registry.set('p1', {...cdn});
  assert.equal(heard, 3, 'the same report again is no change');
  assert.equal(registry.snapshot(), snapshot, 'and keeps the snapshot');

  registry.retryFailed('cloud');
  assert.deepEqual(retried, ['github']);
  registry.retryFailed();
  assert.deepEqual(retried, ['github', 'cdn', 'github']);

  registry.delete('p2');
  assert.equal(registry.snapshot().length, 2);
  registry.delete('p2');
  assert.equal(heard, 4, 'deleting what is not there is no change');
  stop();
  registry.set('p4', report('x', 'loading'));
  assert.equal(heard, 4, 'an unsubscribed listener hears nothing');
});
