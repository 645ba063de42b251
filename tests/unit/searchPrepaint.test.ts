/**
 * The search page's prepaint (src/lib/search/prepaint.ts, resultsMarkup.ts, plugins/search-prepaint):
 * the shared view rules, when it paints nothing and leaves the page to search, when the page takes
 * its results over, and the bundle and its build check. The painting itself, compared element by
 * element with React's, is checked in the browser (tests/e2e/search.test.ts).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {DEFAULT_CONTEXT, type RankedPage, type SearchHit} from '../../src/lib/search/index';
import {facetsOf, hitPathText, linksStayOnSite, resultsKey} from '../../src/lib/search/resultsMarkup';
import {adoptPrepainted, prepaintSearch, PREPAINTED} from '../../src/lib/search/prepaint';
import {prepaintedPages} from '../../src/lib/search/prepaintHandoff';
import {type Pagefind, type PagefindResult} from '../../src/lib/search/pagefind';
import {BOOT_CONTEXT, EARLY_PAGEFIND} from '../../src/lib/search/pagefindBoot';
import {bundlePrepaint, checkPrepaintOutput} from '../../plugins/search-prepaint';

const hit = (url: string, path: string[] = ['Title']): SearchHit => ({
  id: url,
  url,
  title: 'Title',
  path,
  snippet: [],
  section: 'Docs',
  language: 'en',
  versionTag: 'default',
  versionLabel: '',
  score: 1,
});

test('facets: All first, then the sections with results and the chosen one, each linking to its search', () => {
  const counts = {Docs: 3, Blog: 2};
  assert.deepEqual(facetsOf('conda forge', {counts}, null), [
    {label: 'All', count: 5, href: '/search/?q=conda+forge', current: true},
    {label: 'Docs', count: 3, href: '/search/?q=conda+forge&section=Docs', current: false},
    {label: 'Blog', count: 2, href: '/search/?q=conda+forge&section=Blog', current: false},
  ]);
  const chosenEmpty = facetsOf('x', {counts}, 'News');
  assert.deepEqual(
    chosenEmpty.map((f) => [f.label, f.count, f.current]),
    [
      ['All', 5, false],
      ['Docs', 3, false],
      ['Blog', 2, false],
      ['News', 0, true],
    ],
  );
});

test('a result path is shown only below the page title; keys tell query, section and size apart', () => {
  assert.equal(hitPathText(hit('/a/')), '');
  assert.equal(hitPathText(hit('/a/', ['Docs', 'Pinning'])), 'Docs › Pinning');
  const keys = new Set([
    resultsKey('a', null, 10),
    resultsKey('a', 'Docs', 10),
    resultsKey('a', null, 20),
    resultsKey('a b', null, 10),
  ]);
  assert.equal(keys.size, 4);
});

test('only results that link inside the site are painted before the page runs', () => {
  assert.equal(linksStayOnSite({hits: [hit('/docs/'), hit('/blog/post/#part')]}), true);
  for (const url of ['https://elsewhere.example/', '//elsewhere.example/', 'javascript:alert(1)', 'docs/']) {
    assert.equal(linksStayOnSite({hits: [hit('/docs/'), hit(url)]}), false, url);
  }
});

const page: RankedPage = {hits: [hit('/docs/')], total: 1, counts: {Docs: 1}};

test('the page takes over prepainted results only for the same query, section, size and context', () => {
  const key = resultsKey('conda', null, 10);
  const record = {key, context: DEFAULT_CONTEXT, page};
  assert.equal(adoptPrepainted(record, key, DEFAULT_CONTEXT), page);
  assert.equal(adoptPrepainted(record, key, {...DEFAULT_CONTEXT}), page, 'contexts compare by value');
  assert.equal(adoptPrepainted(undefined, key, DEFAULT_CONTEXT), null);
  assert.equal(adoptPrepainted(record, resultsKey('conda', 'Docs', 10), DEFAULT_CONTEXT), null);
  assert.equal(adoptPrepainted(record, resultsKey('conda', null, 20), DEFAULT_CONTEXT), null);
  assert.equal(adoptPrepainted(record, key, {language: 'en', versionTags: ['default', 'docs-default-1.0']}), null);
  assert.equal(adoptPrepainted(record, key, {language: 'fr', versionTags: ['default']}), null);
});

/** A Pagefind runtime whose every search answers `urls` (in every section), recording the searches. */
function fakePagefind(urls: string[]) {
  const searches: Array<{query: string; filters: unknown}> = [];
  const results: PagefindResult[] = urls.map((url, i) => ({
    id: url,
    score: 1 - i / 10,
    words: [0],
    data: async () => ({
      url,
      content: 'Conda forge builds packages.',
      meta: {title: `Page ${i}`},
      anchors: [],
      excerpt: '<mark>Conda</mark> forge builds packages.',
    }),
  }));
  const pagefind: Pagefind = {
    search: async (query, options) => {
      searches.push({query, filters: options?.filters});
      return {results};
    },
    options: async () => undefined,
  };
  return {pagefind, searches};
}

