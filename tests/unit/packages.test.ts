import {test} from 'node:test';
import {DOMParser as XmlDomParser} from '@xmldom/xmldom';
import assert from 'node:assert/strict';
import {DataError} from '../../src/lib/data/fetchData';
import {
  editDistance,
  matchesQuery,
  parseChannelRss as parseWithBrowserParser,
  RSS_ITEM_LIMIT,
  parseFeedstockOutputs,
  RANK_CAP,
  createSearch,
  searchPackages,
  splitMatch,
} from '../../src/lib/packages/index';

const index = parseFeedstockOutputs({
  NumPy: ['numpy'],
  numpy: ['numpy-extra'],
  'numpy-base': ['numpy'],
  numba: ['numba'],
  pynum: ['pynum'],
  libnumpyx: ['libnumpyx'],
  nu: ['nu'],
  scipy: ['scipy'],
  'py-numpy': ['py-numpy'],
});
const names = (query: string, limit?: number) => searchPackages(index, query, limit).results.map((e) => e.name);

test('parse: names lower-cased once, case duplicates merged, shortest names first', () => {
  assert.deepEqual(index.byName.get('numpy')?.feedstocks, ['numpy', 'numpy-extra']);
  assert.ok(!index.byName.has('NumPy'));
  const lengths = index.entries.map((e) => e.name.length);
  assert.deepEqual(
    lengths,
    [...lengths].sort((a, b) => a - b),
  );
});

test('parse: wrong shapes are a DataError', () => {
  for (const bad of [null, [], 'x', {}, {numpy: 'numpy'}, {numpy: [1]}]) {
    assert.throws(() => parseFeedstockOutputs(bad), DataError, JSON.stringify(bad));
  }
});

test('1–2 characters match by prefix, 3 or more by substring', () => {
  assert.equal(matchesQuery('pynum', 'nu'), false);
  assert.equal(matchesQuery('numba', 'nu'), true);
  assert.equal(matchesQuery('pynum', 'num'), true);
  assert.deepEqual(names('nu').sort(), ['nu', 'numba', 'numpy', 'numpy-base']);
  assert.ok(!names('nu').includes('pynum'), 'two characters do not match inside a name');
  assert.ok(names('num').includes('pynum'), 'three characters match inside a name');
  assert.ok(names('num').includes('libnumpyx'));
  assert.deepEqual(names('  NumPy '), names('numpy'), 'trimmed and case-insensitive');
  assert.deepEqual(names(''), []);
  assert.deepEqual(names('zzz'), []);
});

test('ranking: by normalised edit distance, then name', () => {
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('numpy', 'numpy'), 0);
  assert.deepEqual(names('numpy'), ['numpy', 'py-numpy', 'libnumpyx', 'numpy-base']);
  assert.deepEqual(names('num', 2), ['numba', 'numpy']);
  const {total, results} = searchPackages(index, 'num', 2);
  assert.equal(total, 6, 'the total counts every match, not only the shown ones');
  assert.equal(results.length, 2);
});

test('ranking over many matches only ranks a capped, best-first set, and stays correct', () => {
  const map: Record<string, string[]> = {};
  for (let i = 0; i < 25_000; i++) map[`pkg-${'x'.repeat(i % 40)}${i}`] = ['f'];
  map['pkg'] = ['pkg'];
  const big = parseFeedstockOutputs(map);
  const {total, results} = searchPackages(big, 'pkg');
  assert.equal(total, 25_001);
  assert.equal(results[0].name, 'pkg');
  assert.ok(RANK_CAP >= 100);
  // The best 100 by brute force over every match agree with the capped ranking.
  const brute = big.entries
    .map((e) => ({name: e.name, score: editDistance(e.name, 'pkg') / Math.max(e.name.length, 3)}))
    .sort((a, b) => a.score - b.score || (a.name < b.name ? -1 : 1))
    .slice(0, 100)
    .map((e) => e.name);
  assert.deepEqual(
    results.map((e) => e.name),
    brute,
  );
});

