import {test} from 'node:test';
import {DOMParser as XmlDomParser} from '@xmldom/xmldom';
import assert from 'node:assert/strict';
import {DataError} from '../../src/lib/data/validate';
import {
  editDistance,
  matchesQuery,
  RSS_ITEM_LIMIT,
  describeFeedstocks,
  feedstockUrl,
  MAX_NAME_LENGTH,
  MAX_PACKAGES,
  nameBreaks,
  packagesOfFeedstock,
  parseQuery,
  RANK_CAP,
  createSearch,
  searchPackages,
  splitMatch,
} from '../../src/lib/packages/index';
import {
  buildIndexInSteps,
  feedItemsPast,
  parseChannelRss as parseWithBrowserParser,
  parseChannelRssInSteps,
  parseFeedstockOutputs,
} from '../../src/lib/packages/parse';

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
  const q = (text: string) => parseQuery(text)!;
  assert.equal(matchesQuery('pynum', q('nu')), false);
  assert.equal(matchesQuery('numba', q('nu')), true);
  assert.equal(matchesQuery('pynum', q('num')), true);
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

test('query forms: quotes and ^…$ are exact, ^ and $ anchor one end, plain text keeps its rules', () => {
  assert.deepEqual(parseQuery('  "NumPy" '), {kind: 'exact', text: 'numpy'});
  assert.deepEqual(parseQuery('^numpy$'), {kind: 'exact', text: 'numpy'});
  assert.deepEqual(parseQuery('^py'), {kind: 'prefix', text: 'py'});
  assert.deepEqual(parseQuery('^pyt'), {kind: 'prefix', text: 'pyt'});
  assert.deepEqual(parseQuery('py$'), {kind: 'suffix', text: 'py'});
  assert.deepEqual(parseQuery('nu'), {kind: 'prefix', text: 'nu'});
  assert.deepEqual(parseQuery('num'), {kind: 'contains', text: 'num'});
  for (const empty of ['', '   ', '^', '$', '^$', '""', '" "']) assert.equal(parseQuery(empty), null, empty);
  assert.deepEqual(parseQuery('"nu'), {kind: 'contains', text: '"nu'}, 'an unclosed quote is text');

  assert.deepEqual(names('^numpy$'), ['numpy']);
  assert.deepEqual(names('"NUMPY"'), ['numpy']);
  assert.deepEqual(names('"nump"'), [], 'exact means the whole name');
  assert.deepEqual(names('^num').sort(), ['numba', 'numpy', 'numpy-base']);
  assert.deepEqual(names('^py'), ['pynum', 'py-numpy']);
  assert.deepEqual(names('numpy$'), ['numpy', 'py-numpy']);
  assert.deepEqual(names('py$'), ['numpy', 'scipy', 'py-numpy']);
  assert.equal(searchPackages(index, 'numpy').results[0].name, 'numpy', 'a plain query shows the exact name first');
});

test('highlighting splits the name around the match', () => {
  const split = (name: string, query: string) => splitMatch(name, parseQuery(query));
  assert.deepEqual(split('py-numpy', 'NUMPY'), {before: 'py-', match: 'numpy', after: ''});
  assert.deepEqual(split('numba', 'nu'), {before: '', match: 'nu', after: 'mba'});
  assert.deepEqual(split('pynum', 'nu'), {before: 'pynum', match: '', after: ''}, 'no prefix, no highlight');
  assert.deepEqual(split('scipy', ''), {before: 'scipy', match: '', after: ''});
  assert.deepEqual(split('numpy-numpy', 'numpy$'), {before: 'numpy-', match: 'numpy', after: ''});
  assert.deepEqual(split('numpy', '^numpy$'), {before: '', match: 'numpy', after: ''});
  assert.deepEqual(split('pynum', '^num'), {before: 'pynum', match: '', after: ''});
});

