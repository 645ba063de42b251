/**
 * Query understanding (src/lib/search/query.ts, typos.ts, lexicon.ts, vocabulary.ts and the search
 * flow of pagefind.ts): stop words, synonyms, typo correction, relaxation and the notices, run
 * against a small stand-in for Pagefind that matches words by prefix as Pagefind does.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  allowedEdits,
  contentWords,
  dropOrder,
  expansions,
  notices,
  queryWords,
  verbatimQuery,
  SYNONYM_WEIGHT,
  toSlots,
  type Synonyms,
} from '../../src/lib/search/query';
import {correct, correctWord, editDistance, isKnown, parseVocabulary} from '../../src/lib/search/typos';
import {lexiconAt, parseSynonyms, synonymsAt, type Lexicon} from '../../src/lib/search/lexicon';
import {pagesByTerm, pageTerms, synonymProblems, vocabularyFile} from '../../src/lib/search/vocabulary';
import {SYNONYMS, synonymPairs} from '../../src/lib/search/synonyms';
import {rankedPage, recover, type Pagefind, type PagefindResult} from '../../src/lib/search/pagefind';
import {DEFAULT_CONTEXT, sectionOf} from '../../src/lib/search/index';

test('stop words do not decide what matches, unless the query is nothing else', () => {
  assert.deepEqual(queryWords('How do I sync my fork?'), ['how', 'do', 'i', 'sync', 'my', 'fork']);
  assert.deepEqual(contentWords(queryWords('How do I sync my fork?')), ['sync', 'fork']);
  assert.deepEqual(contentWords(queryWords('What is a feedstock')), ['feedstock']);
  assert.deepEqual(contentWords(queryWords('how to')), ['how', 'to'], 'only stop words: searched as typed');
  assert.deepEqual(queryWords(' "conda-forge.yml" … osx-arm64, '), ['conda-forge.yml', 'osx-arm64']);
});

const TABLE: Synonyms = [
  ['apple silicon', 'osx-arm64'],
  ['m1', 'osx-arm64'],
  ['gpu', 'cuda'],
  ['new package', 'staged-recipes'],
];

test('synonyms: phrases (longest first) become one slot with the replacement as a second way to match', () => {
  assert.deepEqual(toSlots(['apple', 'silicon', 'gpu', 'build'], TABLE), [
    {typed: 'apple silicon', alternatives: ['apple silicon', 'osx-arm64']},
    {typed: 'gpu', alternatives: ['gpu', 'cuda']},
    {typed: 'build', alternatives: ['build']},
  ]);
  assert.deepEqual(toSlots(['apple', 'pie'], TABLE), [
    {typed: 'apple', alternatives: ['apple']},
    {typed: 'pie', alternatives: ['pie']},
  ]);
  const runs = expansions(toSlots(['add', 'new', 'package', 'gpu', 'm1'], TABLE));
  assert.equal(runs.length, 4, 'at most four queries');
  assert.deepEqual(runs[0], {text: 'add new package gpu m1', weight: 1}, 'the words as typed first, at full weight');
  assert.ok(
    runs.slice(1, 4).every((run) => run.weight === SYNONYM_WEIGHT),
    'matches through a synonym count less',
  );
  assert.deepEqual(
    runs
      .slice(1)
      .map((run) => run.text)
      .sort(),
    ['add new package cuda m1', 'add new package gpu osx-arm64', 'add staged-recipes gpu m1'],
    'one synonym in place before two',
  );
});

test('typos: allowed edits by length, edit distance with transpositions', () => {
  assert.equal(allowedEdits('bot'), 0);
  assert.equal(allowedEdits('noarc'), 1);
  assert.equal(allowedEdits('rerendr'), 1);
  assert.equal(allowedEdits('feedstok'), 2);
  assert.equal(allowedEdits('3.12'), 0, 'numbers are not corrected');
  assert.equal(allowedEdits('12abcd'), 0);
  assert.equal(editDistance('feedstok', 'feedstock', 2), 1);
  assert.equal(editDistance('windwos', 'windows', 1), 1, 'a transposition is one edit');
  assert.equal(editDistance('pinnig', 'pinning', 1), 1);
  assert.equal(editDistance('conda', 'cuda', 1), 2, 'past the bound: bound + 1');
  assert.equal(editDistance('abcdefgh', 'a', 2), 3);
});

const VOCABULARY = parseVocabulary({
  261: 'feedstock',
  120: 'windows',
  40: 'feedstocks winding',
  30: 'staged pinning recipes',
  2: 'feedstork',
  x: 'ignored',
  3: 42,
});

test('the vocabulary: words by how many pages hold them; prefixes are known; the most frequent close word wins', () => {
  assert.equal(VOCABULARY.pages.get('feedstock'), 261);
  assert.equal(VOCABULARY.pages.has('ignored'), false);
  assert.ok(isKnown(VOCABULARY, 'feeds'), 'a prefix of a word is known (the index matches prefixes)');
  assert.ok(isKnown(VOCABULARY, 'pinning'));
  assert.equal(isKnown(VOCABULARY, 'feedstok'), false);
  assert.equal(correct(VOCABULARY, 'feedstok'), 'feedstock', 'over feedstocks (fewer pages) and feedstork');
  assert.equal(correct(VOCABULARY, 'windwos'), 'windows');
  assert.equal(correct(VOCABULARY, 'pinnig'), 'pinning');
  assert.equal(correct(VOCABULARY, 'zzzzzz'), null);
  assert.equal(correct(VOCABULARY, 'wnd'), null, 'three letters: never corrected');
  assert.equal(correctWord(VOCABULARY, 'stagged-recipes'), 'staged-recipes', 'each part on its own');
  assert.equal(correctWord(VOCABULARY, 'feeds'), 'feeds', 'a known prefix stays');
  assert.equal(correctWord(VOCABULARY, 'spaceship'), null, 'on no page, and nothing close');
  assert.equal(correctWord(VOCABULARY, 'staged-spaceship'), null);
});

test('relaxation leaves out words no page holds first, then the ones most pages hold', () => {
  assert.deepEqual(dropOrder([12, 0, 300, 0]), [1, 3, 2, 0]);
  assert.deepEqual(dropOrder([50, 50]), [1, 0], 'on a tie, the later word');
});

test('notices: a correction links to the words as typed; words left out are named', () => {
  assert.equal(verbatimQuery(' feedstok "x" '), '"feedstok x"');
  assert.deepEqual(notices(undefined, '/x'), []);
  assert.deepEqual(
    notices(
      {corrections: [['feedstok', 'feedstock']], all: [], searched: 'feedstock'},
      '/search/?q=feedstok&verbatim=1',
    ),
    [
      [
        'Showing results for “feedstock”. Did you mean ',
        {text: '“feedstok”', href: '/search/?q=feedstok&verbatim=1'},
        '?',
      ],
    ],
  );
  assert.deepEqual(notices({corrections: [], all: ['sync', 'fork', 'zzqq'], searched: 'sync fork'}, '/x'), [
    ['No page has all of “sync”, “fork” and “zzqq”; showing results for “sync fork”.'],
  ]);
});

test('the build: page terms, the vocabulary file, and the synonyms check that fails the build', () => {
  assert.deepEqual([...pageTerms('Use osx-arm64, please.')].sort(), ['arm64', 'osx', 'osxarm64', 'please', 'use']);
  const pages = pagesByTerm(['Rerender the feedstock on osx-arm64.', 'A feedstock for cuda', 'deadbeefcafe 42']);
  assert.deepEqual(vocabularyFile(pages), {'2': 'feedstock', '1': 'arm64 cuda osxarm64 rerender'});
  assert.deepEqual(synonymProblems([{when: ['apple silicon'], search: 'osx-arm64', why: ''}], pages), []);
  assert.deepEqual(synonymProblems([{when: ['gpu'], search: 'nvidia-driver', why: ''}], pages), [
    '"nvidia-driver" is on no page (for gpu)',
  ]);
  const bad = synonymProblems(
    [
      {when: ['Mac', 'how to', 'a b c d'], search: 'cuda', why: ''},
      {when: ['gpu'], search: 'cuda', why: ''},
      {when: ['gpu', 'cuda'], search: 'cuda', why: ''},
    ],
    pages,
  );
  assert.deepEqual(bad, [
    '"Mac" is not a query phrase: lower-case words, at most 3',
    '"how to" holds a stop word, which is never matched',
    '"a b c d" is not a query phrase: lower-case words, at most 3',
    '"a b c d" holds a stop word, which is never matched',
    '"gpu" has two entries',
    '"cuda" is its own replacement',
  ]);
  // The reviewed table is well formed (its replacements are checked against the index by the build).
  assert.deepEqual(synonymProblems(SYNONYMS, pagesByTerm(SYNONYMS.map((entry) => entry.search))), []);
  assert.ok(synonymPairs().some(([from, to]) => from === 'apple silicon' && to === 'osx-arm64'));
});

test('the lexicon files: read defensively, fetched once, asked for again after a failure', async () => {
  assert.deepEqual(parseSynonyms([['m1', 'osx-arm64'], ['x'], [1, 2], 'y']), [['m1', 'osx-arm64']]);
  assert.deepEqual(parseSynonyms({}), []);
  const asked: string[] = [];
  let failing = true;
  const get = async (url: string) => {
    asked.push(url);
    if (failing) return {ok: false, json: async () => null};
    return {ok: true, json: async () => (url.endsWith('cf-synonyms.json') ? [['gpu', 'cuda']] : {9: 'feedstock'})};
  };
  const lexicon = lexiconAt('/base/', get);
  assert.deepEqual(await lexicon.synonyms(), [], 'a failed fetch: no synonyms');
  assert.equal(await lexicon.corrector!(), null, 'a failed fetch: no corrector');
  failing = false;
  assert.deepEqual(await lexicon.synonyms(), [['gpu', 'cuda']], 'asked for again');
  const fix = await lexicon.corrector!();
  assert.equal(fix?.('feedstok'), 'feedstock');
  await lexicon.synonyms();
  assert.deepEqual(asked, [
    '/base/pagefind/cf-synonyms.json',
    '/base/pagefind/cf-vocabulary.json',
    '/base/pagefind/cf-synonyms.json',
    '/base/pagefind/cf-vocabulary.json',
  ]);
  assert.equal(synonymsAt('/other/', get).corrector, undefined, "the prepaint script's lexicon has no corrector");
});

/**
 * A stand-in for Pagefind over a few pages: a page matches when each query word starts one of its
 * words (as Pagefind matches prefixes); `loose` maps a word no page has to the prefix Pagefind's
 * loose matching finds instead ("feedstcok" → "feed").
 */
