import {test} from 'node:test';
import assert from 'node:assert/strict';
import {GITHUB_HOSTS, safeUrl} from '../../src/lib/data/safeUrl';
import {parseLatestRelease} from '../../src/lib/download/index';
import {parseIncidents, parseMigrationDetails} from '../../src/lib/status/parse';
import {localUrl, shapeDocsearchResponse} from '../../src/lib/search/docsearch';

const HOSTILE = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'java\tscript:alert(1)',
  'jav&#x61;script:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'blob:https://github.com/1',
  '//github.com/x',
  '/relative/path',
  'https://user:pass@github.com/x',
  'https://github.com.evil.example/x',
  'https://evilgithub.com/x',
  'https://' + 'a'.repeat(3000) + '.com/',
  '',
];

test('safeUrl keeps http(s) addresses on the expected hosts and nothing else', () => {
  assert.equal(
    safeUrl('https://github.com/conda-forge/miniforge', GITHUB_HOSTS),
    'https://github.com/conda-forge/miniforge',
  );
  assert.equal(safeUrl('  HTTPS://GitHub.com/a  ', GITHUB_HOSTS), 'https://github.com/a');
  assert.equal(safeUrl('http://example.org/page'), 'http://example.org/page');
  for (const value of HOSTILE) assert.equal(safeUrl(value, GITHUB_HOSTS), null, JSON.stringify(value));
  for (const value of [null, undefined, 42, {href: 'https://github.com/'}, ['https://github.com/']])
    assert.equal(safeUrl(value), null);
});

test('the release link falls back to the tag page when html_url is not a GitHub http(s) page', () => {
  for (const html_url of ['javascript:alert(1)', 'data:text/html,x', 'https://evil.example/release'])
    assert.equal(
      parseLatestRelease({tag_name: '25.3.1-0', html_url}).url,
      'https://github.com/conda-forge/miniforge/releases/tag/25.3.1-0',
    );
});

test('an incident whose address is not a GitHub http(s) link keeps its title without a link', () => {
  const [incident] = parseIncidents(
    [
      {
        number: 1,
        title: 'Outage',
        html_url: 'javascript:alert(1)',
        state: 'open',
        labels: [{name: 'major outage'}],
        created_at: '2025-11-20T00:00:00Z',
        closed_at: null,
        body: '',
      },
    ],
    new Date('2025-11-21T00:00:00Z'),
  );
  assert.equal(incident.url, null);
  assert.equal(incident.title, 'Outage');
});

test('a migration row with a hostile pr_url has no link', () => {
  const {feedstocks} = parseMigrationDetails({
    'in-pr': ['a', 'b'],
    _feedstock_status: {
      a: {pr_url: 'javascript:alert(1)'},
      b: {pr_url: 'https://github.com/conda-forge/b-feedstock/pull/1'},
    },
  });
  assert.equal(feedstocks.find((f) => f.name === 'a')?.prUrl, undefined);
  assert.equal(feedstocks.find((f) => f.name === 'b')?.prUrl, 'https://github.com/conda-forge/b-feedstock/pull/1');
});

test('DocSearch hits whose address is not http(s) are dropped', () => {
  assert.equal(localUrl('javascript:alert(1)', 'https://conda-forge.org'), null);
  assert.equal(localUrl('https://conda-forge.org/docs/#a', 'https://conda-forge.org'), '/docs/#a');
  const {hits} = shapeDocsearchResponse(
    {
      hits: [
        {url: 'javascript:alert(1)', hierarchy: {lvl0: 'Docs', lvl1: 'Evil'}},
        {url: 'data:text/html,x', hierarchy: {lvl0: 'Docs', lvl1: 'Evil too'}},
        {url: 'https://conda-forge.org/docs/user/faq/', hierarchy: {lvl0: 'Docs', lvl1: 'FAQ'}},
      ],
      nbHits: 3,
    },
    'https://conda-forge.org',
  );
  assert.deepEqual(
    hits.map((hit) => hit.url),
    ['/docs/user/faq/'],
  );
});