test('feedstocks: said plainly when renamed or several, linked only when the name is a repository name', () => {
  assert.deepEqual(describeFeedstocks('numpy', ['numpy']), {
    kind: 'same',
    feedstocks: [{name: 'numpy', url: 'https://github.com/conda-forge/numpy-feedstock'}],
  });
  assert.equal(describeFeedstocks('libarrow', ['arrow-cpp']).kind, 'renamed');
  assert.equal(describeFeedstocks('NumPy', ['numpy']).kind, 'same');
  const several = describeFeedstocks('quxcore-base', ['quxcore', 'quxcore-base', 'quxcore']);
  assert.equal(several.kind, 'several');
  assert.deepEqual(
    several.feedstocks.map((f) => f.name),
    ['quxcore', 'quxcore-base'],
    'duplicates listed once',
  );
  assert.equal(describeFeedstocks('x', []).kind, 'unknown');
  for (const hostile of ['../evil', 'a/b', 'javascript:alert(1)', '', ' x', 'x?y', 'x#y', '-x', 'x'.repeat(101)]) {
    assert.equal(feedstockUrl(hostile), null, hostile);
  }
  assert.equal(feedstockUrl('r-base'), 'https://github.com/conda-forge/r-base-feedstock');
  assert.equal(feedstockUrl('python_abi.x'), 'https://github.com/conda-forge/python_abi.x-feedstock');
});

test('?feedstock=: every package a feedstock builds, by name, whatever the case or suffix given', () => {
  assert.deepEqual(
    packagesOfFeedstock(index, 'numpy').map((e) => e.name),
    ['numpy', 'numpy-base'],
  );
  assert.deepEqual(
    packagesOfFeedstock(index, ' NumPy-feedstock ').map((e) => e.name),
    ['numpy', 'numpy-base'],
  );
  assert.deepEqual(
    packagesOfFeedstock(index, 'numpy-extra').map((e) => e.name),
    ['numpy'],
  );
  assert.deepEqual(packagesOfFeedstock(index, 'nosuch'), []);
  const twice = parseFeedstockOutputs({twin: ['a', 'a', 'A'], other: ['a']});
  assert.deepEqual(
    packagesOfFeedstock(twice, 'a').map((e) => e.name),
    ['other', 'twin'],
    'a feedstock named twice lists the package once',
  );
});

test('the index built in steps equals the one built at once, pausing between steps', async () => {
  const map: Record<string, string[]> = {};
  for (let i = 0; i < 12_000; i++) map[`p${i % 7}-${i}`] = [`f${i % 50}`];
  map['Numpy'] = ['a'];
  map['numpy'] = ['b'];
  let pauses = 0;
  // The text as the server sends it: parsed a piece at a time, then indexed in steps.
  const stepped = await buildIndexInSteps(JSON.stringify(map, null, 1), {
    pause: async () => {
      pauses++;
    },
    budgetMs: 0,
  });
  const whole = parseFeedstockOutputs(map);
  assert.ok(pauses >= 3, `${pauses} pauses`);
  assert.deepEqual(
    stepped.entries.map((e) => e.name),
    whole.entries.map((e) => e.name),
  );
  assert.equal(stepped.text, whole.text);
  assert.deepEqual([...stepped.starts], [...whole.starts]);
  assert.deepEqual(stepped.byName.get('numpy')?.feedstocks, ['a', 'b']);
  for (const bad of ['{"x": "y"}', '[1, 2]', '{"x": ["a"]', '<html>', '']) {
    await assert.rejects(buildIndexInSteps(bad, {pause: async () => {}, budgetMs: 0}), DataError, bad);
  }
});

