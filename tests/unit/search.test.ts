import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  addRecent,
  finalScore,
  groupHits,
  orderGroups,
  PAGE_SIZE,
  rerank,
  mergeRanked,
  parseSearchParams,
  readRecent,
  saveRecent,
  clearRecent,
  searchContext,
  docsVersionTags,
  searchPageUrl,
  sectionOf,
  toSegments,
  RECENT_KEY,
  RECENT_LIMIT,
  MODAL_GROUP_LIMIT,
  type SearchHit,
  type Section,
  searchStatusText,
  stateForQuery,
  resultsOnScreen,
} from '../../src/lib/search/index';
import {reportIssueUrl} from '../../src/lib/search/messages';
import {annotateMain, breadcrumbs, loadBuiltPage, pageSearchFields, urlPathOf} from '../../src/lib/search/indexFields';
import {toHit} from '../../src/lib/search/pagefind';
import {toPageText} from '../../src/lib/search/excerpt';

test('sections come from the path: how-to and tutorials apart from docs, minutes apart from community', () => {
  assert.equal(sectionOf('/docs/maintainer/pinning_deps/'), 'Docs');
  assert.equal(sectionOf('/docs/how-to/basics/rerender/'), 'How-to');
  assert.equal(sectionOf('/docs/tutorials/'), 'How-to');
  assert.equal(sectionOf('https://conda-forge.org/community/minutes/2024-01-03/'), 'Minutes');
  assert.equal(sectionOf('/community/governance/'), 'Community');
  assert.equal(sectionOf('/blog/2025/07/16/security-audit/'), 'Blog');
  assert.equal(sectionOf('/news/2025/10/15/x/'), 'News');
  assert.equal(sectionOf('/download/'), 'Pages');
});

test('excerpts become text segments: marks highlighted, entities decoded, no markup survives', () => {
  assert.deepEqual(toSegments('Run <mark>rerender</mark> to &lt;img src=x&gt; &amp; more'), [
    {text: 'Run ', match: false},
    {text: 'rerender', match: true},
    {text: ' to <img src=x> & more', match: false},
  ]);
  // Stray tags are dropped, adjacent pieces of the same kind merge, unclosed marks stay text.
  assert.deepEqual(toSegments('<b>a</b><mark>b</mark><mark>c</mark> <mark>d'), [
    {text: 'a', match: false},
    {text: 'bc', match: true},
    {text: ' d', match: false},
  ]);
  // Custom markers, text taken as it is (DocSearch).
  assert.deepEqual(toSegments('x [[y]] &lt;', {open: '[[', close: ']]', html: false}), [
    {text: 'x ', match: false},
    {text: 'y', match: true},
    {text: ' &lt;', match: false},
  ]);
});

const hit = (section: Section, n: number): SearchHit => ({
  id: `${section}-${n}`,
  url: `/${section}/${n}/`,
  title: `${section} ${n}`,
  path: [],
  snippet: [],
  section,
  language: 'en',
  versionTag: 'default',
  versionLabel: '',
  score: 1,
});

test('groups follow the section order with docs first and respect the per-group limits', () => {
  const hits = [
    hit('Minutes', 1),
    hit('News', 1),
    hit('Docs', 1),
    hit('Minutes', 2),
    hit('Minutes', 3),
    hit('Docs', 2),
  ];
  const groups = groupHits(hits, {...MODAL_GROUP_LIMIT, Minutes: 2});
  assert.deepEqual(
    groups.map((g) => g.section),
    ['Docs', 'News', 'Minutes'],
  );
  const minutes = groups.find((g) => g.section === 'Minutes');
  assert.equal(minutes?.hits.length, 2);
  assert.equal(minutes?.total, 3);
  // The modal's own limits put docs before everything and cap each group.
  for (const group of groupHits(hits)) assert.ok(group.hits.length <= MODAL_GROUP_LIMIT[group.section]);
});

