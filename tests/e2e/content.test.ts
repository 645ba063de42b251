import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {readdir, readFile} from 'node:fs/promises';
import {hydrated, startSite, type Site} from './harness';
import type {Page} from 'playwright-core';
import {codeThemeDark, codeThemeLight} from '../../config/prism';
import {styleTable, type PrismTheme} from '../../plugins/lean-prism/tokenStyles';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

/** Marks the loaded document, so that sameDocument can tell a navigation in the app from a reload. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as {samePage: boolean}).samePage = true));
}

/** Whether the page is still the document markDocument marked. */
function sameDocument(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as {samePage?: boolean}).samePage === true);
}

test('blog and news paginate 10 a page: /blog/page/3/ holds 6 posts, /news/page/8/ holds 8', async () => {
  const {page, context} = await site.open();
  const count = async (path: string) => {
    await page.goto(site.baseUrl + path);
    return page.locator('main article').count();
  };
  assert.equal(await count('/blog/'), 10);
  assert.equal(await count('/blog/page/3/'), 6);
  assert.equal(await count('/news/page/7/'), 10);
  assert.equal(await count('/news/page/8/'), 8);
  // List pages show summaries: the blog list has "Read more" links to the full posts, each
  // naming its post in its text (visually hidden), not only in an ARIA label.
  await page.goto(site.baseUrl + '/blog/');
  const readMore = page.getByRole('link', {name: /^Read more about \S/});
  assert.equal(await readMore.count(), 10);
  const texts = await readMore.evaluateAll((links) => links.map((link) => link.textContent ?? ''));
  assert.ok(
    texts.every((text) => /^Read more about \S/.test(text) && !text.endsWith('about ')),
    texts.join('\n'),
  );
  // …and only "Read more" is on screen: the title takes no room.
  const shownWidths = await readMore.evaluateAll((links) =>
    links.map((link) => link.querySelector('b + span')?.getBoundingClientRect().width ?? -1),
  );
  assert.ok(
    shownWidths.every((width) => width >= 0 && width <= 1),
    `widths of the hidden titles: ${shownWidths.join(', ')}`,
  );
  assert.equal(await page.locator('aside').getByText('Latest announcements').count(), 0);
  await page.goto(site.baseUrl + '/news/');
  await page.locator('aside').getByText('Latest announcements').waitFor();
  // Every news post is shown as its summary, so the list stays short.
  assert.equal(await page.getByRole('link', {name: /^Read more about \S/}).count(), 10);
  assert.equal(await page.locator('main article h2').count(), 10, 'only the post titles, no section headings');
  await context.close();
});

test('RSS and Atom feeds exist for blog and news and are linked from the page heads', async () => {
  for (const feed of ['/blog/rss.xml', '/blog/atom.xml', '/news/rss.xml', '/news/atom.xml']) {
    const xml = await readFile(`build${feed}`, 'utf8');
    assert.match(xml, /<(rss|feed)\b/);
  }
  const {page, context} = await site.open();
  await page.goto(site.baseUrl + '/docs/');
  const hrefs = await page
    .locator('link[rel="alternate"][type$="xml"]')
    .evaluateAll((ls) => ls.map((l) => l.getAttribute('href')));
  for (const feed of ['/blog/rss.xml', '/blog/atom.xml', '/news/rss.xml', '/news/atom.xml']) {
    assert.ok(
      hrefs.some((h) => h?.endsWith(feed)),
      `head links ${feed}`,
    );
  }
  await context.close();
});

test('each legacy announcement anchor leads to the news post of the same slug', async () => {
  const {page, context} = await site.open();
  await page.goto(site.baseUrl + '/announcements/');
  const entries = await page
    .locator('h3[id]')
    .evaluateAll((hs) =>
      hs.map((h) => ({id: h.id, href: h.nextElementSibling?.querySelector('a')?.getAttribute('href') ?? ''})),
    );
  assert.ok(entries.length >= 50);
  for (const {id, href} of entries) assert.match(href, new RegExp(`^/news/\\d{4}/\\d{2}/\\d{2}/${id}/$`));
  await page.goto(site.baseUrl + '/announcements/#the-compiler-migration-is-in-full-swing');
  await page.locator('#the-compiler-migration-is-in-full-swing').getByText('2018-09-20').waitFor();
  await context.close();
});

