import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, sitemapRoutes, startSite, type Site} from './harness';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

test('every route of the sitemap renders, hydrates and raises no page error', async () => {
  const routes = await sitemapRoutes();
  assert.ok(routes.length > 300, `expected the whole site in the sitemap, got ${routes.length} routes`);
  const queue = [...routes];
  const failures: string[] = [];
  const worker = async () => {
    const {page, errors, context} = await site.open();
    for (let route = queue.shift(); route; route = queue.shift()) {
      errors.length = 0;
      const response = await page.goto(site.baseUrl + route, {waitUntil: 'load'});
      if (response?.status() !== 200) {
        failures.push(`${route}: HTTP ${response?.status()}`);
        continue;
      }
      await hydrated(page);
      // Every page has a heading (post lists start at the posts' h2 titles).
      if ((await page.locator('h1, main h2').count()) < 1) failures.push(`${route}: no heading`);
      if (await page.getByText('This page crashed.').count()) failures.push(`${route}: crashed`);
      for (const error of errors) failures.push(`${route}: ${error.message}`);
    }
    await context.close();
  };
  await Promise.all([worker(), worker(), worker()]);
  assert.deepEqual(failures, []);
});

test('every page announces language, direction, canonical and alternate links', async () => {
  const {page, context} = await site.open();
  for (const route of ['/', '/docs/user/faq/', '/community/minutes/', '/blog/', '/news/archive/']) {
    await page.goto(site.baseUrl + route);
    const html = page.locator('html');
    assert.equal(await html.getAttribute('lang'), 'en');
    assert.equal(await html.getAttribute('dir'), 'ltr');
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `https://conda-forge.org${route}`);
    assert.equal(await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href'), `https://conda-forge.org${route}`);
    assert.equal(await page.locator('link[rel="alternate"][hreflang="x-default"]').count(), 1);
    assert.equal(await page.locator('meta[name="robots"][content*="noindex"]').count(), 0);
  }
  await context.close();
});

test('an unknown path shows the not-found page with status 404', async () => {
  const {page, errors, context} = await site.open();
  for (const path of ['/no/such/page/', '/docs/not-a-doc/', '/blog/2031/01/01/nothing/']) {
    const response = await page.goto(site.baseUrl + path);
    assert.equal(response?.status(), 404, path);
    await hydrated(page);
    await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
  }
  // Client-side navigation to an unknown route also lands on the not-found page.
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  await page.evaluate(() => window.history.pushState({}, '', '/missing-route/'));
  await page.goBack();
  await page.goForward();
  await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('route guard: every published route still answers, or redirects to a live page', async () => {
  const {readFile} = await import('node:fs/promises');
  const {allRedirectPairs} = await import('../../config/redirects');
  const published = (await readFile('tests/published-routes.txt', 'utf8')).split('\n').filter(Boolean);
  const live = new Set(await sitemapRoutes());
  const redirects = new Map(allRedirectPairs(live).map((p) => [p.from, p.to]));
  const {existsSync} = await import('node:fs');
  const lost = published.filter((route) => {
    if (live.has(route) || existsSync(`build${route}index.html`)) return false;
    const target = redirects.get(route);
    return !(target && live.has(target));
  });
  assert.deepEqual(lost, [], 'routes disappeared without a redirect to a live page');
});
