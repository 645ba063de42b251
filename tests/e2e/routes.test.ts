import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {hydrated, sitemapRoutes, startSite, type Site} from './harness';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

test('every route of the sitemap answers 200 with a whole page: language, heading, canonical link', async () => {
  // Plain HTTP: the built HTML is what a crawler or a reader without JavaScript gets. The same
  // HTML of every page goes through axe in a11ySweep.test.ts; hydration is checked per layout by
  // a11y.test.ts and the feature tests, whose console guard fails on any error.
  const routes = await sitemapRoutes();
  assert.ok(routes.length > 300, `expected the whole site in the sitemap, got ${routes.length} routes`);
  const failures: string[] = [];
  const check = async (route: string) => {
    const response = await fetch(site.baseUrl + route);
    const html = await response.text();
    if (response.status !== 200) return failures.push(`${route}: HTTP ${response.status}`);
    const root = /<html[^>]*>/.exec(html)?.[0] ?? '';
    if (attribute(root, 'lang') !== 'en' || attribute(root, 'dir') !== 'ltr')
      failures.push(`${route}: no lang/dir on <html>`);
    // Every page has an h1, the blog and news lists included (src/components/BlogListHeader).
    if (!/<h1[\s>]/.test(html)) failures.push(`${route}: no h1`);
    const canonical = /<link[^>]*\brel="?canonical[" >][^>]*>/.exec(html)?.[0] ?? '';
    if (attribute(canonical, 'href') !== `https://conda-forge.org${route}`)
      failures.push(`${route}: no canonical link to itself`);
    if (!/id="?__docusaurus/.test(html) || !/<main[\s>]/.test(html)) failures.push(`${route}: no rendered app`);
  };
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route; route = queue.shift()) await check(route);
  };
  await Promise.all(Array.from({length: 8}, worker));
  assert.deepEqual(failures, []);
});

/** An attribute's value in one tag of the (minified) built HTML: quoted or not. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|([^\\s>]+))`).exec(tag);
  return match ? (match[1] ?? match[2]) : undefined;
}

test('every page announces language, direction, canonical and alternate links', async () => {
  const {page, context} = await site.open();
  for (const route of ['/', '/docs/user/faq/', '/community/minutes/', '/blog/', '/news/archive/']) {
    await page.goto(site.baseUrl + route);
    // While the page hydrates, the head manager takes the server's head tags out and puts its own
    // in, a task or two apart: read them once it is done.
    await hydrated(page);
    const html = page.locator('html');
    assert.equal(await html.getAttribute('lang'), 'en');
    assert.equal(await html.getAttribute('dir'), 'ltr');
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), `https://conda-forge.org${route}`);
    assert.equal(
      await page.locator('link[rel="alternate"][hreflang="en"]').getAttribute('href'),
      `https://conda-forge.org${route}`,
    );
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
  // Client-side navigation to an unknown route also lands on the not-found page: from the home
  // page through the catch-all route, and within the docs through the docs' own layout.
  for (const [from, to] of [
    ['/', '/missing-route/'],
    ['/docs/user/faq/', '/docs/user/not-a-doc/'],
  ]) {
    await page.goto(site.baseUrl + from);
    await hydrated(page);
    await page.evaluate((path) => window.history.pushState({}, '', path), to);
    await page.goBack();
    await page.goForward();
    await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
  }
  await page.getByRole('search').getByLabel('Search the conda-forge website').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the not-found page helps: search prefilled from the address, the main sections, why pages moved', async () => {
  const {page, errors, context} = await site.open();
  const response = await page.goto(site.baseUrl + '/docs/how-to-rerender-feedstock/');
  assert.equal(response?.status(), 404);
  await hydrated(page);
  await page.getByRole('heading', {level: 1, name: 'Page Not Found'}).waitFor();
  const box = page.getByRole('search').getByLabel('Search the conda-forge website');
  await page.waitForFunction(() => document.querySelector<HTMLInputElement>('main input[type="search"]')?.value !== '');
  assert.equal(await box.inputValue(), 'how to rerender feedstock');
  assert.match(await page.locator('main').innerText(), /moved when the site was reorganized/);
  for (const [name, href] of [
    ['Docs', '/docs/'],
    ['Packages', '/packages/'],
    ['Download', '/download/'],
    ['Blog', '/blog/'],
    ['News', '/news/'],
    ['Community', '/community/'],
    ['Status', '/status/'],
  ]) {
    assert.equal(
      await page
        .getByRole('list', {name: 'Or start from a section'})
        .getByRole('link', {name: new RegExp(`^${name}\\b`)})
        .getAttribute('href'),
      href,
    );
  }
  // The visitor may change the words; the search page opens with them.
  await box.fill('rerender');
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === 'rerender');
  await page.getByRole('heading', {level: 1, name: 'Search'}).waitFor();
  // The form also names its target, for a reader whose browser runs no JavaScript.
  const form = await page.goto(site.baseUrl + '/blog/2031/01/01/nothing-here/');
  assert.equal(form?.status(), 404);
  await hydrated(page);
  await page.waitForFunction(
    () => document.querySelector<HTMLInputElement>('main input[type="search"]')?.value === 'nothing here',
  );
  const formTarget = await page
    .getByRole('search')
    .evaluate((el) => ({action: (el as HTMLFormElement).action, method: (el as HTMLFormElement).method}));
  assert.deepEqual(formTarget, {action: site.baseUrl + '/search/', method: 'get'});
  assert.equal(await page.getByRole('search').locator('input').getAttribute('name'), 'q');
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