test('one ranking for modal and page: a result whose title answers the query gains, within its window of results', () => {
  const scored = (section: Section, n: number, score: number, answered?: number): SearchHit => ({
    ...hit(section, n),
    score,
    answered,
  });
  assert.equal(finalScore(scored('Docs', 1, 4, 1)), 8);
  assert.equal(finalScore(scored('Docs', 1, 4, 0.5)), 6);
  assert.equal(finalScore(scored('Docs', 1, 4)), 4, 'DocSearch hits carry no answer share');
  const first = [
    scored('Docs', 1, 6, 0.5), // 9
    scored('How-to', 2, 5, 1), // 10
    ...Array.from({length: PAGE_SIZE - 2}, (_, i) => scored('Docs', 10 + i, 1)),
  ];
  const second = [scored('Docs', 30, 0.5, 0), scored('Docs', 31, 0.4, 1)];
  const ranked = rerank([...first, ...second]);
  assert.deepEqual(
    ranked.slice(0, 3).map((h) => h.id),
    ['How-to-2', 'Docs-1', 'Docs-10'],
  );
  // Ties keep the backend's order; the second window is reordered on its own, never above the first.
  assert.deepEqual(
    ranked.slice(2, PAGE_SIZE).map((h) => h.id),
    first.slice(2).map((h) => h.id),
  );
  assert.deepEqual(
    ranked.slice(PAGE_SIZE).map((h) => h.id),
    ['Docs-31', 'Docs-30'],
  );
  // The modal's groups follow their best result, so its first option is the page's first result.
  const groups = orderGroups([
    {section: 'Docs', hits: [ranked[1]], total: 12},
    {section: 'Blog', hits: [], total: 0},
    {section: 'How-to', hits: [ranked[0]], total: 1},
  ]);
  assert.deepEqual(
    groups.map((g) => g.section),
    ['How-to', 'Docs'],
  );
});

test('merged ranking: a docs page beats minutes and news unless their match is much stronger', () => {
  const ranked = mergeRanked([
    {
      section: 'Minutes',
      items: [
        {ref: 'minutes-strong', score: 2.5},
        {ref: 'minutes-weak', score: 1},
      ],
    },
    {section: 'News', items: [{ref: 'news', score: 2}]},
    {section: 'Docs', items: [{ref: 'docs', score: 1.2}]},
  ]);
  assert.deepEqual(
    ranked.map((r) => r.ref),
    ['docs', 'news', 'minutes-strong', 'minutes-weak'],
  );
  const overwhelming = mergeRanked([
    {section: 'Minutes', items: [{ref: 'minutes', score: 50}]},
    {section: 'Docs', items: [{ref: 'docs', score: 1}]},
  ]);
  assert.equal(overwhelming[0].ref, 'minutes');
  assert.equal(overwhelming[0].rawScore, 50);
});

test('contextual filters: the default tag is always accepted, locale falls back to en', () => {
  assert.deepEqual(searchContext('en', ['docs-default-current', 'docs-community-current']), {
    language: 'en',
    versionTags: ['default', 'docs-default-current', 'docs-community-current'],
  });
  assert.deepEqual(searchContext(undefined, ['default']), {language: 'en', versionTags: ['default']});
});

test('search page URLs carry the query and section; unknown sections are ignored', () => {
  assert.equal(searchPageUrl(' pinning deps '), '/search/?q=pinning+deps');
  assert.equal(searchPageUrl('cuda', 'How-to'), '/search/?q=cuda&section=How-to');
  assert.equal(searchPageUrl(''), '/search/');
  assert.deepEqual(parseSearchParams('?q=a%20b&section=Docs'), {query: 'a b', section: 'Docs'});
  assert.deepEqual(parseSearchParams('?q=x&section=Nope'), {query: 'x', section: null});
});

test('the report link opens a new issue on the website repository with the query filled in', () => {
  const url = new URL(reportIssueUrl('<img src=x>'));
  assert.equal(url.origin + url.pathname, 'https://github.com/conda-forge/conda-forge.github.io/issues/new');
  assert.equal(url.searchParams.get('title'), 'Search: no results for "<img src=x>"');
  assert.match(url.searchParams.get('body') ?? '', /<img src=x>/);
});