function fakePagefind(pages: Array<{url: string; text: string}>, loose: Record<string, string> = {}) {
  const searches: string[] = [];
  const wordsOf = (text: string) => text.toLowerCase().split(/\s+/);
  const pagefind: Pagefind = {
    options: async () => undefined,
    search: async (query, options) => {
      searches.push(query);
      const section = (options?.filters as {section?: string} | undefined)?.section;
      const terms = query
        .toLowerCase()
        .split(/\s+/)
        .filter(Boolean)
        .map((term) => loose[term] ?? term);
      const results: PagefindResult[] = [];
      pages.forEach((page, i) => {
        if (section && sectionOf(page.url) !== section) return;
        const words = wordsOf(page.text).map((word) => word.replace(/[^a-z0-9-]/g, ''));
        const at = terms.map((term) => words.flatMap((word, j) => (word.startsWith(term) ? [j] : [])));
        if (at.some((positions) => positions.length === 0)) return;
        results.push({
          id: String(i),
          score: 10 - i,
          words: at.flat().sort((a, b) => a - b),
          data: async () => ({url: page.url, content: page.text, meta: {title: page.text.split('.')[0]}, excerpt: ''}),
        });
      });
      return {results};
    },
  };
  return {pagefind, searches};
}

const PAGES = [
  {url: '/docs/how-to/fork-sync/', text: 'Sync your fork. Keep the fork of a feedstock in sync with upstream.'},
  {url: '/docs/how-to/rerender/', text: 'Rerender a feedstock. A bot can rerender the feedstock.'},
  {url: '/docs/osx/', text: 'Building for osx-arm64. Cross-compiled on osx-64.'},
  {url: '/news/feeds/', text: 'News feeds. Subscribe to the feed.'},
];

