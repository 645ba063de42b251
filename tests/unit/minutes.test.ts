import {test} from 'node:test';
import assert from 'node:assert/strict';
import yaml from 'js-yaml';
import {clipTopic, minutesGist, splitDates, topicsFromMarkdown} from '../../src/lib/minutes/index';
import {gistsOf} from '../../plugins/minutes-index/index';
import {frontMatterOf, withTopics} from '../../scripts/minutes-topics';
import {minutesTemplate} from '../../scripts/new-minutes';

const PAGE = `---
title: "Core meeting, 2030-01-02"
sidebar_label: "2030-01-02"
tags: [meeting-notes]
---

## Summary
A meeting.

### Not a topic: outside the Topics section

## Topics
### \`stdlib("c")\` and the [macOS](https://example.org) baseline
Text.

\`\`\`markdown
### A heading inside a code block
\`\`\`

### Other items
### CUDA 12
### Deferred
### CUDA 12

## Decisions
### Also not a topic
`;

test('topics are the h3 headings under Topics, as plain text, without leftovers, code or repeats', () => {
  assert.deepEqual(topicsFromMarkdown(PAGE), ['stdlib("c") and the macOS baseline', 'CUDA 12']);
  assert.deepEqual(topicsFromMarkdown('## Summary\nNothing was discussed.\n'), []);
});

test('identifiers keep their underscores and stars; only real emphasis and code ticks go', () => {
  const page = (...headings: string[]) => `## Topics\n${headings.map((h) => `### ${h}\n`).join('')}`;
  assert.deepEqual(
    topicsFromMarkdown(
      page(
        'The run_exports vote',
        'Miniforge installers for x86_64',
        'Archiving `ruamel_yaml`',
        'Archiving the k* ecosystem',
        'stdlib in zip_keys and `__init__.py`',
        'Linting yum\\_requirements.txt',
      ),
    ),
    [
      'The run_exports vote',
      'Miniforge installers for x86_64',
      'Archiving ruamel_yaml',
      'Archiving the k* ecosystem',
      'stdlib in zip_keys and __init__.py',
      'Linting yum_requirements.txt',
    ],
  );
  assert.deepEqual(topicsFromMarkdown(page('**Bold**, _emphasis_, __strong__ and *stars*', '`a\\_b` and \\`c\\`')), [
    'Bold, emphasis, strong and stars',
    'a\\_b and `c`',
  ]);
  // What the fill script writes is what the minutes index shows.
  const filled = withTopics(`---\ntitle: x\n---\n\n${page('CUDA 10.2 migration and run_exports')}`);
  assert.ok(filled);
  assert.deepEqual(minutesGist(frontMatterOf(filled)), {topics: ['CUDA 10.2 migration and run_exports'], more: 0});
});

test('long topics are cut at a word boundary with an ellipsis; short ones are kept whole', () => {
  assert.equal(clipTopic('CUDA 12'), 'CUDA 12');
  const forty = 'Releasing on conda-forge first, and more'; // exactly 40 characters
  assert.equal(clipTopic(forty), forty);
  const cut = clipTopic('Releasing on conda-forge first, and contributions from companies');
  assert.equal(cut, 'Releasing on conda-forge first, and…');
  assert.ok(cut.length <= 40);
  // No space to cut at: cut inside the word rather than return nothing.
  assert.equal(clipTopic('x'.repeat(60), 10), `${'x'.repeat(9)}…`);
  // A cut never leaves a dangling comma or dash before the ellipsis.
  assert.equal(clipTopic('Governance, enhancement proposals and the about page', 14), 'Governance…');
});

test('the gist shows the first three topics and counts the rest', () => {
  assert.deepEqual(minutesGist({topics: ['A', 'B', 'C', 'D', 'E']}), {topics: ['A', 'B', 'C'], more: 2});
  assert.deepEqual(minutesGist({topics: [' A ']}), {topics: ['A'], more: 0});
  assert.deepEqual(minutesGist({topics: ['A', 'B', 'C', 'D']}, 4), {topics: ['A', 'B', 'C', 'D'], more: 0});
});

test('a page without notes gives its reason; incomplete front matter is refused with a readable message', () => {
  assert.deepEqual(minutesGist({no_notes: ' cancelled for low attendance '}), {
    noNotes: 'cancelled for low attendance',
  });
  assert.throws(() => minutesGist({}), /needs `topics`.*or `no_notes`/);
  assert.throws(() => minutesGist({topics: []}), /needs `topics`/);
  assert.throws(() => minutesGist({no_notes: '  '}), /needs `topics`/);
  assert.throws(() => minutesGist({topics: ['A', 3]}), /list of non-empty strings/);
  assert.throws(() => minutesGist({topics: ['A', ' ']}), /list of non-empty strings/);
  assert.throws(() => minutesGist({topics: ['A'], no_notes: 'cancelled'}), /both/);
});

test('the fill script adds the headings as a YAML list and leaves filled pages alone', () => {
  const filled = withTopics(PAGE);
  assert.ok(filled);
  assert.deepEqual(frontMatterOf(filled).topics, ['stdlib("c") and the macOS baseline', 'CUDA 12']);
  assert.ok(filled.endsWith(PAGE.slice(PAGE.indexOf('---\n\n## Summary'))), 'the body is unchanged');
  assert.equal(withTopics(filled), null);
  assert.equal(withTopics(PAGE.replace('tags:', 'no_notes: "cancelled"\ntags:')), null);
  assert.equal(withTopics('---\ntitle: x\n---\n\n## Summary\nNo record.\n'), null);
});

test('the plugin takes every minutes doc by date and names the page that lacks topics', () => {
  const doc = (id: string, text: string) => ({
    id,
    source: `@site/community/${id}.md`,
    frontMatter: frontMatterOf(text),
  });
  const docs = [
    doc('minutes/2030-01-16', '---\nno_notes: "cancelled"\n---\n'),
    doc('minutes/2030-01-02', withTopics(PAGE) as string),
    doc('governance', '---\ntitle: Governance\n---\n'),
  ];
  const gists = gistsOf(docs);
  assert.deepEqual(gists, {
    '2030-01-02': {topics: ['stdlib("c") and the macOS baseline', 'CUDA 12'], more: 0},
    '2030-01-16': {noNotes: 'cancelled'},
  });
  assert.deepEqual(Object.keys(gists), ['2030-01-02', '2030-01-16'], 'in date order');
  assert.throws(
    () => gistsOf([...docs, doc('minutes/2030-01-30', PAGE)]),
    /^Error: community\/minutes\/2030-01-30\.md: needs `topics`/,
  );
});

test('the new-minutes template carries topics, so a new page is listed with them', () => {
  const front = yaml.load(minutesTemplate('2030-02-13').split('---')[1]) as Record<string, unknown>;
  assert.deepEqual(minutesGist(front), {topics: ['First topic'], more: 0});
});

test('titles are cut around their ISO dates, and only there', () => {
  assert.deepEqual(splitDates('Core meeting, 2024-05-01'), [
    {text: 'Core meeting, ', date: false},
    {text: '2024-05-01', date: true},
  ]);
  assert.deepEqual(splitDates('From 2016-04-15 to 2025-10-29'), [
    {text: 'From ', date: false},
    {text: '2016-04-15', date: true},
    {text: ' to ', date: false},
    {text: '2025-10-29', date: true},
  ]);
  assert.deepEqual(splitDates('Python 3.13 in 2024'), [{text: 'Python 3.13 in 2024', date: false}]);
});
