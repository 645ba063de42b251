import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  closestRoutes,
  MAX_QUERY_WORDS,
  MAX_ROUTES,
  parseRouteList,
  queryFromPath,
  wordMatch,
  type RouteEntry,
} from '../../src/lib/notFound/index';
import {pageTitle, suggestable} from '../../plugins/not-found-routes/index';

test('the words of a missing docs page, without the section', () => {
  assert.equal(queryFromPath('/docs/how-to-rerender-feedstock/'), 'how to rerender feedstock');
  assert.equal(queryFromPath('/docs/maintainer/conda_forge_yml'), 'maintainer conda forge yml');
  assert.equal(queryFromPath('/community/Governance/'), 'governance');
});

test('dates, numbers, extensions and index pages are left out', () => {
  assert.equal(queryFromPath('/blog/2031/01/01/nothing-here/'), 'nothing here');
  assert.equal(queryFromPath('/docs/user/faq.html'), 'user faq');
  assert.equal(queryFromPath('/docs/orga/index.html'), 'orga');
  assert.equal(queryFromPath('/news/page/12/'), 'page');
  // Digits inside a word stay: they are part of a name.
  assert.equal(queryFromPath('/docs/python314-migration/'), 'python314 migration');
});

test('percent-encoded words are decoded; malformed encoding is kept as it is', () => {
  assert.equal(queryFromPath('/docs/caf%C3%A9%20recipes/'), 'café recipes');
  assert.equal(queryFromPath('/docs/100%zz-off/'), 'zz off');
});

test('paths without words give an empty query', () => {
  for (const path of ['/', '', '/docs/', '/blog/2020/01/', '/-/_/']) assert.equal(queryFromPath(path), '', path);
});

test('punctuation never reaches the query, and long paths are cut to a few words', () => {
  assert.equal(queryFromPath('/<script>alert(1)</script>/'), 'script alert script');
  const long = '/' + Array.from({length: 20}, (_, i) => `word${i}`).join('-') + '/';
  assert.equal(queryFromPath(long).split(' ').length, MAX_QUERY_WORDS);
});

const ROUTES: RouteEntry[] = [
  {path: '/docs/maintainer/adding_pkgs/', title: 'Contributing packages'},
  {path: '/docs/maintainer/updating_pkgs/', title: 'Maintaining packages'},
  {path: '/docs/maintainer/knowledge_base/', title: 'Knowledge Base'},
  {path: '/docs/maintainer/conda_forge_yml/', title: 'Configuring conda-forge.yml'},
  {path: '/docs/how-to/basics/rerender/', title: 'How to rerender a feedstock'},
  {path: '/community/meetings/', title: 'Community meetings'},
  {path: '/community/governance/', title: 'Governance'},
];

test('words match whole, by their start or as an abbreviation', () => {
  assert.equal(wordMatch('packages', 'packages'), 1);
  assert.equal(wordMatch('config', 'configuration'), 0.8);
  assert.equal(wordMatch('pkgs', 'packages'), 0.7);
  assert.equal(wordMatch('yml', 'yaml'), 0.7);
  // Too short, another first letter, or letters out of order: no match.
  assert.equal(wordMatch('pk', 'packages'), 0);
  assert.equal(wordMatch('kgs', 'packages'), 0);
  assert.equal(wordMatch('sgkp', 'packages'), 0);
});

test('the closest addresses: a renamed page is found by its address and title', () => {
  const closest = (path: string) => closestRoutes(path, ROUTES).map((route) => route.path);
  assert.deepEqual(closest('/docs/maintainer/adding-packages/'), ['/docs/maintainer/adding_pkgs/']);
  assert.deepEqual(closest('/docs/maintainer/knowledgebase.html'), ['/docs/maintainer/knowledge_base/']);
  assert.deepEqual(closest('/docs/how-to-rerender-feedstock/'), ['/docs/how-to/basics/rerender/']);
  assert.deepEqual(closest('/docs/orga/meetings/')[0], '/community/meetings/');
  // Nothing close: nothing suggested.
  assert.deepEqual(closest('/no/such/page/'), []);
  assert.deepEqual(closest('/blog/2031/01/01/'), []);
  assert.equal(closestRoutes('/docs/maintainer/', ROUTES, 2).length, 2, 'at most `limit`');
});

test('the route list is validated: odd entries are dropped', () => {
  assert.deepEqual(
    parseRouteList([
      {path: '/docs/', title: ' Getting started '},
      {path: '//evil.example/', title: 'x'},
      {path: 'https://evil.example/', title: 'x'},
      {path: '/docs/a b/', title: 'x'},
      {path: '/docs/x/', title: ''},
      {path: '/docs/y/', title: 'y'.repeat(301)},
      {path: '/docs/z/'},
      null,
      'text',
    ]),
    [{path: '/docs/', title: 'Getting started'}],
  );
  assert.deepEqual(parseRouteList({path: '/'}), []);
  assert.equal(parseRouteList(Array.from({length: 10_000}, () => ({path: '/a/', title: 'a'}))).length, MAX_ROUTES);
});

test('the build lists pages by their own title, leaving out those the page never suggests', () => {
  const site = 'conda-forge | community-driven packaging for conda';
  assert.equal(pageTitle(`<title data-rh="true">Tips &amp; tricks | ${site}</title>`, site), 'Tips & tricks');
  assert.equal(pageTitle(`<title>Don&#x27;t panic | ${site}</title>`, site), "Don't panic");
  assert.equal(pageTitle(`<title>${site}</title>`, site), null);
  assert.equal(pageTitle('<p>no title</p>', site), null);
  assert.ok(suggestable('/docs/maintainer/adding_pkgs/'));
  for (const route of [
    '/',
    '/community/minutes/2024-02-21/',
    '/blog/tags/ci/',
    '/news/page/2/',
    '/blog/archive/',
    '/search/',
    '/x.html',
  ])
    assert.ok(!suggestable(route), route);
});