const LEXICON: Lexicon = {
  synonyms: async () => [['apple silicon', 'osx-arm64']],
  corrector: async () => (word) => correctWord(parseVocabulary({3: 'feedstock', 1: 'rerender upstream'}), word),
};

const search = (pagefind: Pagefind, query: string, options = {}) =>
  rankedPage(pagefind, query, DEFAULT_CONTEXT, null, 10, {lexicon: LEXICON, recover, ...options});

test('a question finds its page: stop words are not searched, so neither decide nor are highlighted', async () => {
  const {pagefind, searches} = fakePagefind(PAGES);
  const page = await search(pagefind, 'How do I sync my fork?');
  assert.equal(page.hits[0].url, '/docs/how-to/fork-sync/');
  assert.equal(page.understood, undefined, 'nothing to say');
  assert.ok(
    searches.every((q) => q === 'sync fork'),
    searches.join(', '),
  );
  assert.deepEqual(
    page.hits[0].snippet.filter((s) => s.match).map((s) => s.text.toLowerCase().replace(/\W/g, '')),
    ['sync', 'fork', 'fork', 'sync'],
  );
});

test('synonyms find pages that never use the words typed', async () => {
  const {pagefind, searches} = fakePagefind(PAGES);
  const page = await search(pagefind, 'apple silicon');
  assert.deepEqual(
    page.hits.map((hit) => hit.url),
    ['/docs/osx/'],
  );
  assert.deepEqual([...new Set(searches)], ['apple silicon', 'osx-arm64']);
});