test('a map longer than MAX_PACKAGES is read up to the cap and says how much it left out', () => {
  const map: Record<string, string[]> = {};
  for (let i = 0; i < MAX_PACKAGES + 25; i++) map[`n${i}`] = ['f'];
  const big = parseFeedstockOutputs(map);
  assert.equal(big.entries.length, MAX_PACKAGES);
  assert.equal(big.omitted, 25);
  assert.equal(parseFeedstockOutputs({a: ['a']}).omitted, 0);
  const long = parseFeedstockOutputs({a: ['a'], ['x'.repeat(MAX_NAME_LENGTH + 1)]: ['x']});
  assert.deepEqual(
    long.entries.map((e) => e.name),
    ['a'],
  );
  assert.equal(long.omitted, 1, 'a key longer than any package name is left out');
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
  assert.deepEqual(uploads, {
    more: false,
    uploads: [
      {
        name: 'numpy',
        version: '2.3.4',
        published: 'Wed, 29 Oct 2025 10:00:00 GMT',
        time: Date.UTC(2025, 9, 29, 10),
      },
      {name: 'r-base', version: '4.5.1', published: 'Tue, 28 Oct 2025 09:00:00 GMT', time: Date.UTC(2025, 9, 28, 9)},
      {name: 'a&b-c', version: '1', published: '', time: null},
    ],
  });
  assert.deepEqual(parseChannelRss(feed('')), {uploads: [], more: false});
  const odd = parseChannelRss(feed('<item><title>pkg [linux-64]</title><pubDate>not a date</pubDate></item>'));
  assert.deepEqual(odd.uploads, [{name: 'pkg', version: '', published: 'not a date', time: null}]);
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
  const {uploads, more} = parseChannelRss(feed(items));
  assert.equal(uploads.length, RSS_ITEM_LIMIT);
  assert.equal(uploads.at(-1)?.name, `pkg${RSS_ITEM_LIMIT - 1}`);
  assert.equal(more, true, 'the feed has more items than were read');
  const exact = Array.from({length: RSS_ITEM_LIMIT}, (_, i) => `<item><title>pkg${i} 1.0</title></item>`).join('');
  assert.equal(parseChannelRss(feed(exact)).more, false, 'exactly the limit: nothing more');
  // The parser only ever sees the first RSS_ITEM_LIMIT items, a hundred or fewer at a time: the
  // document is cut before parsing, and read in pieces.
  const parsed: string[] = [];
  const spy = {
    parseFromString: (text: string, type: DOMParserSupportedType) => {
      parsed.push(text);
      return xml.parseFromString(text, type);
    },
  };
  parseWithBrowserParser(feed(items), spy);
  const counts = parsed.map((text) => text.match(/<item>/g)?.length ?? 0);
  assert.equal(
    counts.reduce((a, b) => a + b),
    RSS_ITEM_LIMIT,
  );
  assert.ok(Math.max(...counts) <= 100, `pieces of ${counts.join(', ')} items`);
});

test('RSS: the download stops once the text holds the start of the item past the limit, wherever the pieces break', () => {
  const text = feed(Array.from({length: 12}, (_, i) => `<item><title>p${i}</title></item>`).join(''));
  // The 11th start tag (past a limit of 10) ends at this offset: a reading stops on the piece that completes it.
  const eleventh = text.split('<item>', 11).join('<item>').length + '<item>'.length;
  for (const size of [1, 2, 5, 6, 7, 13, 64, text.length]) {
    const enough = feedItemsPast(10);
    let stop = -1;
    for (let end = size; stop < 0 && end < text.length + size; end += size) {
      if (enough(text.slice(end - size, end))) stop = Math.min(end, text.length);
    }
    assert.ok(
      stop >= eleventh && stop < eleventh + size,
      `pieces of ${size}: stopped at ${stop}, the tag ends at ${eleventh}`,
    );
  }
  const ten = feed(Array.from({length: 10}, (_, i) => `<item><title>p${i}</title></item>`).join(''));
  assert.equal(feedItemsPast(10)(ten), false, 'ten items of ten: read to the end');
  // The default limit is the parser's: a download stopped by it still gives every upload listed.
  const many = feed(
    Array.from({length: RSS_ITEM_LIMIT + 40}, (_, i) => `<item><title>pkg${i} 1.0</title></item>`).join(''),
  );
  const enough = feedItemsPast();
  let end = 0;
  do end += 1000;
  while (!enough(many.slice(end - 1000, end)));
  const read = many.slice(0, end);
  const feedRead = parseChannelRss(read);
  assert.equal(feedRead.uploads.length, RSS_ITEM_LIMIT);
  assert.equal(feedRead.more, true);
  assert.ok(read.length < many.length);
});

