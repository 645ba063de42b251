import {test} from 'node:test';
import assert from 'node:assert/strict';
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import {checkDate, createMinutes, MINUTES_DIR} from '../../scripts/new-minutes';

test('dates are checked', () => {
  assert.equal(checkDate('2025-11-12'), null);
  assert.match(checkDate(undefined) ?? '', /YYYY-MM-DD/);
  assert.match(checkDate('12/11/2025') ?? '', /not a date/);
  assert.match(checkDate('2025-02-30') ?? '', /not a real calendar date/);
});

test('a new page is written from the template, with valid front matter', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'minutes-'));
  const file = createMinutes('2025-11-12', dir);
  const text = readFileSync(file, 'utf8');
  const front = yaml.load(text.split('---')[1]) as Record<string, unknown>;
  assert.equal(front.sidebar_label, '2025-11-12');
  assert.deepEqual(front.tags, ['meeting-notes']);
  for (const heading of ['## Summary', '## Topics', '## Decisions', '## Follow-ups']) assert.ok(text.includes(heading));
  assert.throws(() => createMinutes('2025-11-12', dir), /already exist/);
});

test('the npm script refuses an existing date and a bad date with a clear message', () => {
  const existing = readdirSync(MINUTES_DIR)
    .find((f) => f.endsWith('.md'))!
    .replace('.md', '');
  const run = (arg: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/new-minutes.ts', arg], {encoding: 'utf8'});
  const clash = run(existing);
  assert.equal(clash.status, 1);
  assert.match(clash.stderr, /already exist/);
  const bad = run('2025-13-01');
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /not a real calendar date/);
});
