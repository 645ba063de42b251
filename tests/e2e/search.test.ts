import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFile} from 'node:fs/promises';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import type {Page} from 'playwright-core';
import {
  holdScripts,
  hydrated,
  json,
  layoutShifts,
  recordLayoutShifts,
  startSite,
  type Fixture,
  type Opened,
  type Site,
} from './harness';
import {PAGE_SIZE} from '../../src/lib/search/index';
import {exact, SOURCES} from './fixtures/live';
import {searchPackageMap} from './fixtures/packages';
import {SPLIT_PAGES_FILE, type SplitPage} from '../../plugins/deferred-mdx/pages';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const dialog = (page: Page) => page.locator('dialog[open]');
const searchBox = (page: Page) => dialog(page).getByRole('combobox');
const options = (page: Page) => dialog(page).getByRole('option');

async function openPage(path: string, opened?: Opened): Promise<Opened> {
  const o = opened ?? (await site.open());
  await o.page.goto(site.baseUrl + path);
  await hydrated(o.page);
  return o;
}

async function searchInModal(page: Page, query: string): Promise<void> {
  await page.keyboard.press('Control+k');
  await searchBox(page).waitFor();
  await searchBox(page).fill(query);
}

test('first load carries no search code; Ctrl+K loads the modal, Escape closes it and focus returns', async () => {
  const {page, context, errors} = await site.open();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(new URL(r.url()).pathname));
  await openPage('/docs/', {page, context, errors, external: []});
  const before = requested.length;
  assert.ok(!requested.some((p) => p.includes('/pagefind/')), 'no Pagefind request before search is used');
  const scripts = await page.evaluate(
    () =>
      [...document.scripts].map((s) => s.textContent ?? '').join('') +
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .join(' '),
  );
  assert.doesNotMatch(scripts, /pagefind\.js/);

  const button = page.getByRole('button', {name: 'Search'});
  await button.focus();
  await page.keyboard.press('Control+k');
  await searchBox(page).waitFor();
  assert.ok(
    requested.slice(before).some((p) => /\/assets\/js\/.+\.js$/.test(p)),
    'the modal chunk loads on first open',
  );
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox');
  // Focus stays inside the dialog.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    assert.ok(
      await page.evaluate(() => !!document.activeElement?.closest('dialog')),
      `focus inside after ${i + 1} Tab`,
    );
  }
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({state: 'detached'});
  // Focus is back on the navbar's search button.
  await page.waitForFunction(
    () =>
      document.activeElement?.getAttribute('aria-haspopup') === 'dialog' &&
      document.activeElement.textContent?.includes('Search'),
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('"/" opens the modal, but not while typing in a field', async () => {
  const opened = await openPage('/search/');
  const {page, context, errors} = opened;
  const field = page.getByLabel('Search the conda-forge website');
  await field.click();
  await page.keyboard.type('a/b');
  assert.equal(await field.inputValue(), 'a/b');
  assert.equal(await dialog(page).count(), 0);
  await page.locator('h1').click();
  await page.keyboard.press('/');
  await searchBox(page).waitFor();
  assert.equal(await searchBox(page).inputValue(), '', 'the slash is not typed into the modal');
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({state: 'detached'});
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Typing right after opening search, as people do: the first open after the page loads (a fresh
 * context: cold cache, the modal's code not loaded yet), the CPU slowed down as on a phone, every
 * key sent without delay. Each key must land in the field, in order, with the caret at the end.
 */
const TYPED_AT_ONCE: Array<{
  open: 'Control+k' | '/' | 'click';
  slowdown: number;
  viewport?: {width: number; height: number};
}> = [
  {open: 'Control+k', slowdown: 4},
  {open: 'Control+k', slowdown: 6},
  {open: '/', slowdown: 6},
  {open: 'click', slowdown: 4},
  {open: 'click', slowdown: 6, viewport: {width: 390, height: 844}},
];

for (const {open, slowdown, viewport} of TYPED_AT_ONCE) {
  const how = open === 'click' ? `a click on the search button${viewport ? ' (phone)' : ''}` : open;
  test(`nothing typed right after ${how} is lost (first open, cold cache, CPU ${slowdown}× slower)`, async () => {
    const {page, context, errors} = await site.open(viewport ? {viewport} : {});
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: slowdown});
    await page.goto(`${site.baseUrl}/docs/`);
    await hydrated(page);
    if (open === 'click') await page.getByRole('button', {name: 'Search'}).click();
    else await page.keyboard.press(open);
    await page.keyboard.type('rerender');
    await searchBox(page).waitFor();
    assert.equal(await searchBox(page).inputValue(), 'rerender');
    assert.deepEqual(
      await searchBox(page).evaluate((field: HTMLInputElement) => [field.selectionStart, field.selectionEnd]),
      [8, 8],
      'the caret is at the end',
    );
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('role')), 'combobox');
    // Typing goes on in the field, and the query is searched.
    await page.keyboard.type(' feedstock');
    assert.equal(await searchBox(page).inputValue(), 'rerender feedstock');
    await options(page).first().waitFor();
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('results are grouped by section, the group of the best result first; arrows and Enter open a result', async () => {
  const {page, context, errors} = await openPage('/');
  await searchInModal(page, 'rerender');
  await options(page).first().waitFor();
  const groups = await dialog(page)
    .getByRole('group')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  // The how-to page "How to rerender a feedstock" is the best result: its group leads.
  assert.deepEqual(groups.slice(0, 2), ['How-to', 'Docs'], `groups: ${groups.join(', ')}`);
  if (groups.includes('Minutes')) assert.ok(groups.indexOf('Minutes') > groups.indexOf('Docs'));
  const first = options(page).first();
  assert.equal(await first.getAttribute('aria-selected'), 'true');
  assert.ok((await first.locator('mark').count()) > 0, 'the snippet highlights the match');
  await page.keyboard.press('ArrowDown');
  const second = options(page).nth(1);
  assert.equal(await second.getAttribute('aria-selected'), 'true');
  assert.equal(await searchBox(page).getAttribute('aria-activedescendant'), await second.getAttribute('id'));
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await options(page).last().getAttribute('aria-selected'), 'true', 'ArrowUp wraps to the last result');
  await page.keyboard.press('ArrowDown');
  const href = (await first.getAttribute('href')) ?? '';
  assert.match(href, /^\/docs\//);
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname + url.hash === href);
  assert.equal(await dialog(page).count(), 0);
  // The docs page has rendered (the navbar, and its search button, belong to the new page).
  await page.locator('.theme-doc-markdown').waitFor();
  // The benchmark mark was recorded for the keystrokes.
  assert.ok((await page.evaluate(() => performance.getEntriesByName('cf-search-keystroke').length)) > 0);

  // Reopening offers the recent search, which runs again when chosen.
  await page.keyboard.press('Control+k');
  const recent = dialog(page).getByRole('listbox', {name: 'Recent searches'});
  await recent.waitFor();
  assert.equal(await recent.getByRole('option').first().innerText(), 'rerender');
  await page.keyboard.press('Enter');
  assert.equal(await searchBox(page).inputValue(), 'rerender');
  await options(page).first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('result links are not prefetched for being on screen; a click opens the page inside the app, Ctrl+click a new tab', async () => {
  const session = await site.open();
  const {page, context, errors} = session;
  // Docusaurus's Link prefetches a page once its anchor is on screen: it hands the anchor to an
  // IntersectionObserver as the anchor mounts. Record every element so handed over.
  await context.addInitScript(() => {
    const observed = new Set<Element>();
    (window as unknown as {cfObserved: Set<Element>}).cfObserved = observed;
    const observe = IntersectionObserver.prototype.observe;
    IntersectionObserver.prototype.observe = function (this: IntersectionObserver, target: Element) {
      observed.add(target);
      return observe.call(this, target);
    };
  });
  const watchedForSight = (selector: string) =>
    page.evaluate((css) => {
      const observed = (window as unknown as {cfObserved: Set<Element>}).cfObserved;
      return [...document.querySelectorAll(css)]
        .filter((link) => [...observed].some((target) => target === link || target.contains(link)))
        .map((link) => link.getAttribute('href'));
    }, selector);
  await openPage('/', session);
  // The control: the navbar's links are Docusaurus Links, so the record must hold them.
  assert.notDeepEqual(await watchedForSight('.navbar a[href^="/"]'), [], 'the record saw no Link at all');
  await searchInModal(page, 'rerender');
  await options(page).nth(4).waitFor();
  assert.deepEqual(await watchedForSight('dialog[open] [role="option"]'), [], 'the results prefetched their pages');
  await page.evaluate(() => ((window as unknown as {cfSameDocument: boolean}).cfSameDocument = true));
  const href = (await options(page).first().getAttribute('href')) ?? '';
  await options(page).first().click();
  await page.waitForURL((url) => url.pathname + url.hash === href);
  await page.locator('.theme-doc-markdown').waitFor();
  assert.equal(
    await page.evaluate(() => (window as unknown as {cfSameDocument?: boolean}).cfSameDocument),
    true,
    'the result was opened by a full page load',
  );

  await openPage('/search/?q=rerender', {page, context, errors, external: []});
  const link = page.locator('.cf-search-link').first();
  await link.waitFor();
  assert.deepEqual(await watchedForSight('.cf-search-link'), [], "the search page's results prefetched their pages");
  const target = (await link.getAttribute('href')) ?? '';
  const [opened] = await Promise.all([context.waitForEvent('page'), link.click({modifiers: ['Control']})]);
  await opened.waitForURL((url) => url.pathname === target);
  assert.equal(new URL(page.url()).pathname, '/search/', 'Ctrl+click left the search page');
  await opened.close();
  assert.deepEqual(errors, []);
  await context.close();
});

test('"See all {count} results" leads to the search page with the query', async () => {
  const {page, context, errors} = await openPage('/');
  await searchInModal(page, 'pinning');
  const seeAll = dialog(page).getByRole('link', {name: /^See all \d+ results$/});
  await seeAll.waitFor();
  const count = Number((await seeAll.innerText()).match(/\d+/)?.[0]);
  await seeAll.click();
  await page.waitForURL(/\/search\/\?q=pinning$/);
  await page.getByText(`${count} results for “pinning”`).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('a query that finds nothing shows the catalogue text, suggestions and the report link', async () => {
  const {page, context, errors} = await openPage('/');
  await searchInModal(page, 'zzqqxx');
  const message = dialog(page).getByText('No results found for');
  await message.waitFor();
  assert.equal(await message.innerText(), 'No results found for “zzqqxx”');
  await dialog(page).getByText('Try searching for').waitFor();
  await dialog(page).getByText('Believe this query should return results?').waitFor();
  const report = new URL((await dialog(page).getByRole('link', {name: 'Let us know.'}).getAttribute('href')) ?? '');
  assert.equal(report.origin + report.pathname, 'https://github.com/conda-forge/conda-forge.github.io/issues/new');
  assert.equal(report.searchParams.get('title'), 'Search: no results for "zzqqxx"');
  // A suggestion runs in place.
  await dialog(page).getByRole('button', {name: 'pinning'}).click();
  assert.equal(await searchBox(page).inputValue(), 'pinning');
  await options(page).first().waitFor();
  // The same message on the search page, from a URL.
  await page.keyboard.press('Escape');
  await page.goto(`${site.baseUrl}/search/?q=zzqqxx`);
  await page.getByText('No results found for').waitFor();
  assert.equal(await page.getByRole('link', {name: 'pinning'}).getAttribute('href'), '/search/?q=pinning');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a query containing HTML is shown as text, never run', async () => {
  const html = '<img src=x onerror=alert(1)>';
  const {page, context, errors} = await openPage('/');
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await searchInModal(page, html);
  await dialog(page).locator('[role=option], [role=status]:has-text("No results")').first().waitFor();
  assert.equal(await dialog(page).locator('img').count(), 0);
  await page.keyboard.press('Escape');
  await page.goto(`${site.baseUrl}/search/?q=${encodeURIComponent(html)}`);
  await page
    .getByText(/results? for “<img src=x onerror=alert\(1\)>”|No results found for “<img src=x onerror=alert\(1\)>”/)
    .waitFor();
  assert.equal(await page.getByLabel('Search the conda-forge website').inputValue(), html);
  assert.equal(await page.locator('main img').count(), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('when the index cannot be fetched, the modal and the page say so', async () => {
  const {page, context, errors} = await site.open({
    expectPageErrors: {
      because: 'the test aborts every request for the search index',
      match: /^Failed to load resource: net::ERR_FAILED/,
    },
  });
  // Pagefind fetches from a Web Worker: intercept at the context level.
  await context.route('**/pagefind/**', (route) => route.abort());
  await openPage('/', {page, context, errors, external: []});
  await searchInModal(page, 'rerender');
  await dialog(page).getByText('Unable to fetch results').waitFor();
  await dialog(page).getByText('You might want to check your network connection.').waitFor();
  await page.keyboard.press('Escape');
  await page.goto(`${site.baseUrl}/search/?q=rerender`);
  await page.getByText('Unable to fetch results').waitFor();
  assert.ok(await page.getByRole('button', {name: 'Retry'}).isVisible());
  assert.deepEqual(errors, []);
  await context.close();
});

test('search page: nothing in view moves while the page takes over and the results arrive (no layout shift)', async () => {
  for (const viewport of [
    {width: 412, height: 823},
    {width: 1280, height: 800},
  ]) {
    const {page, context} = await site.open({viewport});
    await recordLayoutShifts(page);
    await page.goto(`${site.baseUrl}/search/?q=conda`);
    await hydrated(page);
    await page.getByRole('navigation', {name: 'Sections'}).waitFor();
    await page
      .getByRole('status')
      .filter({hasText: /\d+ results for “conda”/})
      .waitFor();
    assert.deepEqual(await layoutShifts(page), [], `layout shifts at ${viewport.width} px`);
    await context.close();
  }
});

test("search page with a query in its URL: Pagefind, the query's index and the first results load before the page's scripts, once", async () => {
  const {page, context, errors} = await site.open();
  const pagefind: string[] = [];
  let mainServed = false;
  let releaseMain: () => void = () => undefined;
  const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
  // Pagefind fetches from its worker too: record at the context level.
  await context.route('**/pagefind/**', (route) => {
    const {pathname} = new URL(route.request().url());
    pagefind.push(`${mainServed ? 'after' : 'before'} ${pathname}`);
    return route.continue();
  });
  // The page's own scripts wait until the boot script has asked for the query's index and filter
  // chunks and the prepaint script for the first results (10 s at most: a prepaint that never asks
  // for them fails below). Releasing them earlier made a race of the prepaint's search.
  await context.route('**/assets/js/main.*.js', async (route) => {
    await mainHeld;
    mainServed = true;
    return route.continue();
  });
  const loading = page.goto(`${site.baseUrl}/search/?q=conda`);
  const early = (pattern: RegExp) => pagefind.filter((entry) => entry.startsWith('before ') && pattern.test(entry));
  const started = () =>
    early(/\.pf_index$/).length > 0 &&
    early(/\.pf_filter$/).length === 3 &&
    early(/\.pf_fragment$/).length >= PAGE_SIZE;
  for (let waited = 0; !started() && waited < 200; waited++) await page.waitForTimeout(50);
  releaseMain();
  await loading;
  await hydrated(page);
  await page
    .locator('main ol > li')
    .nth(PAGE_SIZE - 1)
    .waitFor();
  for (const file of [/\/pagefind\.js$/, /\/wasm\.en\.pagefind$/, /\.pf_meta$/, /\.pf_index$/]) {
    assert.equal(early(file).length, 1, `${file} asked for once before main.js: ${pagefind.join(', ')}`);
  }
  // The filters every query carries (section, language, version): their chunks come with the index.
  const filterChunks = pagefind.filter((entry) => entry.endsWith('.pf_filter'));
  assert.equal(early(/\.pf_filter$/).length, 3, `filter chunks before main.js: ${pagefind.join(', ')}`);
  assert.deepEqual(filterChunks, early(/\.pf_filter$/), 'and none again once the page searches');
  // The prepaint script (src/lib/search/prepaint.ts) loads the first page's results; the page takes them over.
  assert.equal(early(/\.pf_fragment$/).length, PAGE_SIZE, `first results before main.js: ${pagefind.join(', ')}`);
  assert.deepEqual(
    pagefind.filter((entry) => entry.startsWith('after ') && entry.endsWith('.pf_fragment')),
    [],
    'and the page does not load them again',
  );
  assert.equal(
    pagefind.filter((entry) => entry.endsWith('/pagefind.js')).length,
    1,
    'the page takes the runtime over instead of loading it again',
  );
  assert.deepEqual(errors, []);
  await context.close();
});

/** The site's scripts but the search page's prepaint script: what the page holds until its results are painted. */
const ENTRY_SCRIPTS = /\/assets\/js\/(?!search-prepaint\.).+\.js$/;

/** The results region's elements as the reader sees them: tag, attributes, text and box. */
function regionSnapshot(page: Page) {
  return page.locator('.cf-search-region').evaluate((region) =>
    [...region.querySelectorAll('*')].map((element) => {
      const box = element.getBoundingClientRect();
      return {
        tag: element.tagName,
        attributes: [...element.attributes].map((a) => `${a.name}=${a.value}`).sort(),
        text: element.textContent,
        box: [box.x, box.y, box.width, box.height].map(Math.round),
      };
    }),
  );
}

test("search page: the first results are painted before the page's scripts run, and the page takes them over unchanged", async () => {
  const {page, context, errors} = await site.open({viewport: {width: 412, height: 823}});
  await recordLayoutShifts(page);
  await page.addInitScript(() => {
    const w = window as unknown as {__lcp: Array<{time: number; results: boolean}>; __statuses: string[]};
    w.__lcp = [];
    w.__statuses = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & {element: Element | null}>) {
        w.__lcp.push({time: entry.startTime, results: !!entry.element?.closest('.cf-search-region')});
      }
    }).observe({type: 'largest-contentful-paint', buffered: true});
    // Every text the status line shows, and the moment of the first click.
    new MutationObserver(() => {
      const text = document.querySelector('.cf-search-region [role=status]')?.textContent ?? '';
      if (text !== w.__statuses.at(-1)) w.__statuses.push(text);
    }).observe(document, {subtree: true, childList: true, characterData: true});
    document.addEventListener('click', () => w.__statuses.push('(click)'), {capture: true});
  });
  // The entry scripts (not the prepaint script) wait here.
  const entry = await holdScripts(page, ENTRY_SCRIPTS);
  const loading = page.goto(`${site.baseUrl}/search/?q=conda`);
  // The page asks for its scripts once the results are on screen (or after three seconds whatever
  // happens, which a loaded machine may reach: the test holds them, so it waits for the results
  // rather than counting them at that moment).
  assert.ok(await entry.wasHeld(), 'the entry scripts were asked for');
  const results = page.locator('main ol > li');
  await results.nth(PAGE_SIZE - 1).waitFor();
  assert.equal(await results.count(), PAGE_SIZE, 'the first page of results, painted without the entry scripts');
  assert.equal(await page.getByLabel('Search the conda-forge website').inputValue(), 'conda');
  const prepainted = await regionSnapshot(page);
  const statusLine = prepainted.find((element) => element.attributes.includes('role=status'));
  assert.match(statusLine?.text ?? '', /^\d+ results for “conda”$/);
  // The browser reports the results as the largest paint, while the scripts are still held.
  const largestPaint = () =>
    page.evaluate(() => (window as unknown as {__lcp: Array<{time: number; results: boolean}>}).__lcp.at(-1));
  await page.waitForFunction(() =>
    (window as unknown as {__lcp: Array<{results: boolean}>}).__lcp.some((entry) => entry.results),
  );
  const paintedBefore = await largestPaint();
  assert.equal(paintedBefore?.results, true, 'the largest paint is in the results');

  entry.release();
  await loading;
  await hydrated(page);
  await page.waitForFunction(() => !document.querySelector('[data-prepaint-slot]'));
  assert.deepEqual(await regionSnapshot(page), prepainted, 'the page renders the same elements in the same places');
  assert.deepEqual(await layoutShifts(page), []);
  assert.deepEqual(await largestPaint(), paintedBefore, 'the largest paint is still the one from before the scripts');

  // The results are the page's now: Load more searches (and only then does the status say so).
  await page.getByRole('button', {name: 'Load more'}).click();
  await page.waitForFunction((count) => document.querySelectorAll('main ol > li').length === count, 2 * PAGE_SIZE);
  const statuses = await page.evaluate(() => (window as unknown as {__statuses: string[]}).__statuses);
  const click = statuses.indexOf('(click)');
  assert.ok(click > 0, statuses.join(' | '));
  assert.ok(
    !statuses.slice(0, click).includes('Searching…'),
    `no second search of the first page: ${statuses.join(' | ')}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * Opens /search/?q=conda with the page's entry scripts held, waits for the prepainted results and
 * types `text` over the query in the server's field. The caller releases the scripts.
 */
async function typeBeforeTakeover(page: Page, text: string) {
  const entry = await holdScripts(page, ENTRY_SCRIPTS);
  const loading = page.goto(`${site.baseUrl}/search/?q=conda`);
  assert.ok(await entry.wasHeld(), 'the entry scripts were asked for');
  await page.locator('main ol > li').first().waitFor();
  const field = page.getByLabel('Search the conda-forge website');
  await field.click();
  await field.press('Control+a');
  await page.keyboard.type(text);
  return {entry, loading, field};
}

test('search page: what the reader types before the page takes over stays in the field, with the focus, and is searched', async () => {
  const {page, context, errors} = await site.open();
  const {entry, loading, field} = await typeBeforeTakeover(page, 'pinning');
  entry.release();
  await loading;
  await hydrated(page);
  await page.waitForFunction(() => !document.querySelector('[data-prepaint-slot]'));
  await page
    .getByRole('status')
    .filter({hasText: /^\d+ results? for “pinning”$/})
    .waitFor();
  assert.equal(await field.inputValue(), 'pinning');
  assert.equal(
    await field.evaluate((element) => element === document.activeElement),
    true,
    'the field keeps the focus',
  );
  await page.waitForURL((url) => url.searchParams.get('q') === 'pinning');
  // Typing goes on where it left off.
  await page.keyboard.type(' deps');
  assert.equal(await field.inputValue(), 'pinning deps');
  assert.deepEqual(errors, []);
  await context.close();
});

test('search page: typing on while the page hydrates and takes over loses no key (CPU 6× slower)', async () => {
  const {page, context, errors} = await site.open();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 6});
  const {entry, loading, field} = await typeBeforeTakeover(page, 'pin');
  // The page's scripts start, hydrate and take over (in a transition, a few frames long at this
  // speed) while the reader goes on typing, key after key with no pause.
  entry.release();
  const typed = 'ning conda build variants';
  for (const key of typed) await page.keyboard.type(key);
  await loading;
  await hydrated(page);
  await page.waitForFunction(() => !document.querySelector('[data-prepaint-slot]'));
  assert.equal(await field.inputValue(), `pin${typed}`);
  assert.deepEqual(
    await field.evaluate((element: HTMLInputElement) => [element === document.activeElement, element.selectionStart]),
    [true, `pin${typed}`.length],
    'the field keeps the focus, the caret at the end',
  );
  await page.waitForURL((url) => url.searchParams.get('q') === `pin${typed}`);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 1});
  assert.deepEqual(errors, []);
  await context.close();
});

test('search page: without its prepaint script the page still searches (the script failing releases the page)', async () => {
  const {page, context, errors} = await site.open({
    expectPageErrors: {
      match: /^Failed to load resource: net::ERR_FAILED$/,
      because: 'the test blocks the prepaint script',
    },
  });
  await page.route(/\/assets\/js\/search-prepaint\..+\.js$/, (route) => route.abort());
  await page.goto(`${site.baseUrl}/search/?q=conda`);
  await hydrated(page);
  await page
    .getByRole('status')
    .filter({hasText: /^\d+ results for “conda”$/})
    .waitFor();
  assert.equal(await page.locator('main ol > li').count(), PAGE_SIZE);
  assert.deepEqual(errors, []);
  await context.close();
});

test('search page: "Load more" pressed on the painted results before the page has taken over still loads more', async () => {
  const {page, context, errors} = await site.open();
  let releaseMain: () => void = () => undefined;
  const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
  await context.route('**/assets/js/main.*.js', async (route) => {
    await mainHeld;
    return route.continue();
  });
  await page.goto(`${site.baseUrl}/search/?q=conda`);
  const results = page.locator('main ol > li');
  // The prepaint script's results, while the site's scripts are held.
  await page.getByRole('button', {name: 'Load more'}).click();
  assert.equal(await results.count(), PAGE_SIZE);
  releaseMain();
  await hydrated(page);
  await page.waitForFunction((count) => document.querySelectorAll('main ol > li').length === count, 2 * PAGE_SIZE);
  assert.deepEqual(errors, []);
  await context.close();
});

test('search page: query and section in the URL, facets with counts, Load more, back button', async () => {
  const {page, context, errors} = await openPage('/search/?q=conda');
  const facets = page.getByRole('navigation', {name: 'Sections'});
  await facets.waitFor();
  const all = facets.getByRole('link', {name: /^All \d+$/});
  assert.equal(await all.getAttribute('aria-current'), 'page');
  const total = Number((await all.innerText()).match(/\d+/)?.[0]);
  assert.ok(total > 2 * PAGE_SIZE, `total ${total}`);
  const results = page.locator('main ol > li');
  await results.first().waitFor();
  assert.equal(await results.count(), PAGE_SIZE);
  assert.equal(await results.first().locator('[class*="section"]').first().innerText(), 'DOCS');
  await page.getByRole('button', {name: 'Load more'}).click();
  await page.waitForFunction((count) => document.querySelectorAll('main ol > li').length === count, 2 * PAGE_SIZE);

  const minutes = facets.getByRole('link', {name: /^Minutes \d+$/});
  const minutesCount = Number((await minutes.innerText()).match(/\d+/)?.[0]);
  await minutes.click();
  await page.waitForURL(/\/search\/\?q=conda&section=Minutes$/);
  await page.getByText(`${minutesCount} results for “conda” in Minutes`).waitFor();
  assert.ok(
    await results.evaluateAll((items) => items.every((li) => li.textContent?.startsWith('Minutes'))),
    'only minutes are listed',
  );
  await page.goBack();
  await page.waitForURL(/\/search\/\?q=conda$/);
  await page.getByText(`${total} results for “conda”`).waitFor();

  // Typing updates the results and the URL.
  await page.getByLabel('Search the conda-forge website').fill('noarch');
  await page.waitForURL(/\/search\/\?q=noarch$/);
  await page.getByText(/\d+ results? for “noarch”/).waitFor();
  assert.ok((await page.evaluate(() => performance.getEntriesByName('cf-search-keystroke').length)) > 0);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * What maintainers ask, and the page (with its section) that must come first, in the modal and
 * on the search page alike. Chosen from the questions people bring to the project, not from what
 * the index returns.
 */
const FIRST_RESULT: Array<[query: string, first: string]> = [
  ['rerender', '/docs/how-to/basics/rerender/'],
  ['add maintainer', '/docs/maintainer/understanding_conda_forge/feedstocks/#add-maintainer'],
  ['cross compile', '/docs/how-to/advanced/cross-compilation/'],
  ['noarch python', '/docs/maintainer/knowledge_base/#noarch-python'],
  ['pin numpy', '/docs/maintainer/pinning_deps/'],
  ['mark a package broken', '/docs/how-to/emergencies/remove-broken-packages/#mark-the-artifacts-as-broken'],
  ['conda-forge.yml bot', '/docs/maintainer/conda_forge_yml/#bot'],
  ['talk to the bots', '/docs/how-to/advanced/talk-to-the-bots/'],
  ['skip build', '/docs/maintainer/adding_pkgs/#skipping-builds'],
];

/** Everyday one-word queries for docs topics: a docs page must come first on the search page. */
const DOCS_FIRST = ['pinning', 'noarch', 'conda-forge.yml', 'cuda', 'python', 'windows', 'abi'];

/** Types `query` into the search page's own field and returns the first result's address. */
async function firstOnPage(page: Page, query: string): Promise<string | null> {
  await page.getByLabel('Search the conda-forge website').fill(query);
  await page.getByText(new RegExp(`^\\d+ results? for “${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}”$`)).waitFor();
  return page.locator('main ol > li').first().locator('a').getAttribute('href');
}

test('ranking: the page a maintainer wants comes first, in the modal and on the search page', async () => {
  const {page, context, errors} = await openPage('/search/');
  const wrong: string[] = [];
  for (const [query, expected] of FIRST_RESULT) {
    const onPage = await firstOnPage(page, query);
    await searchInModal(page, query);
    await options(page).first().waitFor();
    const inModal = await options(page).first().getAttribute('href');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({state: 'detached'});
    if (onPage !== expected || inModal !== expected) wrong.push(`${query}: page ${onPage}, modal ${inModal}`);
    // No index page of cards ranks first, and no excerpt shows a card's icon.
    assert.doesNotMatch(await page.locator('main ol').innerText(), /[\u{1F4C4}\u{1F5C3}]/u, query);
  }
  assert.deepEqual(wrong, [], `expected first results:\n${FIRST_RESULT.map((r) => r.join(' → ')).join('\n')}`);
  // Everyday queries: a docs page first, not a post or the minutes of a meeting.
  for (const query of DOCS_FIRST) {
    assert.match((await firstOnPage(page, query)) ?? '', /^\/docs\//, `first result for ${query}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the last words of the longest docs page find it: its body, hydrated after the page, is indexed to the end', async () => {
  const route = '/docs/maintainer/adding_pkgs/';
  const pages = JSON.parse(await readFile(`.docusaurus/${SPLIT_PAGES_FILE}`, 'utf8')) as SplitPage[];
  const phrase = pages.find((split) => split.route === route)?.endPhrase;
  assert.ok(phrase, `${route} is a split page`);
  const {page, context, errors} = await openPage('/search/');
  await page.getByLabel('Search the conda-forge website').fill(phrase);
  await page.getByText(/^\d+ results? for “/).waitFor();
  const found = await page.locator('main ol > li a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  assert.ok(
    found.some((href) => href?.split('#')[0] === route),
    `"${phrase}" finds ${route}: ${found.join(', ')}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

/** The package map the Packages group reads, answered from fixtures (./fixtures/packages.ts). */
const PACKAGE_MAP = searchPackageMap(2_000);
const packageMap = (): Fixture => exact(SOURCES.feedstockOutputs, json(PACKAGE_MAP));

/**
 * The query-quality floor (`npm run search-quality` runs the full table): questions, typos,
 * synonyms and package names, with the page (any of those listed) or package a maintainer wants
 * first, in the modal and on the search page. The first four must always come first; of the
 * rest, at most one may miss in each view.
 */
const UNDERSTOOD: Array<{query: string; first: string[]; must?: true}> = [
  {query: 'how do I sync my fork', first: ['/docs/how-to/basics/fork-sync/'], must: true},
  {query: 'feedstok', first: ['/docs/maintainer/understanding_conda_forge/feedstocks/'], must: true},
  {
    query: 'apple silicon',
    first: ['/docs/how-to/advanced/enable-archs/', '/docs/maintainer/knowledge_base/', '/docs/user/tipsandtricks/'],
    must: true,
  },
  {query: 'libarrow', first: ['package:libarrow'], must: true},
  {query: 'stagged-recipes', first: ['/docs/maintainer/understanding_conda_forge/staged_recipes/']},
  {query: 'nvidia gpu', first: ['/docs/maintainer/knowledge_base/', '/docs/user/tipsandtricks/']},
  {query: 'how do I remove a broken package', first: ['/docs/how-to/emergencies/remove-broken-packages/']},
  {query: 'what is a feedstock', first: ['/docs/maintainer/understanding_conda_forge/feedstocks/']},
  {query: 'sync my fork upstream spaceship', first: ['/docs/how-to/basics/fork-sync/']},
  {query: 'aarch64', first: ['/docs/how-to/advanced/enable-archs/']},
  {query: 'delete package', first: ['/docs/how-to/emergencies/remove-broken-packages/']},
  {query: 'numpy', first: ['package:numpy']},
];

/** What comes first on the search page for `query`: a package (its group comes first) or a page. */
async function firstAnswerOnPage(page: Page, query: string, expectPackage: boolean): Promise<string> {
  await page.getByLabel('Search the conda-forge website').fill(query);
  const escaped = query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (expectPackage) {
    // The group of this query (a package whose name starts with it), not of an earlier one.
    const packages = page.getByRole('region', {name: 'Packages'});
    await packages
      .getByRole('link', {name: new RegExp(`^${escaped}`)})
      .first()
      .waitFor();
    return `package:${await packages.getByRole('listitem').first().getByRole('link').first().innerText()}`;
  }
  await page.getByText(new RegExp(`^\\d+ results? for “${escaped}”$`)).waitFor();
  return ((await page.locator('main ol > li').first().locator('a').getAttribute('href')) ?? '').split('#')[0];
}

/** What comes first in the modal for `query`: the first option, a package or a page. */
async function firstAnswerInModal(page: Page, query: string, expectPackage: boolean): Promise<string> {
  await searchInModal(page, query);
  if (expectPackage) await dialog(page).getByRole('group', {name: 'Packages'}).waitFor();
  const first = options(page).first();
  await first.waitFor();
  const href = (await first.getAttribute('href')) ?? '';
  const name = /^\/packages\/\?q=/.test(href) ? new URLSearchParams(href.split('?')[1]).get('q') : null;
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({state: 'detached'});
  return name ? `package:${name.replace(/^\^|\$$/g, '')}` : href.split('#')[0];
}

test('questions, typos, synonyms and package names: the answer a maintainer wants comes first, in the modal and on the search page', async () => {
  const {page, context, errors} = await site.open({fixtures: [packageMap()]});
  await openPage('/search/', {page, context, errors, external: []});
  const misses = {page: [] as string[], modal: [] as string[]};
  for (const {query, first, must} of UNDERSTOOD) {
    const expectPackage = first[0].startsWith('package:');
    const onPage = await firstAnswerOnPage(page, query, expectPackage);
    const inModal = await firstAnswerInModal(page, query, expectPackage);
    for (const [view, got] of [
      ['page', onPage],
      ['modal', inModal],
    ] as const) {
      if (first.includes(got)) continue;
      misses[view].push(`${query}: ${got}`);
      assert.ok(!must, `"${query}" must put ${first.join(' or ')} first (${view}: ${got})`);
    }
  }
  assert.ok(misses.page.length <= 1, `search page misses:\n${misses.page.join('\n')}`);
  assert.ok(misses.modal.length <= 1, `modal misses:\n${misses.modal.join('\n')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a typo is corrected with a notice whose link searches the words as typed; stop words are not highlighted', async () => {
  const {page, context, errors} = await openPage('/');
  await searchInModal(page, 'feedstok');
  const notice = dialog(page).getByText(/^Showing results for “feedstock”\. Did you mean “feedstok”\?$/);
  await notice.waitFor();
  const asTyped = notice.getByRole('link', {name: '“feedstok”'});
  assert.equal(await asTyped.getAttribute('href'), '/search/?q=%22feedstok%22');
  await asTyped.click();
  await page.waitForURL((url) => url.pathname === '/search/' && url.searchParams.get('q') === '"feedstok"');
  await page.getByText('No results found for “"feedstok"”').waitFor();

  // Words that no page has all of: the least informative are left out, and the page says so.
  await page.goto(`${site.baseUrl}/search/?q=${encodeURIComponent('sync my fork upstream spaceship')}`);
  await page
    .getByText(
      'No page has all of “sync”, “fork”, “upstream” and “spaceship”; showing results for “sync fork upstream”.',
    )
    .waitFor();
  assert.equal(
    await page.locator('main ol > li').first().locator('a').getAttribute('href'),
    '/docs/how-to/basics/fork-sync/',
  );

  // A question: its stop words neither decide nor are highlighted.
  await page.getByLabel('Search the conda-forge website').fill('how do I sync my fork');
  await page.getByText(/^\d+ results? for “how do I sync my fork”$/).waitFor();
  const marked = await page
    .locator('main ol mark')
    .evaluateAll((marks) => marks.map((mark) => mark.textContent?.toLowerCase().replace(/[^a-z]/g, '')));
  assert.ok(marked.length > 0);
  assert.deepEqual(
    marked.filter((word) => ['how', 'do', 'i', 'my'].includes(word ?? '')),
    [],
    `highlighted: ${marked.join(' ')}`,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('the synonyms file comes with the first query and the vocabulary only for a word no page has; neither with a page', async () => {
  const {page, context, errors} = await site.open();
  const lexicon: string[] = [];
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (/\/pagefind\/cf-(synonyms|vocabulary)\.json$/.test(pathname)) lexicon.push(pathname.split('/').pop()!);
  });
  await openPage('/docs/', {page, context, errors, external: []});
  assert.deepEqual(lexicon, [], 'nothing with the page');
  await searchInModal(page, 'rerender');
  await options(page).first().waitFor();
  assert.deepEqual(lexicon, ['cf-synonyms.json']);
  await searchBox(page).fill('feedstok');
  await dialog(page)
    .getByText(/^Showing results for “feedstock”/)
    .waitFor();
  assert.deepEqual(lexicon, ['cf-synonyms.json', 'cf-vocabulary.json']);
  await searchBox(page).fill('feedstock');
  await options(page).first().waitFor();
  await searchBox(page).fill('pinnig');
  await dialog(page)
    .getByText(/^Showing results for “pinning”/)
    .waitFor();
  assert.deepEqual(lexicon, ['cf-synonyms.json', 'cf-vocabulary.json'], 'each file once');
  assert.deepEqual(errors, []);
  await context.close();
});

test('packages: a query that names a package shows the Packages group first, with its links, and the keyboard reaches it', async () => {
  const {page, context, errors} = await site.open({fixtures: [packageMap()]});
  await openPage('/', {page, context, errors, external: []});
  await searchInModal(page, 'pyarrow');
  const group = dialog(page).getByRole('group', {name: 'Packages'});
  await group.waitFor();
  const groups = await dialog(page)
    .getByRole('group')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  assert.equal(groups[0], 'Packages', `groups: ${groups.join(', ')}`);
  const [pkg, feedstock] = [group.getByRole('option').nth(0), group.getByRole('option').nth(1)];
  assert.match(await pkg.innerText(), /^pyarrow\b/);
  assert.equal(await pkg.getAttribute('href'), '/packages/?q=%5Epyarrow%24');
  assert.match(await feedstock.innerText(), /^arrow-cpp-feedstock\b/);
  assert.equal(await feedstock.getAttribute('href'), 'https://github.com/conda-forge/arrow-cpp-feedstock');
  assert.equal(await pkg.getAttribute('aria-selected'), 'true', 'the package is the first option');
  await page.keyboard.press('ArrowDown');
  assert.equal(await feedstock.getAttribute('aria-selected'), 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/packages/' && url.searchParams.get('q') === '^pyarrow$');
  await page.getByRole('cell', {name: 'pyarrow', exact: true}).waitFor();

  // The search page: the group above the results, each package linking to its row and its feedstock.
  await page.goto(`${site.baseUrl}/search/?q=libarrow`);
  const packages = page.getByRole('region', {name: 'Packages'});
  await packages.waitFor();
  const first = packages.getByRole('listitem').first();
  assert.match(await first.innerText(), /^libarrow built by arrow-cpp-feedstock$/);
  assert.equal(await first.getByRole('link', {name: 'libarrow'}).getAttribute('href'), '/packages/?q=%5Elibarrow%24');
  assert.equal(
    await first.getByRole('link', {name: 'arrow-cpp-feedstock'}).getAttribute('href'),
    'https://github.com/conda-forge/arrow-cpp-feedstock',
  );
  assert.equal(await page.getByText('No results found for').count(), 0, 'a package is a result');
  assert.deepEqual(errors, []);
  await context.close();
});

test('packages: when the package list cannot be loaded, search says nothing of it', async () => {
  // No fixture: the harness refuses the request for the package map.
  const {page, context, errors} = await openPage('/');
  const refused = page.waitForEvent('requestfailed', (request) => request.url() === SOURCES.feedstockOutputs);
  await searchInModal(page, 'numpy');
  await options(page).first().waitFor();
  await refused;
  // The docs results stay, alone: no group, no message.
  await options(page).first().waitFor();
  assert.equal(await dialog(page).getByRole('group', {name: 'Packages'}).count(), 0);
  assert.equal(await dialog(page).getByRole('alert').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * A string of the package index's parser (src/lib/packages/parse.ts), so in every chunk that carries
 * the Packages group's code: a script holding it is that code.
 */
const PACKAGE_CODE_MARK = 'feedstock-outputs.json lists no packages';

/**
 * Records, in order, the scripts of the site a page asks for (not link prefetches, which load the
 * next page's code: the navbar's link to /packages/ prefetches the package index of that page) and
 * each request for the package map.
 */
function recordPackageLoads(opened: Opened): Array<{script?: string; map?: true}> {
  const seen: Array<{script?: string; map?: true}> = [];
  opened.context.on('request', (request) => {
    if (request.url() === SOURCES.feedstockOutputs) return void seen.push({map: true});
    const url = new URL(request.url());
    const purpose = request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '';
    if (url.origin === site.baseUrl && url.pathname.endsWith('.js') && !/prefetch/i.test(purpose)) {
      seen.push({script: url.pathname});
    }
  });
  return seen;
}

/** Whether one of `loads` is the package map or a script with the Packages group's code. */
async function loadsPackages(loads: Array<{script?: string; map?: true}>): Promise<string[]> {
  const found: string[] = [];
  for (const load of loads) {
    if (load.map) found.push('the package map');
    else if (load.script && (await readFile(`build${load.script}`, 'utf8')).includes(PACKAGE_CODE_MARK)) {
      found.push(load.script);
    }
  }
  return found;
}

/**
 * Once the results are on screen, the effects of the render that showed them have run by the next
 * frame, and any request they made has reached this process by the time the page answers.
 */
const afterNextFrame = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));

test('packages: a question downloads neither the Packages group code nor the package map; a package name downloads both', async () => {
  const opened = await site.open({fixtures: [packageMap()]});
  const {page, context, errors} = opened;
  const loads = recordPackageLoads(opened);
  await openPage('/', opened);

  // The modal: the question's results, then nothing of the packages.
  await searchInModal(page, 'how do I sync my fork');
  await options(page).first().waitFor();
  await afterNextFrame(page);
  const question = loads.length;
  assert.deepEqual(await loadsPackages(loads.slice(0, question)), [], 'the question in the modal');
  // A package name in the same modal: the group's code and the map come after its docs results.
  await searchBox(page).fill('libarrow');
  await dialog(page).getByRole('group', {name: 'Packages'}).waitFor();
  const named = await loadsPackages(loads.slice(question));
  assert.ok(named.includes('the package map'), `the package name loads the map: ${named.join(', ')}`);
  assert.ok(
    named.some((load) => load.endsWith('.js')),
    `the package name loads the group's code (a script with "${PACKAGE_CODE_MARK}"): ${named.join(', ')}`,
  );
  await page.keyboard.press('Escape');
  await dialog(page).waitFor({state: 'detached'});

  // The search page, opened afresh with the question in its address.
  const onPage = await site.open({fixtures: [packageMap()]});
  const pageLoads = recordPackageLoads(onPage);
  await openPage(`/search/?q=${encodeURIComponent('how do I sync my fork')}`, onPage);
  await onPage.page.getByText(/^\d+ results? for “how do I sync my fork”$/).waitFor();
  await onPage.page.locator('main ol > li').first().waitFor();
  await afterNextFrame(onPage.page);
  const pageQuestion = pageLoads.length;
  assert.deepEqual(await loadsPackages(pageLoads.slice(0, pageQuestion)), [], 'the question on the search page');
  await onPage.page.getByLabel('Search the conda-forge website').fill('libarrow');
  await onPage.page.getByRole('region', {name: 'Packages'}).waitFor();
  const pageNamed = await loadsPackages(pageLoads.slice(pageQuestion));
  assert.ok(pageNamed.includes('the package map'), `on the page: ${pageNamed.join(', ')}`);
  assert.ok(
    pageNamed.some((load) => load.endsWith('.js')),
    `on the page: ${pageNamed.join(', ')}`,
  );
  assert.deepEqual([...errors, ...onPage.errors], []);
  await context.close();
  await onPage.context.close();
});

function standIn(
  handler: (req: IncomingMessage, res: ServerResponse, body: string) => void,
): Promise<{server: Server; url: string; bodies: string[]}> {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type, Accept');
    res.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      bodies.push(body);
      handler(req, res, body);
    });
  });
  // Never what keeps the test process alive: a test that fails before closing it must still end.
  server.unref();
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`, bodies}),
    ),
  );
}

const passThrough = (url: string): Fixture => ({match: url, handle: (route) => route.continue()});

async function openWithAi(endpoint: string, {clock = false} = {}): Promise<Opened> {
  const opened = await site.open({fixtures: [passThrough(endpoint)]});
  // The page's clock is ours from here (time still flows unless the test moves it).
  if (clock) await opened.page.clock.install();
  await opened.context.addInitScript((e) => {
    (window as unknown as {cfSearchAi: unknown}).cfSearchAi = {endpoint: e, model: 'stand-in-model'};
  }, endpoint);
  return openPage('/', opened);
}

test('AI mode streams an answer from the configured endpoint and cites the pages it used', async () => {
  const ai = await standIn((_req, res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache'});
    const pieces = [
      'To rerender a feedstock, ',
      'comment `@conda-forge-admin, please rerender` ',
      'on a pull request [1].\n\nSee [the **FAQ**](/docs/user/faq/), ',
      'not [this](javascript:alert(1)) or [that](https://evil.example/).',
    ];
    pieces.forEach((piece, i) =>
      setTimeout(() => res.write(`data: ${JSON.stringify({choices: [{delta: {content: piece}}]})}\n\n`), 30 * i),
    );
    setTimeout(() => res.end('data: [DONE]\n\n'), 30 * pieces.length);
  });
  const {page, context, errors} = await openWithAi(ai.url);
  await searchInModal(page, 'How do I rerender a feedstock?');
  await dialog(page).getByRole('button', {name: 'Ask AI'}).click();
  assert.equal(await dialog(page).getByRole('button', {name: 'Ask AI'}).getAttribute('aria-pressed'), 'true');
  await searchBox(page).press('Enter');
  const answer = dialog(page).getByRole('region', {name: 'AI answer'});
  await answer.getByText('Sources cited').waitFor();
  assert.match(
    await answer.innerText(),
    /To rerender a feedstock, comment @conda-forge-admin, please rerender on a pull request/,
  );
  // The answer's Markdown is rendered; links leave only for this site, hostile ones are text.
  assert.equal(await answer.locator('code').innerText(), '@conda-forge-admin, please rerender');
  assert.equal(await answer.getByRole('link', {name: 'the FAQ'}).getAttribute('href'), '/docs/user/faq/');
  assert.match(await answer.innerText(), /not this or that\./);
  assert.equal(await answer.locator('a[href^="javascript:"], a[href*="evil.example"]').count(), 0);
  const sent = JSON.parse(ai.bodies[0]);
  assert.equal(sent.model, 'stand-in-model');
  assert.equal(sent.stream, true);
  assert.match(sent.messages[1].content, /Question: How do I rerender a feedstock\?/);
  assert.match(sent.messages[1].content, /\[1\] .+ \(\/docs\//, 'passages from the local index are sent');
  const cited = answer.getByRole('listitem').getByRole('link');
  assert.equal(await cited.count(), 1);
  const firstSource = sent.messages[1].content.match(/\[1\] .+ \((\/[^)]+)\)/)[1];
  assert.equal(await cited.getAttribute('href'), firstSource);
  await answer.getByRole('link', {name: /^source 1:/}).click();
  await page.waitForURL((url) => url.pathname === firstSource);
  assert.deepEqual(errors, []);
  await context.close();
  ai.server.close();
});

test('AI mode reports a failing endpoint clearly', async () => {
  const ai = await standIn((_req, res) => res.writeHead(502, {'Content-Type': 'text/plain'}).end('bad gateway'));
  const {page, context, errors} = await openWithAi(ai.url);
  await searchInModal(page, 'What is a feedstock?');
  await dialog(page).getByRole('button', {name: 'Ask AI'}).click();
  await dialog(page).getByRole('button', {name: 'Ask', exact: true}).click();
  const alert = dialog(page).getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /The answer service failed \(HTTP 502\)/);
  assert.ok(await alert.getByRole('button', {name: 'Retry'}).isVisible());
  assert.deepEqual(errors, []);
  await context.close();
  ai.server.close();
});

/** Opens the modal in AI mode with a question typed, ready to Ask. */
async function askInModal(page: Page, question: string): Promise<void> {
  await searchInModal(page, question);
  await dialog(page).getByRole('button', {name: 'Ask AI'}).click();
  await dialog(page).getByRole('button', {name: 'Ask', exact: true}).click();
}

const sse = (content: string) => `data: ${JSON.stringify({choices: [{delta: {content}}]})}\n\n`;

test('AI mode gives up on a silent endpoint after the first-byte timeout, and Retry answers', async () => {
  let requests = 0;
  let arrived: () => void = () => {};
  const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
  const ai = await standIn((_req, res) => {
    requests += 1;
    // The first request is never answered; the retry is.
    if (requests === 1) return arrived();
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.end(`${sse('A feedstock is a repository [1].')}data: [DONE]\n\n`);
  });
  const {page, context, errors} = await openWithAi(ai.url, {clock: true});
  await askInModal(page, 'What is a feedstock?');
  const answer = dialog(page).getByRole('region', {name: 'AI answer'});
  await answer.getByText('Writing an answer…').waitFor();
  await dialog(page).getByRole('button', {name: 'Cancel the answer'}).waitFor();
  await firstArrived;
  await page.clock.fastForward(21_000);
  const alert = dialog(page).getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.innerText(), /did not respond within 20 seconds/);
  assert.equal(await dialog(page).getByRole('button', {name: 'Cancel the answer'}).count(), 0);
  await alert.getByRole('button', {name: 'Retry'}).click();
  await answer.getByText('Sources cited').waitFor();
  assert.match(await answer.innerText(), /A feedstock is a repository/);
  assert.equal(await dialog(page).getByRole('alert').count(), 0);
  assert.equal(requests, 2);
  assert.deepEqual(errors, []);
  await context.close();
  ai.server.closeAllConnections();
  ai.server.close();
});

test('AI mode: Cancel (from the keyboard) stops the answer, keeps what arrived, and Ask again works', async () => {
  let requests = 0;
  let firstClosed: () => void = () => {};
  const closed = new Promise<void>((resolve) => (firstClosed = resolve));
  const ai = await standIn((_req, res) => {
    requests += 1;
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    if (requests === 1) {
      // A first piece, then nothing: the answer is still being written when Cancel is pressed.
      res.on('close', firstClosed);
      return void res.write(sse('The first half'));
    }
    res.end(`${sse('The whole answer [1].')}data: [DONE]\n\n`);
  });
  const {page, context, errors} = await openWithAi(ai.url);
  await askInModal(page, 'What is a feedstock?');
  const answer = dialog(page).getByRole('region', {name: 'AI answer'});
  await answer.getByText('The first half').waitFor();
  const cancel = dialog(page).getByRole('button', {name: 'Cancel the answer'});
  await cancel.focus();
  await page.keyboard.press('Enter');
  const status = answer.getByRole('status');
  await status.waitFor();
  assert.match(await status.innerText(), /You cancelled the answer\./);
  assert.match(await answer.innerText(), /The first half/, 'the part that arrived stays');
  await closed; // the request was aborted, not left running
  assert.equal(await cancel.count(), 0);
  // Focus moved to "Ask again", which asks from the keyboard too.
  const again = status.getByRole('button', {name: 'Ask again'});
  await page.waitForFunction(() => document.activeElement?.textContent === 'Ask again');
  await again.press('Enter');
  await answer.getByText('Sources cited').waitFor();
  assert.match(await answer.innerText(), /The whole answer/);
  assert.equal(await answer.getByRole('status').count(), 0);
  assert.equal(requests, 2);
  assert.deepEqual(errors, []);
  await context.close();
  ai.server.close();
});

test('AI mode: a stream cut mid-way keeps the text and says it stopped early', async () => {
  let requests = 0;
  const ai = await standIn((_req, res) => {
    requests += 1;
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.write(sse(`Answer number ${requests} begins`));
    // Closed without [DONE] the first time, the connection torn down the second time (late enough
    // for a busy browser to have read the text: a reset can discard what it has not read yet).
    if (requests === 1) res.end();
    else setTimeout(() => res.destroy(), 500);
  });
  const {page, context, errors} = await openWithAi(ai.url);
  await askInModal(page, 'What is a feedstock?');
  const answer = dialog(page).getByRole('region', {name: 'AI answer'});
  for (const n of [1, 2]) {
    const alert = answer.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /The answer stopped early/);
    assert.doesNotMatch(await alert.innerText(), /could not be reached/);
    assert.match(await answer.innerText(), new RegExp(`Answer number ${n} begins`));
    if (n === 1) {
      await alert.getByRole('button', {name: 'Retry'}).click();
      await answer.getByText('Answer number 2 begins').waitFor();
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
  ai.server.close();
});

test('without AI configuration there is no AI toggle', async () => {
  const {page, context} = await openPage('/');
  await searchInModal(page, 'rerender');
  await options(page).first().waitFor();
  assert.equal(await dialog(page).getByRole('button', {name: 'Ask AI'}).count(), 0);
  await context.close();
});

test('DocSearch mode queries Algolia with the contextual filters and shows the same UI', async () => {
  const requests: Array<{url: URL; body: string}> = [];
  const algolia: Fixture = {
    match: (url) => url.host === 'kb43fqob7u-dsn.algolia.net',
    handle: (route, url) => {
      requests.push({url, body: route.request().postData() ?? ''});
      return route.fulfill({
        status: 200,
        contentType: 'application/json',
        headers: {'Access-Control-Allow-Origin': '*'},
        body: JSON.stringify({
          nbHits: 2,
          hits: [
            {
              url: 'https://conda-forge.org/docs/maintainer/pinning_deps/#updating-package-pins',
              hierarchy: {lvl0: 'Documentation', lvl1: 'Pinned dependencies', lvl2: 'Updating package pins'},
              docusaurus_tag: 'docs-default-current',
              language: 'en',
              _snippetResult: {content: {value: 'Raising a global \u2063cf[pin]cf\u2063 means rebuilding'}},
            },
            {
              url: 'https://conda-forge.org/news/2024/01/01/example/',
              hierarchy: {lvl0: 'News', lvl1: 'A news item'},
              _highlightResult: {hierarchy: {lvl1: {value: 'A news item'}}},
            },
          ],
        }),
      });
    },
  };
  const opened = await site.open({fixtures: [algolia]});
  await opened.context.addInitScript(() => {
    (window as unknown as {cfSearchDocSearch: unknown}).cfSearchDocSearch = {apiKey: 'search-only-key'};
  });
  const {page, context, errors} = await openPage('/docs/', opened);
  await searchInModal(page, 'pin');
  await options(page).first().waitFor();
  const groups = await dialog(page)
    .getByRole('group')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));
  assert.deepEqual(groups, ['Docs', 'News']);
  assert.equal(
    await options(page).first().getAttribute('href'),
    '/docs/maintainer/pinning_deps/#updating-package-pins',
  );
  assert.equal(await options(page).first().locator('mark').innerText(), 'pin');
  await dialog(page).getByRole('link', {name: 'See all 2 results'}).waitFor();
  const last = requests[requests.length - 1];
  assert.equal(last.url.pathname, '/1/indexes/conda-forge/query');
  assert.equal(last.url.searchParams.get('x-algolia-api-key'), 'search-only-key');
  const params = JSON.parse(last.body);
  assert.equal(params.facetFilters[0], 'language:en');
  assert.ok(params.facetFilters[1].includes('docusaurus_tag:default'));
  assert.ok(params.facetFilters[1].includes('docusaurus_tag:docs-default-current'));
  assert.ok(!opened.external.some((u) => u.includes('/pagefind/')));
  assert.deepEqual(errors, []);
  await context.close();
});
