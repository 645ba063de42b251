import {test} from 'node:test';
import assert from 'node:assert/strict';
import {DataError} from '../../src/lib/data/validate';
import {describeMigrationEntry, isStale, MAX_NOTE_LENGTH, STALE_AFTER} from '../../src/lib/status/freshness';
import {parseLatestCommitTime, parseMigrationList} from '../../src/lib/status/parse';

const HOUR = 3_600_000;

test('the newest commit of a GitHub commit list gives the time the files were written', () => {
  const list = [
    {sha: 'a1', commit: {author: {date: '2026-11-20T08:00:00Z'}, committer: {date: '2026-11-24T10:15:00Z'}}},
    {sha: 'b2', commit: {committer: {date: '2026-11-23T10:15:00Z'}}},
  ];
  assert.equal(parseLatestCommitTime(list), Date.UTC(2026, 10, 24, 10, 15));
});

test('a commit list of the wrong shape is a DataError, never a time', () => {
  for (const bad of [
    {},
    [],
    [null],
    [{sha: 'a1'}],
    [{commit: {}}],
    [{commit: {committer: {date: 'yesterday-ish'}}}],
    [{commit: {committer: {date: 1732443300}}}],
    {message: 'API rate limit exceeded'},
  ]) {
    assert.throws(() => parseLatestCommitTime(bad), DataError, JSON.stringify(bad));
  }
});

test('stale means older than the threshold of its kind, not equal to it', () => {
  const now = Date.UTC(2026, 10, 24, 12);
  assert.equal(isStale(now - 23 * HOUR, now, STALE_AFTER.statusFiles), false);
  assert.equal(isStale(now - 24 * HOUR, now, STALE_AFTER.statusFiles), false);
  assert.equal(isStale(now - 24 * HOUR - 1, now, STALE_AFTER.statusFiles), true);
  assert.equal(isStale(now - 3 * 24 * HOUR, now, STALE_AFTER.ciUsage), true);
  // A time ahead of the clock is not stale.
  assert.equal(isStale(now + HOUR, now, STALE_AFTER.ciUsage), false);
});

test('migration list descriptions: the bot labels say nothing, closing times and other words are kept', () => {
  assert.deepEqual(describeMigrationEntry('python313 Migration Status'), {});
  assert.deepEqual(describeMigrationEntry('  Boost 1.88  migration status '), {});
  assert.deepEqual(describeMigrationEntry(''), {});
  assert.deepEqual(describeMigrationEntry({note: 'object'}), {});
  assert.deepEqual(describeMigrationEntry(42), {});
  assert.deepEqual(describeMigrationEntry('numpy2 closed at 2025-03-04 05:06:07 UTC'), {
    closedAt: Date.UTC(2025, 2, 4, 5, 6, 7),
  });
  assert.deepEqual(describeMigrationEntry('numpy2 closed at 2025-03-04T05:06:07.123456 UTC'), {
    closedAt: Date.UTC(2025, 2, 4, 5, 6, 7),
  });
  // An impossible date is not a closing time, and not a note either.
  assert.deepEqual(describeMigrationEntry('x closed at 2025-13-45 99:99:99 UTC'), {});
  assert.deepEqual(describeMigrationEntry('Paused until the CUDA 12.9 compilers are on every platform'), {
    text: 'Paused until the CUDA 12.9 compilers are on every platform',
  });
  // Markup stays text (the view renders it as text), and a long note is cut.
  assert.deepEqual(describeMigrationEntry('<img src=x onerror=alert(1)>'), {text: '<img src=x onerror=alert(1)>'});
  const long = describeMigrationEntry('why '.repeat(500)).text ?? '';
  assert.equal(long.length, MAX_NOTE_LENGTH);
  assert.ok(long.endsWith('…'));
});

test('a migration list keeps the notes of the names it lists, and only those', () => {
  const data: Record<string, string> = {
    pypy: 'Waiting for PyPy',
    numpy2: 'numpy2 closed at 2025-03-04 05:06:07 UTC',
    boost: 'boost Migration Status',
  };
  for (let i = 0; i < 300; i += 1) data[`zz${String(i).padStart(3, '0')}`] = `note ${i}`;
  const list = parseMigrationList(data);
  assert.equal(list.total, 303);
  assert.equal(list.names.length, 200);
  assert.equal(list.notes.get('pypy')?.text, 'Waiting for PyPy');
  assert.equal(list.notes.get('numpy2')?.closedAt, Date.UTC(2025, 2, 4, 5, 6, 7));
  assert.equal(list.notes.has('boost'), false);
  // Names past the cap are not shown, so their notes are not kept.
  assert.equal(list.notes.has('zz299'), false);
  assert.equal(list.notes.size, 2 + 197);
});
