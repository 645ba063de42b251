import {test} from 'node:test';
import assert from 'node:assert/strict';
import {MAX_QUERY_WORDS, queryFromPath} from '../../src/lib/notFound/index';

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