test('highlighting splits the name around the match', () => {
  assert.deepEqual(splitMatch('py-numpy', 'NUMPY'), {before: 'py-', match: 'numpy', after: ''});
  assert.deepEqual(splitMatch('numba', 'nu'), {before: '', match: 'nu', after: 'mba'});
  assert.deepEqual(splitMatch('pynum', 'nu'), {before: 'pynum', match: '', after: ''}, 'no prefix, no highlight');
  assert.deepEqual(splitMatch('scipy', ''), {before: 'scipy', match: '', after: ''});
});

const feed = (items: string) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>anaconda.org/conda-forge</title><link>https://anaconda.org</link>
${items}
</channel></rss>
`;

// Node has no DOMParser: the feed is read with xmldom's, which follows the same DOM interfaces.
const xml = new XmlDomParser({onError: () => {}}) as unknown as DOMParser;
const parseChannelRss = (text: string) => parseWithBrowserParser(text, xml);

test('RSS: first word of each item title and its date; the channel title is skipped', () => {
  const uploads = parseChannelRss(
    feed(`<item><title>numpy 2.3.4 [linux-64]</title><pubDate>Wed, 29 Oct 2025 10:00:00 GMT</pubDate></item>
<item>
  <title><![CDATA[r-base 4.5.1]]></title>
  <pubDate>Tue, 28 Oct 2025 09:00:00 GMT</pubDate>
</item>
<item><title>a&amp;b&#x2d;c 1</title></item>
<item><title>   </title><pubDate>x</pubDate></item>`),
  );
  assert.deepEqual(uploads, [
    {name: 'numpy', published: 'Wed, 29 Oct 2025 10:00:00 GMT'},
    {name: 'r-base', published: 'Tue, 28 Oct 2025 09:00:00 GMT'},
    {name: 'a&b-c', published: ''},
  ]);
  assert.deepEqual(parseChannelRss(feed('')), []);
});

test('RSS: a document that is not a complete feed is a DataError', () => {
  assert.throws(() => parseChannelRss('{"items": []}'), DataError);
  assert.throws(() => parseChannelRss('<html><body>Service unavailable</body></html>'), DataError);
  assert.throws(() => parseChannelRss(feed('<item><title>numpy 1</title>').slice(0, 120)), /incomplete or malformed/);
  assert.throws(() => parseChannelRss('<rss><title>no channel</title></rss>'), /not an RSS feed/);
  assert.throws(() => parseChannelRss('{"items": []}'), /not an RSS feed/);
});

// Five times the limit: enough to prove the cap. (The XML parser that stands in for the browser's
// DOMParser here is slow on huge documents, so the unit test stays small.)
test('RSS: a feed of many more items than the limit is read up to the limit', () => {
  const items = Array.from({length: RSS_ITEM_LIMIT * 5}, (_, i) => `<item><title>pkg${i} 1.0</title></item>`).join('');
  const uploads = parseChannelRss(feed(items));
  assert.equal(uploads.length, RSS_ITEM_LIMIT);
  assert.equal(uploads.at(-1)?.name, `pkg${RSS_ITEM_LIMIT - 1}`);
});

test('a search session (typing, deleting, jumping) always agrees with a plain filter', () => {
  const map: Record<string, string[]> = {};
  const parts = ['py', 'lib', 'num', 'arrow', 'data', 'r', 'io'];
  for (let i = 0; i < 3000; i++) map[`${parts[i % 7]}${parts[(i * 3) % 7]}-${parts[(i * 5) % 7]}${i % 97}`] = ['f'];
  const big = parseFeedstockOutputs(map);
  const search = createSearch(big);
  const naive = (q: string) => {
    const query = q.trim().toLowerCase();
    return big.entries.filter((e) => matchesQuery(e.name, query)).map((e) => e.name);
  };
  const session = [
    'n',
    'nu',
    'num',
    'nump',
    'numpy',
    'num',
    'numd',
    'numda',
    'ar',
    'arr',
    'arro',
    'arrow-',
    'rarrow',
    'r',
    'io-',
    'io-py1',
    'IO-PY',
    'lib',
    'xyz',
    'xyzw',
  ];
  for (const q of session) {
    const {total, results} = search(q, 1000);
    const expected = naive(q);
    assert.equal(total, expected.length, q);
    assert.deepEqual(new Set(results.map((e) => e.name)), new Set(expected.slice(0, 1000)), q);
  }
});