/** An in-memory stand-in for Docusaurus's storage slot of one key. */
function memoryStorage(initial: Record<string, string> = {}) {
  let value: string | null = initial[RECENT_KEY] ?? null;
  return {get: () => value, set: (v: string) => void (value = v), del: () => void (value = null)};
}

test('recent searches: newest first, no duplicates, limited, tolerant of bad storage', () => {
  assert.deepEqual(addRecent(['a', 'B'], 'b'), ['b', 'a']);
  assert.deepEqual(addRecent(['a'], '   '), ['a']);
  const storage = memoryStorage();
  for (const q of ['one', 'two', 'three', 'four', 'five', 'six']) saveRecent(storage, q);
  assert.deepEqual(readRecent(storage), ['six', 'five', 'four', 'three', 'two']);
  assert.equal(readRecent(storage).length, RECENT_LIMIT);
  clearRecent(storage);
  assert.deepEqual(readRecent(storage), []);
  assert.deepEqual(readRecent(memoryStorage({[RECENT_KEY]: '{not json'})), []);
  assert.deepEqual(readRecent(memoryStorage({[RECENT_KEY]: '["ok", 3, ""]'})), ['ok']);
  assert.deepEqual(readRecent(undefined), []);
});

const docPage = `<!doctype html><html lang=en dir=ltr><head>
<meta data-rh=true name=docusaurus_version content=current />
<meta data-rh=true name=docusaurus_tag content=docs-default-current /></head><body><nav>x</nav>
<main class=docMainContainer><nav class="theme-doc-breadcrumbs b" aria-label=Breadcrumbs><ul class=breadcrumbs><li class=breadcrumbs__item><a aria-label="Home page" class=breadcrumbs__link href=/><svg></svg></a><li class=breadcrumbs__item><a class=breadcrumbs__link href=/docs/maintainer/><span>Maintainer &amp; Docs</span></a><li class="breadcrumbs__item breadcrumbs__item--active"><span class=breadcrumbs__link>Pinned dependencies</span></ul></nav><h1>Pinned</h1></main></body></html>`;

test('index time: docs pages get section, language, version tag and breadcrumbs', () => {
  assert.deepEqual(breadcrumbs(docPage), ['Maintainer & Docs']);
  assert.deepEqual(pageSearchFields(docPage, '/docs/maintainer/pinning_deps/'), {
    section: 'Docs',
    language: 'en',
    versionTag: 'docs-default-current',
    versionName: 'current',
    crumbs: ['Maintainer & Docs'],
  });
  const annotated = annotateMain(docPage, pageSearchFields(docPage, '/docs/maintainer/pinning_deps/')!, 'Next');
  assert.equal(
    loadBuiltPage(annotated).main?.attributes['data-pagefind-filter'],
    'section[data-cf-section], language[data-cf-language], version[data-cf-version]',
  );
  assert.match(annotated, /data-cf-version="docs-default-current"/);
  assert.match(annotated, /data-cf-version-label="Next"/);
  assert.match(annotated, /data-cf-crumbs="Maintainer &amp; Docs"/);
  assert.equal(annotated.match(/data-pagefind-filter/g)?.length, 1);
  // The title weighs most; no other element is weighted.
  assert.match(annotated, /<h1 data-pagefind-weight="10">Pinned<\/h1>/);
  assert.equal(annotated.match(/data-pagefind-weight/g)?.length, 1);
  // A page without a title keeps its weights as they are; an <h1> outside <main> is not the title.
  const untitled = docPage.replace('<h1>Pinned</h1>', '<p>Pinned</p>').replace('<nav>x</nav>', '<nav><h1>x</h1></nav>');
  const plain = annotateMain(untitled, pageSearchFields(untitled, '/docs/maintainer/pinning_deps/')!, 'Next');
  assert.doesNotMatch(plain, /data-pagefind-weight/);
});

