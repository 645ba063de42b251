import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {allRedirectPairs, derivedRedirects, explicitRedirects, extensionForms} from '../../config/redirects';
import {netlifyRedirects, nginxRedirectMap} from '../../plugins/host-redirects/format';

/** The committed list of published routes (the route guard keeps it in step with the build). */
const published = new Set(
  readFileSync(new URL('../published-routes.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

const pairs = allRedirectPairs(published);
const sources = new Set(pairs.map((p) => p.from));

test('every redirect target is a published route', () => {
  for (const {to} of pairs) assert.ok(published.has(to), `target ${to} is not a route`);
});

test('no redirect starts at a live route (it would hide the page)', () => {
  for (const {from} of pairs) assert.ok(!published.has(from), `${from} is a live route`);
});

test('no chains and no loops: a target is never itself redirected', () => {
  for (const {from, to} of pairs) {
    assert.notEqual(from, to);
    assert.ok(!sources.has(to), `${from} → ${to} continues as a chain`);
  }
});

test('each old path has exactly one target', () => {
  const seen = new Map<string, string>();
  for (const {from, to} of explicitRedirects) {
    for (const f of from) {
      assert.ok(!seen.has(f) || seen.get(f) === to, `${f} has two targets`);
      seen.set(f, to);
    }
  }
});

test('the spec redirects are in the table', () => {
  const target = (from: string) => pairs.find((p) => p.from === from)?.to;
  assert.equal(target('/feedstock-outputs/'), '/packages/');
  assert.equal(target('/blog/posts/2020-07-11-R-4/'), '/blog/2020/07/11/r-4/');
  assert.equal(target('/docs/user/announcements.html'), '/announcements/');
  assert.equal(target('/docs/misc/'), '/docs/glossary/');
  assert.equal(target('/docs/orga/guidelines.html'), '/docs/maintainer/guidelines/');
  assert.equal(target('/docs/orga/cfep-index/00_intro.html'), '/community/cfep/');
  assert.equal(target('/docs/contracting.html'), '/community/contracting/');
  assert.equal(
    target('/news/2025/05/16/new-ubuntu-base-for-miniforge-docker-images/'),
    '/news/2025/04/17/new-ubuntu-base-for-miniforge-docker-images/',
  );
});

test('derived redirects follow the old URL schemes', () => {
  assert.deepEqual(derivedRedirects('/community/minutes/2019-01-02/'), [
    '/docs/orga/minutes/2019-01-02/',
    '/docs/orga/minutes/2019-01-02.html',
  ]);
  assert.deepEqual(derivedRedirects('/blog/tags/gsoc/'), ['/blog/blog/tag/gsoc/']);
  assert.deepEqual(derivedRedirects('/docs/user/'), ['/docs/user/00_intro.html']);
  assert.equal(derivedRedirects('/blog/archive/').length, 5);
  assert.deepEqual(derivedRedirects('/docs/user/faq/'), []);
  assert.deepEqual(extensionForms('/docs/user/faq/'), ['/docs/user/faq.html', '/docs/user/faq.htm']);
  assert.deepEqual(extensionForms('/'), []);
});

test('host files: one 301 line per old path, slash and no-slash forms', () => {
  const sample = [
    {from: '/docs/misc/', to: '/docs/glossary/'},
    {from: '/a.html', to: '/a/'},
  ];
  assert.equal(
    netlifyRedirects(sample)
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .join('|'),
    '/docs/misc/ /docs/glossary/ 301|/docs/misc /docs/glossary/ 301|/a.html /a/ 301',
  );
  const nginx = nginxRedirectMap(sample);
  assert.match(nginx, /map \$uri \$cf_redirect \{/);
  assert.match(nginx, /"\/docs\/misc" "\/docs\/glossary\/";/);
  assert.match(nginx, /"\/a.html" "\/a\/";\n\}/);
});
