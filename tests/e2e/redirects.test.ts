import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import {hydrated, sitemapRoutes, startSite, type Site} from './harness';
import {allRedirectPairs, explicitRedirects} from '../../config/redirects';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

async function landsOn(from: string, to: string) {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + from);
  await page.waitForURL(site.baseUrl + to, {timeout: 10000});
  assert.deepEqual(errors, [], from);
  await context.close();
}

// Every explicit redirect over plain HTTP (no browser needed): the old path answers with the
// client-side redirect page, whose refresh and script both name the target, and the target is a
// page. The browser test below follows a sample of them, one of each form.
test('every explicit redirect answers with a page that sends the visitor to its target', async () => {
  const checked: string[] = [];
  for (const {from, to} of explicitRedirects) {
    for (const source of from) {
      const response = await fetch(site.baseUrl + source);
      assert.equal(response.status, 200, source);
      const html = await response.text();
      assert.ok(html.includes(`<meta http-equiv="refresh" content="0; url=${to}">`), `${source}: refresh to ${to}`);
      assert.ok(html.includes(`window.location.href = '${to}'`), `${source}: script to ${to}`);
      checked.push(source);
    }
    const target = await fetch(site.baseUrl + to);
    assert.equal(target.status, 200, to);
    assert.match(await target.text(), /<h1/, `${to} is a page`);
  }
  assert.ok(checked.length > 40, `${checked.length} explicit sources`);
});

test('explicit redirects land on their targets in the browser: a folder path and an .html path', async () => {
  await landsOn('/docs/misc/', '/docs/glossary/');
  await landsOn('/docs/orga/governance.html', '/community/governance/');
  await landsOn('/feedstock-outputs', '/packages/');
});

test('derived redirects land on their targets: .html/.htm forms, old minutes, tags, archives', async () => {
  await landsOn('/docs/user/faq.html', '/docs/user/faq/');
  await landsOn('/docs/maintainer/knowledge_base.htm', '/docs/maintainer/knowledge_base/');
  await landsOn('/docs/orga/minutes/2016-04-15/', '/community/minutes/2016-04-15/');
  await landsOn('/docs/orga/minutes/2025-10-29.html', '/community/minutes/2025-10-29/');
  await landsOn('/blog/blog/tag/security/', '/blog/tags/security/');
  await landsOn('/blog/2021/', '/blog/archive/');
  await landsOn('/docs/maintainer/00_intro.html', '/docs/maintainer/');
});

test('a path ending in /index.html shows the page, and the address ends at the slash', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/docs/user/faq/index.html?x=1#top');
  await page.getByRole('heading', {level: 1}).filter({hasText: 'FAQ'}).waitFor();
  await hydrated(page);
  assert.equal(page.url(), site.baseUrl + '/docs/user/faq/?x=1#top');
  assert.deepEqual(errors, []);
  await context.close();
});

test("the host redirect files list every redirect of the table, in each host's form", async () => {
  const netlify = await readFile('build/_redirects', 'utf8');
  const cloudflare = await readFile('build/_redirects.cloudflare', 'utf8');
  const nginx = await readFile('build/nginx-redirects.conf', 'utf8');
  const routes = await sitemapRoutes();
  const pairs = allRedirectPairs(routes);
  assert.ok(pairs.length > 800);
  for (const {from, to} of pairs) {
    assert.ok(netlify.includes(`\n${from} ${to} 301!\n`), `_redirects lacks ${from}`);
    assert.ok(cloudflare.includes(`\n${from} ${to} 301\n`), `_redirects.cloudflare lacks ${from}`);
    assert.ok(nginx.includes(`"${from}" "${to}";`), `nginx map lacks ${from}`);
  }
  for (const route of routes) assert.ok(netlify.includes(`\n${route}index.html ${route} 301!\n`), route);
  const rules = cloudflare.split('\n').filter((line) => line && !line.startsWith('#')).length;
  assert.ok(rules <= 2000, `${rules} Cloudflare rules`);
  const longest = Math.max(...[...nginx.matchAll(/^ {4}"([^"]+)"/gm)].map((m) => m[1].length));
  assert.ok(Number(/map_hash_bucket_size (\d+);/.exec(nginx)?.[1]) >= longest + 32);
});