test('index time: other pages get the default tag; redirects, list pages and the search page are skipped', () => {
  const post =
    '<html lang=en><head><meta name=docusaurus_tag content=default /></head><body><main><h1>Post</h1></main></body></html>';
  assert.deepEqual(pageSearchFields(post, '/blog/2025/07/16/security-audit/'), {
    section: 'Blog',
    language: 'en',
    versionTag: 'default',
    versionName: '',
    crumbs: [],
  });
  const list = post.replace('content=default', 'content=blog_posts_list');
  assert.equal(pageSearchFields(list, '/blog/'), null);
  assert.equal(
    pageSearchFields('<html><head><meta http-equiv=refresh content="0; url=/x/"></head></html>', '/x.html/'),
    null,
  );
  assert.equal(pageSearchFields(post, '/search/'), null);
  assert.equal(pageSearchFields(post, '/news/archive/'), null);
  assert.equal(pageSearchFields(post, '/news/page/3/'), null);
  assert.equal(urlPathOf('index.html'), '/');
  assert.equal(urlPathOf('docs/user/faq/index.html'), '/docs/user/faq/');
});

test('a Pagefind result becomes a hit: best heading, heading path, anchor link, metadata', () => {
  const data = {
    url: '/docs/maintainer/pinning_deps/',
    excerpt: '',
    raw_content:
      'Pinned dependencies Pins keep builds compatible. Updating pins How to pin a new version of a library.',
    anchors: [{element: 'h2', id: 'updating-pins', text: 'Updating pins', location: 6}],
    meta: {
      title: 'Pinned dependencies',
      crumbs: 'Maintainer Documentation',
      version: 'docs-default-current',
      version_label: 'Next',
      language: 'en',
    },
  };
  // "pin…" matches at 2 (Pins), 7 (pins, in the heading) and 10 (pin).
  const result = toHit({data, text: toPageText(data)}, [2, 7, 10], 'Docs', 12);
  assert.equal(result.url, '/docs/maintainer/pinning_deps/#updating-pins');
  assert.equal(result.title, 'Pinned dependencies');
  assert.deepEqual(result.path, ['Maintainer Documentation', 'Pinned dependencies', 'Updating pins']);
  assert.deepEqual(result.snippet, [
    {text: 'Updating ', match: false},
    {text: 'pins', match: true},
    {text: ' How to ', match: false},
    {text: 'pin', match: true},
    {text: ' a new version of a library.', match: false},
  ]);
  assert.equal(result.versionTag, 'docs-default-current');
  assert.equal(result.versionLabel, 'Next');
  assert.equal(result.language, 'en');
  // A match only before the first heading: the page itself, no heading in the path.
  const intro = toHit({data, text: toPageText(data)}, [2], 'Docs', 3);
  assert.equal(intro.url, '/docs/maintainer/pinning_deps/');
  assert.deepEqual(intro.path, ['Maintainer Documentation', 'Pinned dependencies']);
});

test('outside a production build (npm start) search reports the missing index instead of fetching', async () => {
  const {loadPagefind} = await import('../../src/lib/search/pagefind');
  const {searchGrouped} = await import('../../src/lib/search/backend');
  const {SearchError} = await import('../../src/lib/search/index');
  assert.notEqual(process.env.NODE_ENV, 'production');
  await assert.rejects(loadPagefind('/'), (e: unknown) => e instanceof SearchError && e.kind === 'no-index');
  await assert.rejects(
    searchGrouped({kind: 'pagefind', baseUrl: '/'}, 'rerender', {language: 'en', versionTags: ['default']}),
    (e: unknown) => e instanceof SearchError && e.kind === 'no-index',
  );
});

test('searchStatusText: a hint before two characters, "Searching…" while a query runs, then the count', () => {
  assert.match(searchStatusText('', 'idle', null, null), /^Type two characters or more/);
  assert.equal(searchStatusText('c', 'idle', null, null), 'Keep typing to search.');
  // While the next query runs, the previous count would name the wrong query.
  assert.equal(searchStatusText('cuda', 'loading', {total: 12, counts: {Docs: 12}}, null), 'Searching…');
  assert.equal(searchStatusText('cuda', 'ready', {total: 12, counts: {Docs: 12}}, null), '12 results for “cuda”');
  assert.equal(searchStatusText('abi', 'ready', {total: 1, counts: {News: 1}}, 'News'), '1 result for “abi” in News');
  // No results, an error or no index: their own message speaks, the line is empty.
  assert.equal(searchStatusText('zzzz', 'ready', {total: 0, counts: {}}, null), '');
  assert.equal(searchStatusText('cuda', 'error', null, null), '');
});

