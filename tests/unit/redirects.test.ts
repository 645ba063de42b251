import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {allRedirectPairs, derivedRedirects, explicitRedirects, extensionForms} from '../../config/redirects';
import {canonicalPath} from '../../src/lib/routing/canonicalPath';
import {
  CLOUDFLARE_MAX_STATIC_RULES,
  cloudflareRedirects,
  netlifyRedirects,
  nginxRedirectMap,
} from '../../plugins/host-redirects/format';

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

test("host files: one line per old path in each host's form, slash and no-slash forms", () => {
  const sample = [
    {from: '/docs/misc/', to: '/docs/glossary/'},
    {from: '/a.html', to: '/a/'},
  ];
  const rules = (text: string) =>
    text
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .join('|');
  // Netlify: forced, because a client-side redirect page exists at every old path; plus the
  // index.html form of each live route.
  assert.equal(
    rules(netlifyRedirects(sample, ['/a/'])),
    '/docs/misc/ /docs/glossary/ 301!|/docs/misc /docs/glossary/ 301!|/a.html /a/ 301!|/a/index.html /a/ 301!',
  );
  assert.equal(
    rules(cloudflareRedirects(sample)),
    '/docs/misc/ /docs/glossary/ 301|/docs/misc /docs/glossary/ 301|/a.html /a/ 301',
  );
  const nginx = nginxRedirectMap(sample);
  assert.match(nginx, /map \$uri \$cf_redirect \{/);
  assert.match(nginx, /"\/docs\/misc" "\/docs\/glossary\/";/);
  assert.match(nginx, /"\/a.html" "\/a\/";\n\}/);
});

test("host files stay within each host's limits, or the build stops", () => {
  const many = Array.from({length: CLOUDFLARE_MAX_STATIC_RULES + 1}, (_, i) => ({from: `/old-${i}.html`, to: '/'}));
  assert.throws(() => cloudflareRedirects(many), /exceed Cloudflare Pages' limit of 2000/);
  assert.doesNotThrow(() => cloudflareRedirects(many.slice(0, CLOUDFLARE_MAX_STATIC_RULES)));
  // The site's own table fits.
  assert.doesNotThrow(() => cloudflareRedirects(pairs));
});

test('the nginx map declares hash sizes that fit its longest key and its number of keys', () => {
  const long = '/' + 'x'.repeat(300) + '/';
  const map = nginxRedirectMap([{from: long, to: '/'}, ...pairs]);
  const bucket = Number(/map_hash_bucket_size (\d+);/.exec(map)?.[1]);
  const max = Number(/map_hash_max_size (\d+);/.exec(map)?.[1]);
  assert.ok(bucket >= long.length + 32 && Number.isInteger(Math.log2(bucket)), String(bucket));
  const keys = map.split('\n').filter((l) => /^ {4}"/.test(l)).length;
  assert.ok(max >= keys, `${max} < ${keys}`);
});

test('a path ending in /index.html has the directory path as its canonical form; others are unchanged', () => {
  assert.equal(canonicalPath('/docs/user/faq/index.html'), '/docs/user/faq/');
  assert.equal(canonicalPath('/index.html'), '/');
  assert.equal(canonicalPath('/docs/INDEX.HTM'), '/docs/');
  for (const path of ['/docs/user/faq/', '/docs/user/faq.html', '/blog/index.html.bak', '/search/']) {
    assert.equal(canonicalPath(path), path);
  }
});