test('RSS: a feed read in pieces gives what one reading gives, and hands back the thread between pieces', async () => {
  const items = (n: number, from = 0) =>
    Array.from(
      {length: n},
      (_, i) =>
        `<item><title><![CDATA[pkg${from + i} 1.${i}]]></title><pubDate>Wed, 29 Oct 2025 10:00:00 GMT</pubDate></item>\n`,
    ).join('');
  const whole = (text: string) => {
    // One reading of the whole document, without pieces: what the feed holds, item by item.
    const doc = xml.parseFromString(text, 'text/xml');
    const found = doc.getElementsByTagName('item');
    return Array.from(
      {length: Math.min(found.length, RSS_ITEM_LIMIT)},
      (_, i) => found[i].getElementsByTagName('title')[0]?.textContent?.split(' ')[0],
    );
  };
  // Just under, at and over a piece's size; a multiple of it; and a namespaced feed with text after its items.
  for (const text of [
    feed(items(99)),
    feed(items(100)),
    feed(items(101)),
    feed(items(300)),
    `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>t</title>${items(250)}<dc:creator>x</dc:creator></channel></rss>`,
  ]) {
    const read = parseChannelRss(text);
    assert.deepEqual(
      read.uploads.map((u) => u.name),
      whole(text),
    );
    let pauses = 0;
    const stepped = await parseChannelRssInSteps(text, {budgetMs: 0, pause: async () => void pauses++}, xml);
    assert.deepEqual(stepped, read);
    assert.ok(pauses >= Math.floor(read.uploads.length / 100), `${pauses} pauses for ${read.uploads.length} items`);
  }
  // A broken item in a later piece breaks the feed, as it would in one reading.
  const broken = feed(`${items(150)}<item><title>bad</item>${items(10, 150)}`);
  assert.throws(() => parseChannelRss(broken), /incomplete or malformed/);
  await assert.rejects(
    parseChannelRssInSteps(broken, {budgetMs: 0, pause: async () => undefined}, xml),
    /incomplete or malformed/,
  );
});

test('a search session (typing, deleting, jumping) always agrees with a plain filter', () => {
  const map: Record<string, string[]> = {};
  const parts = ['py', 'lib', 'num', 'arrow', 'data', 'r', 'io'];
  for (let i = 0; i < 3000; i++) map[`${parts[i % 7]}${parts[(i * 3) % 7]}-${parts[(i * 5) % 7]}${i % 97}`] = ['f'];
  const big = parseFeedstockOutputs(map);
  const search = createSearch(big);
  // An independent reading of the query forms, with a regular expression per query.
  const naive = (q: string) => {
    let query = q.trim().toLowerCase();
    const quoted = /^"(.+)"$/.exec(query);
    if (quoted) query = `^${quoted[1]}$`;
    const start = query.startsWith('^');
    const end = query.endsWith('$');
    const text = query.replace(/^\^/, '').replace(/\$$/, '');
    const escaped = text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    const anchored = start || (!end && text.length < 3);
    const pattern = new RegExp(`${anchored ? '^' : ''}${escaped}${end ? '$' : ''}`);
    return big.entries.filter((e) => pattern.test(e.name)).map((e) => e.name);
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
    '^py',
    '^pyl',
    'pyl',
    '^pyli',
    '1$',
    '-py1$',
    'py1$',
    '^pylib-py1$',
    '"pylib-py1"',
    'lib-py1',
  ];
  for (const q of session) {
    const {total, results} = search(q, 1000);
    const expected = naive(q);
    assert.equal(total, expected.length, q);
    assert.deepEqual(new Set(results.map((e) => e.name)), new Set(expected.slice(0, 1000)), q);
  }
});

test('package names break only after separators: the pieces join to the name', () => {
  assert.deepEqual(nameBreaks('importlib_metadata'), ['importlib_', 'metadata']);
  assert.deepEqual(nameBreaks('ros-humble-rosidl'), ['ros-humble-rosidl']);
  assert.deepEqual(nameBreaks('zope.interface'), ['zope.', 'interface']);
  assert.deepEqual(nameBreaks('_libgcc_mutex'), ['_', 'libgcc_', 'mutex']);
  assert.deepEqual(nameBreaks('a__b..c'), ['a__', 'b..', 'c']);
  assert.deepEqual(nameBreaks(''), []);
  for (const name of ['typing_extensions', 'ca-certificates', '__glibc', 'x.y_z-w'])
    assert.equal(nameBreaks(name).join(''), name);
});