test('stateForQuery: a state left from the previous query reads as loading the new one, keeping its results', () => {
  const ready = {status: 'ready' as const, query: 'talk to the bots', results: ['bots']};
  assert.deepEqual(stateForQuery(ready, 'talk to the bots'), ready);
  // The render in which the query changes, before its search starts: not the new query's results.
  assert.deepEqual(stateForQuery(ready, 'skip build'), {status: 'loading', query: 'skip build', previous: ['bots']});
  assert.deepEqual(stateForQuery({status: 'error', query: 'a b', kind: 'network'}, 'abc'), {
    status: 'loading',
    query: 'abc',
    previous: null,
  });
  assert.deepEqual(stateForQuery({status: 'loading', query: 'ab', previous: ['x']}, 'abc'), {
    status: 'loading',
    query: 'abc',
    previous: ['x'],
  });
  assert.deepEqual(stateForQuery(ready, null), {status: 'idle'});
  assert.deepEqual(stateForQuery({status: 'idle'}, 'abc'), {status: 'idle'});
});

test('resultsOnScreen: a search shows its own results when ready and the previous ones while loading', () => {
  assert.deepEqual(resultsOnScreen({status: 'ready', query: 'abc', results: ['a']}), ['a']);
  assert.deepEqual(resultsOnScreen({status: 'loading', query: 'abc', previous: ['p']}), ['p']);
  assert.equal(resultsOnScreen({status: 'error', query: 'abc', kind: 'network'}), null);
  assert.equal(resultsOnScreen({status: 'idle'}), null);
});

test('contextual filters: each docs instance tags the version a page is in, else the one last read, else the latest', () => {
  const instances = {
    default: {
      path: '/docs',
      versions: [
        {name: 'current', path: '/docs/next', isLast: false},
        {name: '1.1', path: '/docs', isLast: true},
        {name: '1.0', path: '/docs/1.0', isLast: false},
      ],
    },
    community: {path: '/community', versions: [{name: 'current', path: '/community', isLast: true}]},
    deeper: {path: '/docs/next/api', versions: [{name: 'current', path: '/docs/next/api', isLast: true}]},
  };
  const none = {};
  // Outside the docs: the latest version of each instance, in the instances' order.
  assert.deepEqual(docsVersionTags(instances, '/search/', none), [
    'docs-default-1.1',
    'docs-community-current',
    'docs-deeper-current',
  ]);
  // A version's own pages tag that version; the other instances keep theirs.
  assert.deepEqual(docsVersionTags(instances, '/docs/next/intro/', none)[0], 'docs-default-current');
  assert.deepEqual(docsVersionTags(instances, '/docs/1.0/intro/', none)[0], 'docs-default-1.0');
  assert.deepEqual(docsVersionTags(instances, '/docs/intro/', {default: {name: '1.0'}})[0], 'docs-default-1.1');
  // Elsewhere the version last read wins over the latest.
  assert.deepEqual(
    docsVersionTags(instances, '/blog/', {default: {name: '1.0'}, community: null})[0],
    'docs-default-1.0',
  );
  // The deepest instance holds the page: /docs/next/api/ belongs to "deeper", not "default".
  assert.deepEqual(docsVersionTags(instances, '/docs/next/api/x/', {default: {name: '1.0'}}), [
    'docs-default-1.0',
    'docs-community-current',
    'docs-deeper-current',
  ]);
  // A path that only starts with an instance's letters is not under it.
  assert.deepEqual(docsVersionTags(instances, '/communityx/', {community: null})[1], 'docs-community-current');
  assert.deepEqual(docsVersionTags(instances, '/docs1.0/', none)[0], 'docs-default-1.1');
});