/** A window with the given URL query and boot state, whose document has no slot to fill. */
function fakeWindow(search: string, pagefind?: Pagefind, context = DEFAULT_CONTEXT) {
  const queried: string[] = [];
  const win = {
    location: {search},
    document: {
      readyState: 'complete',
      querySelector: (selector: string) => {
        queried.push(selector);
        return null;
      },
    },
    requestAnimationFrame: (run: () => void) => setTimeout(run, 0),
    setTimeout,
    [EARLY_PAGEFIND]: pagefind ? Promise.resolve(pagefind) : undefined,
    [BOOT_CONTEXT]: context,
  };
  return {win: win as unknown as Parameters<typeof prepaintSearch>[0], queried};
}

test('the page starts with one more page of results for each press of the painted Load more, within bounds', () => {
  const record = {key: resultsKey('a', null, 10), context: DEFAULT_CONTEXT, page: {} as RankedPage};
  assert.equal(prepaintedPages(undefined), 1);
  assert.equal(prepaintedPages(record), 1);
  assert.equal(prepaintedPages({...record, more: 2}), 3);
  for (const more of [-3, Number.NaN, Number.POSITIVE_INFINITY, '4' as unknown as number, 2.7]) {
    const pages = prepaintedPages({...record, more});
    assert.ok(Number.isInteger(pages) && pages >= 1 && pages <= 3, `${String(more)}: ${pages}`);
  }
  assert.equal(prepaintedPages({...record, more: 1e9}), 21, 'at most twenty more pages');
});

test('the prepaint paints nothing, and the page searches itself, without a query, a runtime, results or a place to paint', async () => {
  const none = fakePagefind([]);
  for (const search of ['', '?q=%20a%20', '?section=Docs']) {
    assert.equal(await prepaintSearch(fakeWindow(search, none.pagefind).win), false, search);
  }
  assert.deepEqual(none.searches, [], 'too short a query searches nothing');
  assert.equal(await prepaintSearch(fakeWindow('?q=conda').win), false, 'no runtime from the boot script');

  assert.equal(await prepaintSearch(fakeWindow('?q=zzqqxx', none.pagefind).win), false, 'no results');
  const offSite = fakePagefind(['/docs/', 'https://elsewhere.example/']);
  const offSiteWindow = fakeWindow('?q=conda', offSite.pagefind);
  assert.equal(await prepaintSearch(offSiteWindow.win), false, 'a result that leaves the site');
  assert.deepEqual(offSiteWindow.queried, [], 'nothing is painted');

  const tookOver = fakePagefind(['/docs/']);
  const context = {language: 'en', versionTags: ['default', 'docs-default-current']};
  const {win, queried} = fakeWindow('?q=%20conda%20&section=Docs', tookOver.pagefind, context);
  assert.equal(await prepaintSearch(win), false, 'the page has taken over: no slot left');
  assert.deepEqual(queried, ['[data-prepaint-slot]']);
  assert.equal((win as unknown as Record<string, unknown>)[PREPAINTED], undefined);
  assert.deepEqual(
    tookOver.searches.map((s) => s.query),
    Array(7).fill('conda'),
    'one search per section, trimmed',
  );
  assert.deepEqual(tookOver.searches[0].filters, {
    section: 'Docs',
    language: 'en',
    version: {any: ['default', 'docs-default-current']},
  });
});

test('the prepaint bundle: one small script without React or the site framework', async () => {
  const {file, code} = await bundlePrepaint();
  assert.match(file, /^assets\/js\/search-prepaint\.[0-9a-f]{8}\.js$/);
  assert.doesNotMatch(code, /react|docusaurus|__webpack/i);
  const gzip = gzipSync(code).length;
  assert.ok(gzip <= 5 * 1024, `prepaint script ${gzip} bytes gzip (budget 5 KB)`);
  assert.equal((await bundlePrepaint()).file, file, 'the same source gives the same name');
});

test('the build stops when the search page does not load the prepaint script or the file is missing', async () => {
  const outDir = await mkdtemp(path.join(tmpdir(), 'prepaint-'));
  try {
    const content = {file: 'assets/js/search-prepaint.0123abcd.js', code: '(()=>{})();'};
    await mkdir(path.join(outDir, 'search'), {recursive: true});
    await mkdir(path.join(outDir, 'assets/js'), {recursive: true});
    await writeFile(
      path.join(outDir, 'search/index.html'),
      '<script>s.src="/assets/js/search-prepaint.0123abcd.js"</script>',
    );
    await assert.rejects(
      checkPrepaintOutput(outDir, 'search/index.html', content),
      /search-prepaint:.*not in the output/,
    );
    await writeFile(path.join(outDir, content.file), content.code);
    await checkPrepaintOutput(outDir, 'search/index.html', content);
    await writeFile(path.join(outDir, 'search/index.html'), '<p>no boot script</p>');
    await assert.rejects(checkPrepaintOutput(outDir, 'search/index.html', content), /does not load/);
    await assert.rejects(checkPrepaintOutput(outDir, 'nowhere/index.html', content), /not in the output/);
  } finally {
    await rm(outDir, {recursive: true, force: true});
  }
});