test('a typo is corrected, with a notice; in double quotes, the words are searched as typed', async () => {
  const {pagefind} = fakePagefind(PAGES);
  const page = await search(pagefind, 'feedstok');
  assert.deepEqual(page.understood, {corrections: [['feedstok', 'feedstock']], all: [], searched: 'feedstock'});
  assert.deepEqual(page.hits.map((hit) => hit.url).sort(), ['/docs/how-to/fork-sync/', '/docs/how-to/rerender/']);
  const typed = await search(pagefind, '"feedstok"');
  assert.equal(typed.total, 0);
  assert.equal(typed.understood, undefined);
  // As typed, a word found only loosely is not found: it is left out, never replaced.
  const loose = await search(fakePagefind(PAGES, {feedstok: 'feed'}).pagefind, '"feedstok rerender"');
  assert.deepEqual(loose.understood, {corrections: [], all: ['feedstok', 'rerender'], searched: 'rerender'});
  assert.equal((await search(fakePagefind(PAGES, {feedstok: 'feed'}).pagefind, '"feedstok"')).total, 0);
});

test("a typo that Pagefind's loose matching answers with another word is corrected too", async () => {
  const {pagefind} = fakePagefind(PAGES, {feedstcok: 'feed'});
  const page = await search(pagefind, 'feedstcok rerender');
  assert.deepEqual(page.understood?.corrections, [['feedstcok', 'feedstock']]);
  assert.equal(page.hits[0].url, '/docs/how-to/rerender/');
  // Without `recover` (the prepaint script), the query is left to the page: no results here.
  const prepaint = await rankedPage(pagefind, 'feedstcok rerender', DEFAULT_CONTEXT, null, 10, {lexicon: LEXICON});
  assert.equal(prepaint.total, 0);
  // A word found only loosely, and close to no word of the site, is left out.
  const spaceship = await search(fakePagefind(PAGES, {spaceship: 'feed'}).pagefind, 'rerender spaceship');
  assert.deepEqual(spaceship.understood, {corrections: [], all: ['rerender', 'spaceship'], searched: 'rerender'});
  assert.equal(spaceship.hits[0].url, '/docs/how-to/rerender/');
  const alone = await search(fakePagefind(PAGES, {spaceship: 'feed'}).pagefind, 'spaceship');
  assert.equal(alone.total, 0, 'nothing but such a word: no results, rather than pages about feeds');
  // Words the results really hold are not suspected.
  const plain = await rankedPage(pagefind, 'rerender feedstock', DEFAULT_CONTEXT, null, 10, {lexicon: LEXICON});
  assert.equal(plain.hits[0].url, '/docs/how-to/rerender/');
});

test('when no page has every word, the least informative are left out one at a time, with a notice', async () => {
  const {pagefind} = fakePagefind(PAGES);
  // No page has "zzqq": it goes first; "sync", "fork" and "rerender" are on one page each: the last goes next.
  const page = await search(pagefind, 'sync fork rerender zzqq');
  assert.deepEqual(page.understood, {
    corrections: [],
    all: ['sync', 'fork', 'rerender', 'zzqq'],
    searched: 'sync fork',
  });
  assert.equal(page.hits[0].url, '/docs/how-to/fork-sync/');
  // A word no page has, and nothing close to it: left out.
  const unknown = await search(pagefind, 'rerender qqqqqqqq');
  assert.deepEqual(unknown.understood?.all, ['rerender', 'qqqqqqqq']);
  assert.equal(unknown.hits[0].url, '/docs/how-to/rerender/');
  // Nothing at all: no results, nothing understood.
  const none = await search(pagefind, 'zzqq qqzz');
  assert.equal(none.total, 0);
  assert.equal(none.understood, undefined);
});