test('community: minutes newest first in the sidebar and grouped by year; funding sub-pages unlisted', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/community/minutes/');
  await hydrated(page);
  const years = await page.locator('main h2[id^="year-"]').allInnerTexts();
  assert.match(years[0], /^2025/);
  assert.match(years.at(-1) ?? '', /^2016/);
  const sidebarDates = await page.locator('nav.menu a.menu__link').allInnerTexts();
  const dates = sidebarDates.filter((t) => /^\d{4}-\d{2}-\d{2}$/.test(t));
  assert.equal(dates.length, 209);
  assert.equal(dates[0], '2025-10-29');
  assert.equal(dates.at(-1), '2016-04-15');
  // Each meeting shows its first topics beside its date (from the page's front matter); a
  // meeting that left no notes says so and why.
  const meeting = (date: string) =>
    page.locator('main li').filter({has: page.locator(`a[href="/community/minutes/${date}/"]`)});
  assert.equal(
    await meeting('2024-05-01').innerText(),
    '2024-05-01 — NumPy 2.0 migration · Documentation structure · CUDA · +2 more',
  );
  assert.equal(await meeting('2025-09-17').innerText(), '2025-09-17 — No notes: cancelled for low attendance');
  assert.equal(
    await page
      .locator('main li')
      .filter({hasText: /— No notes: \S/})
      .count(),
    6,
  );
  assert.equal(
    await page
      .locator('main li')
      .filter({hasText: /^\d{4}-\d{2}-\d{2}$/})
      .count(),
    0,
    'a bare date',
  );
  await page.goto(site.baseUrl + '/community/funding/');
  assert.equal(await page.locator('nav.menu a[href="/community/funding/gsoc-2023/"]').count(), 0);
  const unlisted = await page.goto(site.baseUrl + '/community/funding/gsoc-2023/');
  assert.equal(unlisted?.status(), 200);
  // Read the served HTML: the head is rewritten during hydration, so the live DOM can race.
  assert.match((await unlisted?.text()) ?? '', /<meta [^>]*name="?robots"? content="?noindex/);
  // Breadcrumbs are off in the community area and on in the docs.
  assert.equal(await page.locator('nav.theme-doc-breadcrumbs').count(), 0);
  await page.goto(site.baseUrl + '/docs/user/faq/');
  assert.equal(await page.locator('nav.theme-doc-breadcrumbs').count(), 1);
  await page.goto(site.baseUrl + '/community/tags/meeting-notes/');
  await page.getByRole('heading', {level: 1}).filter({hasText: 'meeting-notes'}).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('meeting minutes open from the list and from each other without a reload (their routes load on first use)', async () => {
  const {page, context, errors} = await site.open();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(site.baseUrl + '/community/minutes/');
  await hydrated(page);
  // The start-up bundle does not name the meetings' modules (plugins/lean-runtime/deferred-routes.cjs).
  const main = scripts.find((script) => /\/main\.[0-9a-f]+\.js$/.test(script));
  assert.ok(main, 'main.js was loaded');
  const mainText = await (await context.request.get(site.baseUrl + main)).text();
  assert.doesNotMatch(mainText, /"\/community\/minutes\/\d{4}-\d{2}-\d{2}\/-[0-9a-f]+":/);
  await markDocument(page);
  const before = scripts.length;
  await page.locator('main a[href="/community/minutes/2024-05-01/"]').click();
  await page.waitForURL('**/community/minutes/2024-05-01/');
  await page.locator('h1').filter({hasText: '2024-05-01'}).waitFor();
  assert.equal(await page.locator('main h2#summary').count(), 1, 'the meeting’s own content');
  assert.ok(scripts.length > before, 'the meeting’s code was loaded on demand');
  // Another meeting, from the sidebar: its route is known by now.
  await page.locator('nav.menu a[href="/community/minutes/2023-02-22/"]').click();
  await page.waitForURL('**/community/minutes/2023-02-22/');
  await page.locator('h1').filter({hasText: '2023-02-22'}).waitFor();
  assert.equal(await sameDocument(page), true, 'no reload');
  // Loaded directly, a meeting hydrates as any page does, and leads to the rest of the site.
  await page.goto(site.baseUrl + '/community/minutes/2016-04-15/');
  await hydrated(page);
  await page.locator('h1').filter({hasText: '2016-04-15'}).waitFor();
  await markDocument(page);
  await page.locator('nav.menu a[href="/community/governance/"]').click();
  await page.waitForURL('**/community/governance/');
  await page.getByRole('heading', {level: 1}).waitFor();
  assert.equal(await sameDocument(page), true, 'no reload');
  assert.deepEqual(errors, []);
  await context.close();
});

test('sidebar doc links: hover loads the page’s code, a click navigates in place, a modified click opens a tab', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/community/minutes/2016-04-15/');
  await hydrated(page);
  await markDocument(page);
  const link = page.locator('nav.menu a[href="/community/minutes/2020-01-08/"]');
  assert.equal(await link.getAttribute('aria-current'), null);
  const loaded = page.waitForRequest((request) => request.resourceType() === 'script', {timeout: 5000});
  await link.hover();
  await loaded;
  // Ctrl+click: the browser opens a tab; this page stays where it is.
  const [tab] = await Promise.all([context.waitForEvent('page'), link.click({modifiers: ['Control']})]);
  await tab.close();
  assert.match(page.url(), /\/community\/minutes\/2016-04-15\/$/);
  await link.click();
  await page.waitForURL('**/community/minutes/2020-01-08/');
  await page.locator('h1').filter({hasText: '2020-01-08'}).waitFor();
  assert.equal(await sameDocument(page), true, 'no reload');
  assert.equal(await link.getAttribute('aria-current'), 'page');
  assert.match((await link.getAttribute('class')) ?? '', /menu__link--active/);
  assert.equal(
    await page.locator('nav.menu a[href="/community/minutes/2016-04-15/"]').getAttribute('aria-current'),
    null,
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('sidebar doc links prefetch their page once they scroll into view', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + '/community/minutes/2025-10-29/');
  await hydrated(page);
  const oldest = page.locator('nav.menu a[href="/community/minutes/2016-04-15/"]');
  assert.equal(await oldest.isVisible(), true);
  assert.equal(
    await oldest.evaluate((a) => a.getBoundingClientRect().top > window.innerHeight),
    true,
    'below the fold',
  );
  // Record the prefetches asked for from now on (the oldest meeting's link has not been on screen).
  // (A string: the test runner's transform would name the function, which the page cannot run.)
  await page.evaluate(`{
    const docusaurus = window.docusaurus;
    window.prefetched = [];
    window.docusaurus = {...docusaurus, prefetch: (path) => (window.prefetched.push(path), docusaurus.prefetch(path))};
  }`);
  await oldest.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    () => (window as unknown as {prefetched: string[]}).prefetched.includes('/community/minutes/2016-04-15/'),
    undefined,
    {timeout: 5000},
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('index pages show each doc card’s description, loaded directly and after client-side navigation', async () => {
  const {page, context, errors} = await site.open();
  const card = () => page.locator('main article a.card').filter({hasText: 'A brief introduction'});
  const description = 'What conda-forge is, why it exists, how to install its packages and how to cite it.';
  await page.goto(site.baseUrl + '/docs/user/');
  await hydrated(page);
  assert.match(await card().innerText(), new RegExp(description.replace(/[.]/g, '\\.')));
  // From another docs page, whose own data no longer carries the descriptions.
  await page.goto(site.baseUrl + '/docs/user/faq/');
  await hydrated(page);
  await page.locator('nav.menu a[href="/docs/user/"]').first().click();
  await page.waitForURL('**/docs/user/');
  await card().waitFor();
  assert.match(await card().innerText(), new RegExp(description.replace(/[.]/g, '\\.')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('a minutes title keeps its date on one line on a phone', async () => {
  const {page, context} = await site.open({viewport: {width: 390, height: 844}});
  await page.goto(site.baseUrl + '/community/minutes/2024-05-01/');
  const h1 = page.getByRole('heading', {level: 1});
  assert.equal(await h1.innerText(), 'Core meeting, 2024-05-01');
  const lines = await h1.evaluate((heading) => {
    const range = document.createRange();
    range.selectNodeContents(heading);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    const date = [...heading.querySelectorAll('span')].find((span) => span.textContent === '2024-05-01');
    return {
      title: tops.size,
      date: date ? new Set([...date.getClientRects()].map((r) => Math.round(r.top))).size : 0,
      // Chromium never breaks between a hyphen and a digit; other engines may, unless told not to.
      whiteSpace: date ? getComputedStyle(date).whiteSpace : '',
    };
  });
  // The title needs two lines at this width; the date is whole on one of them.
  assert.equal(lines.title, 2);
  assert.equal(lines.date, 1);
  assert.equal(lines.whiteSpace, 'nowrap');
  await context.close();
});

test('docs tags: the five tag pages list their guides', async () => {
  const {page, context} = await site.open();
  for (const tag of ['advanced', 'basic', 'emergency', 'how-to', 'tutorial']) {
    const response = await page.goto(`${site.baseUrl}/docs/tags/${tag}/`);
    assert.equal(response?.status(), 200, tag);
    assert.ok((await page.locator('main article').count()) >= 1, `${tag} lists pages`);
  }
  await context.close();
});

/** The highlighted blocks of the page: language and count of non-plain tokens. */
function highlightedBlocks(page: Page) {
  return page.locator('pre.prism-code').evaluateAll((pres) =>
    pres.map((pre) => ({
      language: /language-([\w-]+)/.exec(pre.className)?.[1] ?? '',
      tokens: pre.querySelectorAll('.token:not(.plain)').length,
    })),
  );
}

test('code blocks are highlighted without loading Prism; a block rendered in the browser loads only its grammars', async () => {
  const {page, context} = await site.open();
  let scripts: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  // The scripts the page loaded, read from the build (as the server sent them): no second round
  // of requests to a server that a busy machine may answer slowly.
  const loadedCode = async () =>
    (await Promise.all(scripts.map((url) => readFile(`build${new URL(url).pathname}`, 'utf8')))).join('\n');
  const expectHighlighted = async (path: string, languages: string[]) => {
    const blocks = await highlightedBlocks(page);
    for (const language of languages) {
      assert.ok(
        blocks.some((block) => block.language === language && block.tokens > 0),
        `${path}: a ${language} block with highlighted tokens in ${JSON.stringify(blocks)}`,
      );
    }
  };
  // First loads: the server's highlighted lines are kept; neither Prism nor a grammar is loaded.
  for (const [path, languages] of Object.entries({
    '/docs/maintainer/adding_pkgs/': ['yaml', 'bash'],
    '/docs/user/tipsandtricks/': ['bash', 'yaml', 'shell-session'],
  })) {
    scripts = [];
    await page.goto(site.baseUrl + path);
    await hydrated(page);
    await expectHighlighted(path, languages);
    assert.doesNotMatch(await loadedCode(), /languages\.(?:markup|bash|yaml)\s*=/, `${path} loaded the highlighter`);
  }
  // Client-side navigation: the new page's blocks load Prism's core and their own grammars
  // (Bash, Batch and YAML here), nothing else.
  scripts = [];
  await page.locator('article a[href="/docs/maintainer/knowledge_base/#cuda-builds"]').click();
  await page.waitForURL('**/knowledge_base/#cuda-builds');
  for (const language of ['bash', 'batch', 'yaml']) {
    await page.locator(`pre.language-${language} .token:not(.plain)`).first().waitFor();
  }
  await expectHighlighted('/docs/maintainer/knowledge_base/ (client-side)', ['bash', 'batch', 'yaml']);
  const loaded = await loadedCode();
  assert.match(loaded, /languages\.markup\s*=/, 'Prism’s core was loaded');
  for (const unused of ['markdown', 'python', 'toml']) {
    assert.doesNotMatch(loaded, new RegExp(`languages\\.${unused}\\s*=`), `the ${unused} grammar was loaded`);
  }
  // A React page's block, drawn from fetched data.
  await page.goto(site.baseUrl + '/download/');
  await page.locator('pre.language-bash .token:not(.plain)').first().waitFor();
  await expectHighlighted('/download/', ['bash']);
  await context.close();
});

test('a code block that React renders from scratch while hydrating still shows its lines, then its colours', async () => {
  // The page's HTML with one sentence changed: hydration fails on that text, so React renders the
  // page's body again in the browser, code blocks included (#422: the body's Suspense boundary
  // switches to client rendering; #418, #423, #425 for a mismatch outside it).
  const {page, context} = await site.open({
    expectPageErrors: {
      because: 'the served HTML differs from the page on purpose',
      match: /React error #4(?:18|22|23|25)/,
    },
  });
  const path = '/docs/user/tipsandtricks/';
  const html = await readFile(`build${path}index.html`, 'utf8');
  assert.ok(html.includes('A classic surprise'), 'the sentence to change is on the page');
  await page.route(site.baseUrl + path, (route) =>
    route.fulfill({contentType: 'text/html', body: html.replace('A classic surprise', 'A changed surprise')}),
  );
  const serverLines = (html.match(/class="?token-line/g) ?? []).length;
  await page.goto(site.baseUrl + path);
  await hydrated(page);
  assert.equal(await page.locator('article p', {hasText: 'A classic surprise'}).count(), 1, 'React rendered the page');
  assert.equal(await page.locator('pre.prism-code .token-line').count(), serverLines, 'every code line is shown');
  await page.locator('pre.language-yaml .token:not(.plain)').first().waitFor();
  await context.close();
});

test('a long page hydrates before its body’s code loads, keeps the server’s body, and opens whole after navigation', async () => {
  const {page, context} = await site.open({viewport: {width: 412, height: 900}});
  const path = '/docs/maintainer/adding_pkgs/';
  // The body's chunk: the one script of the build that holds the page's first sentence.
  const html = await readFile(`build${path}index.html`, 'utf8');
  const sentence = 'Adding a package to conda-forge is a three-stage journey';
  assert.ok(html.includes(sentence));
  const bodyChunks: string[] = [];
  for (const name of await readdir('build/assets/js')) {
    if ((await readFile(`build/assets/js/${name}`, 'utf8')).includes(sentence)) bodyChunks.push(name);
  }
  assert.equal(bodyChunks.length, 1, `one chunk holds the body: ${bodyChunks.join(', ')}`);
  await page.addInitScript(`
    window.cfBodyRequestedHydrated = null;
    document.addEventListener('DOMContentLoaded', () => {
      for (const element of document.querySelectorAll('article *')) element.cfServer = true;
    });
  `);
  page.on('request', (request) => {
    if (request.url().endsWith(bodyChunks[0])) {
      void page
        .evaluate(() => {
          const w = window as unknown as {cfBodyRequestedHydrated: boolean | null};
          w.cfBodyRequestedHydrated ??= document.documentElement.getAttribute('data-has-hydrated') === 'true';
        })
        .catch(() => {});
    }
  });
  await page.goto(site.baseUrl + path);
  await hydrated(page);
  await page.waitForFunction(
    () => (window as unknown as {cfBodyRequestedHydrated: boolean | null}).cfBodyRequestedHydrated !== null,
  );
  assert.equal(
    await page.evaluate(() => (window as unknown as {cfBodyRequestedHydrated: boolean}).cfBodyRequestedHydrated),
    true,
    'the body’s chunk is requested only once the page has hydrated',
  );
  // The body works once hydrated: a tab switches (the click waits until React handles it).
  const tabs = page.locator('article [role="tablist"]').first();
  const second = tabs.getByRole('tab').nth(1);
  await second.click();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('article [role="tablist"] [role="tab"]')[1]?.getAttribute('aria-selected') === 'true',
  );
  // React hydrated the body as the server wrote it: every element the server sent is still there
  // (the only new ones are the code blocks' buttons, which exist only in the browser). Read once
  // the body is live, so a body that React threw away and rendered again (a context change above
  // it before it hydrated: React 18 logged error #421, React 19 does it silently) is caught too.
  const created = await page.evaluate(() =>
    [...document.querySelectorAll('article *')]
      .filter((element) => !(element as unknown as {cfServer?: boolean}).cfServer)
      .filter((element) => !element.closest('[class*="buttonGroup"]'))
      .map((element) => element.tagName),
  );
  assert.deepEqual(created, [], 'no element of the body was rendered anew');

  // Client-side navigation to another long page (a link of the body, so a hydrated one): its
  // title and its body appear in one commit, never the title over an empty body.
  await page.evaluate(() => {
    const w = window as unknown as {cfBodyWithTitle?: boolean};
    new MutationObserver(() => {
      const title = document.querySelector('article h1')?.textContent ?? '';
      if (title.includes('Maintaining packages') && w.cfBodyWithTitle === undefined) {
        w.cfBodyWithTitle = document.querySelectorAll('article .markdown p').length > 3;
      }
    }).observe(document.body, {subtree: true, childList: true, characterData: true});
  });
  await page.locator('article .markdown a[href="/docs/maintainer/updating_pkgs/"]').first().click();
  await page.waitForURL('**/docs/maintainer/updating_pkgs/');
  await page.locator('article h1', {hasText: 'Maintaining packages'}).waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as {cfBodyWithTitle?: boolean}).cfBodyWithTitle), true);
  await context.close();
});

/** A theme colour as getComputedStyle reports it. */
function rgb(colour: string): string {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour);
  return hex
    ? `rgb(${hex
        .slice(1)
        .map((h) => parseInt(h, 16))
        .join(', ')})`
    : colour;
}

/**
 * The colour and font style the theme gives a token, from the custom properties its inline style
 * names (innermost type first; tests/unit/tokenStyles.test.ts checks those names against the
 * token's types): the first type the theme styles wins, else the code block's plain colour.
 */
function themed(inline: string, theme: PrismTheme): {color: string; fontStyle: string} {
  const table = styleTable(theme);
  const chain = (letter: string) => [...inline.matchAll(new RegExp(`--t-${letter}-([\\w-]+)`, 'g'))].map((m) => m[1]);
  const color = chain('c')
    .map((type) => table[type]?.color)
    .find(Boolean);
  const fontStyle = chain('f')
    .map((type) => table[type]?.fontStyle)
    .find(Boolean);
  return {color: rgb(String(color ?? theme.plain.color)), fontStyle: String(fontStyle ?? 'normal')};
}

test('code blocks keep their server HTML through hydration and take the theme’s colours in both modes', async () => {
  for (const [mode, theme] of [
    ['light', codeThemeLight],
    ['dark', codeThemeDark],
  ] as const) {
    const {page, context} = await site.open();
    // Before any script runs (readyState "interactive" comes before deferred scripts), every code
    // line of the server's HTML is tagged; a line React re-created would have lost its tag. In dark
    // mode the reader has also chosen the recipe.yaml tabs before: the stored choice must still
    // apply, by switching tabs, not by re-creating them.
    await context.addInitScript(`
      localStorage.setItem('theme', ${JSON.stringify(mode)});
      if (${JSON.stringify(mode)} === 'dark') localStorage.setItem('docusaurus.tab.recipe-format', 'v1');
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive')
          for (const line of document.querySelectorAll('.token-line')) line.cfServer = true;
      });
    `);
    await page.goto(`${site.baseUrl}/docs/maintainer/adding_pkgs/`);
    await hydrated(page);
    const selected = mode === 'dark' ? 'recipe.yaml (v1)' : 'meta.yaml';
    await page.locator('[role="tab"][aria-selected="true"]', {hasText: selected}).first().waitFor();
    const tabs = await page.locator('[role="tab"][aria-selected="true"]').allTextContents();
    assert.ok(tabs.length >= 4 && tabs.every((tab) => tab === selected), `${mode}: selected tabs ${tabs}`);
    const lines = await page.locator('.token-line').evaluateAll((nodes) => ({
      all: nodes.length,
      inTabs: nodes.filter((node) => node.closest('.tabs-container')).length,
      kept: nodes.filter((node) => (node as unknown as {cfServer?: boolean}).cfServer).length,
    }));
    assert.ok(lines.all > 300 && lines.inTabs > 200, `${JSON.stringify(lines)} code lines`);
    assert.equal(lines.kept, lines.all, `${mode}: code lines re-created after hydration`);

    const check = async (where: string) => {
      const tokens = await page.locator('pre.prism-code .token').evaluateAll((nodes) =>
        nodes.slice(0, 4000).map((node) => ({
          types: [...node.classList].filter((name) => name !== 'token'),
          inline: node.getAttribute('style') ?? '',
          color: getComputedStyle(node).color,
          fontStyle: getComputedStyle(node).fontStyle,
        })),
      );
      assert.ok(tokens.length > 200, `${where}: ${tokens.length} tokens`);
      const kinds = new Set<string>();
      for (const token of tokens) {
        const want = themed(token.inline, theme);
        assert.deepEqual({color: token.color, fontStyle: token.fontStyle}, want, `${mode}, ${where}: ${token.types}`);
        kinds.add(token.types.join(' '));
      }
      assert.ok(kinds.size >= 8, `${where}: ${[...kinds].join(' | ')}`);
    };
    await check('hydrated page');
    // A block rendered in the browser (client-side navigation) shows its code plain while Prism
    // loads, then is styled the same way.
    await page.locator('a[href="/docs/maintainer/knowledge_base/"]').first().click();
    await page.waitForURL('**/knowledge_base/');
    // The address changes before the new page renders: wait for it, not the old page's tokens.
    await page.getByRole('heading', {level: 1, name: 'Knowledge Base'}).waitFor();
    await page.locator('pre.prism-code .token:not(.plain)').first().waitFor();
    // Each block is busy while its own grammars load.
    await page.waitForFunction(() => document.querySelectorAll('pre.prism-code[aria-busy="true"]').length === 0);
    await check('page rendered in the browser');
    await context.close();
  }
});

/** The request for Mermaid's published entry module (plugins/mermaid-diagrams). */
const MERMAID_ENTRY = /\/vendor\/mermaid\/[^/]+\/mermaid\.esm\.min\.mjs$/;

/** The colours a drawn sequence diagram paints its first participant's box and label with. */
function participantColours(page: Page): Promise<string> {
  return page
    .locator('.docusaurus-mermaid-container svg')
    .first()
    .evaluate((svg) => {
      const box = svg.querySelector('rect.actor');
      const label = svg.querySelector('text.actor');
      if (!box || !label) return 'no participant';
      return `${getComputedStyle(box).fill} / ${getComputedStyle(label).fill}`;
    });
}

test('diagrams render from Mermaid’s prebuilt module, in both colour modes and after client navigation', async () => {
  const {page, context} = await site.open();
  const entryRequests: string[] = [];
  page.on('request', (request) => {
    const {pathname} = new URL(request.url());
    if (MERMAID_ENTRY.test(pathname)) entryRequests.push(pathname);
  });
  // A sequence diagram: drawn with the light colours, then with the dark ones after a reload in dark mode.
  const diagram = page.locator('.docusaurus-mermaid-container svg').first();
  const drawn = async () => {
    await diagram.locator('text').first().waitFor();
    assert.ok((await diagram.locator('text').allTextContents()).includes('CI provider'));
    assert.equal(await diagram.getAttribute('aria-roledescription'), 'sequence', 'Mermaid’s own accessible SVG');
    return participantColours(page);
  };
  await page.goto(site.baseUrl + '/docs/maintainer/understanding_conda_forge/feedstocks/');
  // Before the script draws it, the server's HTML holds the diagram's place and says it is loading.
  const html = await (await fetch(site.baseUrl + '/docs/maintainer/understanding_conda_forge/feedstocks/')).text();
  assert.match(html, /class="docusaurus-mermaid-container[^"]*"[^>]*aria-label="Diagram"/);
  assert.match(html, /role="status">Loading diagram…</);
  await hydrated(page);
  const lightColours = await drawn();
  assert.equal(entryRequests.length, 1, 'Mermaid comes from the published prebuilt module');
  assert.equal(await page.locator('.docusaurus-mermaid-container[data-status="loading"]').count(), 0);
  await page.evaluate(() => window.localStorage.setItem('theme', 'dark'));
  await page.reload();
  await hydrated(page);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const darkColours = await drawn();
  assert.notEqual(darkColours, lightColours, 'the dark mode draws with other colours');
  // Switching the mode on the page draws the diagram again, in the light colours.
  const before = await diagram.getAttribute('id');
  await page
    .getByRole('button', {name: /switch between dark and light mode/i})
    .first()
    .click();
  await page.waitForFunction(() => document.documentElement.dataset.theme !== 'dark');
  await page.waitForFunction((id) => document.querySelector('.docusaurus-mermaid-container svg')?.id !== id, before);
  assert.equal(await participantColours(page), lightColours);
  // Another page with diagrams, reached without a reload, reuses the loaded module.
  await page.locator('nav.menu a[href="/docs/maintainer/understanding_conda_forge/staged_recipes/"]').click();
  await page.waitForURL('**/staged_recipes/');
  await page.locator('.docusaurus-mermaid-container svg text').first().waitFor();
  assert.equal(entryRequests.length, 2, 'one download per page load');
  await context.close();
});

test('a diagram whose Mermaid cannot load says so with a Retry button, and Retry draws it once Mermaid answers', async () => {
  const {page, context} = await site.open({
    expectPageErrors: {because: 'the test answers Mermaid’s entry module with a 500', match: /status of 500/},
  });
  let down = true;
  await page.route(MERMAID_ENTRY, (route) =>
    down ? route.fulfill({status: 500, contentType: 'text/plain', body: 'unavailable'}) : route.fallback(),
  );
  await page.goto(site.baseUrl + '/docs/maintainer/understanding_conda_forge/staged_recipes/');
  await hydrated(page);
  const diagram = page.locator('.docusaurus-mermaid-container').first();
  const alert = diagram.getByRole('alert');
  await alert.waitFor();
  assert.match((await alert.textContent()) ?? '', /The diagram could not be loaded\./);
  assert.equal(await diagram.locator('svg').count(), 0);
  // The reader can still read the diagram's text.
  await diagram.getByText('The diagram’s source').click();
  assert.match((await diagram.locator('details pre').textContent()) ?? '', /^sequenceDiagram/);
  // Every diagram of the page failed the same way; a Retry once Mermaid answers draws this one.
  assert.equal(await page.getByRole('button', {name: 'Retry'}).count(), 2);
  down = false;
  await diagram.getByRole('button', {name: 'Retry'}).click();
  await diagram.locator('svg text').first().waitFor();
  assert.equal(await diagram.getByRole('alert').count(), 0);
  assert.equal(await diagram.getAttribute('data-status'), 'drawn');
  await context.close();
});

test('code block buttons after hydration: word wrap on a phone where the code scrolls, copy everywhere', async () => {
  const {page, context} = await site.open({viewport: {width: 390, height: 844}});
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.baseUrl});
  await page.goto(site.baseUrl + '/docs/maintainer/adding_pkgs/');
  await hydrated(page);
  // The first block whose code is wider than the phone: it scrolls, so it offers word wrap.
  const index = await page.evaluate(() =>
    [...document.querySelectorAll('.theme-code-block pre')].findIndex((pre) => pre.scrollWidth > pre.clientWidth),
  );
  assert.ok(index >= 0, 'a block scrolls sideways at 390 px');
  const block = page.locator('.theme-code-block').nth(index);
  const wrap = block.getByRole('button', {name: 'Toggle word wrap'});
  await wrap.waitFor();
  await wrap.click();
  assert.equal(await block.locator('code').evaluate((code) => getComputedStyle(code).whiteSpace), 'pre-wrap');
  assert.ok(await block.locator('pre').evaluate((pre) => pre.scrollWidth <= pre.clientWidth), 'wrapped code fits');
  await wrap.click();
  assert.notEqual(await block.locator('code').evaluate((code) => getComputedStyle(code).whiteSpace), 'pre-wrap');
  // Copy puts the block's code, line breaks included, on the clipboard.
  await block.hover();
  await block.getByRole('button', {name: 'Copy code to clipboard'}).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const shown = await block
    .locator('code')
    .evaluate((code) => [...code.querySelectorAll('.token-line')].map((line) => line.textContent).join('\n'));
  assert.equal(copied.trimEnd(), shown.trimEnd());
  assert.ok(copied.includes('\n') || copied.length > 20, copied);
  await context.close();
});
