import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {holdScripts, hydrated, intlFormatters, recordIntlFormatters, startSite, type Site} from './harness';
import {navbar} from '../../config/navbar';
import {footer} from '../../config/footer';
import {announcementBar} from '../../config/announcement';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const theme = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-theme'));

test('colour mode: light by default (even for a dark system), toggles, persists under "theme"', async () => {
  const {page, context, errors} = await site.open({colorScheme: 'dark'});
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  assert.equal(await theme(page), 'light');
  const toggle = page.getByRole('button', {name: /switch between dark and light mode/i}).first();
  await toggle.click();
  assert.equal(await theme(page), 'dark');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'dark');
  await page.reload();
  await hydrated(page);
  assert.equal(await theme(page), 'dark');
  await page
    .getByRole('button', {name: /switch between dark and light mode/i})
    .first()
    .click();
  assert.equal(await theme(page), 'light');
  assert.equal(await page.evaluate(() => localStorage.getItem('theme')), 'light');
  assert.deepEqual(errors, []);
  await context.close();
});

test('announcement bar: shown, dismissed for good, shown again when its id changes', async () => {
  const {page, context} = await site.open();
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  const bar = page.getByRole('banner').filter({hasText: 'Discourse forum is now read-only'});
  const close = page.getByRole('button', {name: 'Close'});
  await close.waitFor();
  await bar
    .first()
    .waitFor()
    .catch(() => undefined);
  await close.click();
  await close.waitFor({state: 'detached'});
  assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss')), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id')), announcementBar.id);
  await page.reload();
  await hydrated(page);
  assert.equal(await page.getByRole('button', {name: 'Close'}).count(), 0);
  // A new message (another id) is shown again to visitors who dismissed the old one.
  await page.evaluate(() => localStorage.setItem('docusaurus.announcement.id', 'an-older-message'));
  await page.reload();
  await hydrated(page);
  await page.getByRole('button', {name: 'Close'}).waitFor();
  await page.getByRole('link', {name: 'read the announcement'}).click();
  await page.waitForURL(/\/news\/2025\/10\/15\/conda-forge-discourse-read-only\/$/);
  await context.close();
});

test('navbar and footer carry the links of the spec', async () => {
  const {page, context} = await site.open();
  await page.goto(site.baseUrl + '/');
  const nav = page.getByRole('navigation', {name: 'Main'});
  for (const item of navbar.items ?? []) {
    if (item.type === 'search') continue; // a button (tests/e2e/search.test.ts), not a link
    const href = (item.to as string | undefined) ?? (item.href as string);
    const link = nav.locator(`a[href="${href}"]`);
    assert.equal(await link.count(), 1, `navbar link to ${href}`);
    if (item['aria-label']) assert.equal(await link.getAttribute('aria-label'), item['aria-label']);
  }
  const foot = page.locator('footer');
  for (const group of footer.links as Array<{items: Array<{to?: string; href?: string; label: string}>}>) {
    for (const item of group.items) {
      assert.ok((await foot.getByRole('link', {name: item.label}).count()) >= 1, `footer link ${item.label}`);
    }
  }
  assert.match(await foot.innerText(), /Copyright © 2025 conda-forge/);
  // The spec lists the status page in two groups, with the archives and with the resources;
  // every other destination is listed once.
  const groups = await foot.locator('.footer__col').evaluateAll((cols) =>
    cols.map((col) => ({
      title: col.querySelector('.footer__title')?.textContent?.trim() ?? '',
      hrefs: [...col.querySelectorAll('a[href]')].map((a) => a.getAttribute('href') ?? ''),
    })),
  );
  for (const title of ['Stay up-to-date', 'Resources']) {
    const group = groups.find((candidate) => candidate.title === title);
    assert.ok(group?.hrefs.includes('/status/'), `Status under ${title}: ${JSON.stringify(group)}`);
  }
  const hrefs = groups.flatMap((group) => group.hrefs);
  assert.deepEqual(
    hrefs.filter((href, i) => hrefs.indexOf(href) !== i),
    ['/status/'],
    'only Status is listed twice',
  );
  assert.equal(await foot.getByRole('link', {name: 'Status', exact: true}).count(), 2);
  await context.close();
});

test('the navbar brand shows the anvil and the wordmark, and names the home link', async () => {
  for (const width of [1280, 390]) {
    const {page, context} = await site.open({viewport: {width, height: 844}});
    await page.goto(site.baseUrl + '/docs/');
    await hydrated(page);
    const brand = page.getByRole('link', {name: 'conda-forge', exact: true}).first();
    assert.equal(await brand.getAttribute('href'), '/');
    const anvil = brand.locator('.navbar__logo svg');
    assert.ok(await anvil.isVisible(), `the anvil at ${width} px`);
    const drawn = await anvil.locator('use').evaluate((use) => (use as SVGUseElement).getBBox().width);
    assert.ok(drawn > 0, `the anvil's symbol is drawn at ${width} px`);
    const title = brand.locator('.navbar__title');
    assert.equal(await title.innerText(), 'conda-forge');
    assert.ok(await title.isVisible(), `the wordmark at ${width} px`);
    // The whole bar fits the screen: brand, search, colour toggle and menu button on one line.
    const box = (await title.boundingBox())!;
    assert.ok(box.x + box.width <= width, `wordmark inside the bar at ${width} px`);
    const bar = await page
      .locator('nav.navbar')
      .evaluate((nav) => ({scroll: nav.scrollWidth, client: nav.clientWidth, height: nav.clientHeight}));
    assert.ok(bar.scroll <= bar.client, `nothing overflows the bar at ${width} px: ${JSON.stringify(bar)}`);
    await context.close();
  }
});

/** Runs in the page: where the desktop bar's brand and items are, and whether anything is cut. */
function barLayout() {
  const rect = (el: Element) => {
    const r = el.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width};
  };
  const nav = document.querySelector('nav.navbar')!;
  const title = nav.querySelector('.navbar__inner .navbar__title') as HTMLElement;
  const logo = nav.querySelector('.navbar__inner .navbar__logo')!;
  const docs = [...nav.querySelectorAll('.navbar__inner a.navbar__link')].find((a) => a.textContent === 'Docs')!;
  // Every control of the bar that is shown, left to right.
  const items = [...nav.querySelectorAll('.navbar__inner .navbar__items > *')]
    .filter((el) => el.getBoundingClientRect().width > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => ({name: (el.textContent ?? '').trim() || el.className, ...rect(el)}));
  const shown = (group: string) =>
    [...nav.querySelectorAll(`.navbar__inner ${group} > *`)].filter((el) => el.getBoundingClientRect().width > 0);
  return {
    // The free space between the last item on the left and the first on the right.
    room:
      rect(shown('.navbar__items--right')[0]).left -
      rect(shown('.navbar__items:not(.navbar__items--right)').at(-1)!).right,
    title: {text: title.textContent, scroll: title.scrollWidth, client: title.clientWidth, ...rect(title)},
    logo: rect(logo),
    docsText: rect(docs).left + parseFloat(getComputedStyle(docs).paddingLeft),
    items,
    nav: {scroll: nav.scrollWidth, client: nav.clientWidth, ...rect(nav)},
  };
}

test('from 997 to 1,280 px the navbar brand is whole, clear of "Docs", and every item fits on one line', async (t) => {
  // The fonts are the machine's defaults (DejaVu Sans on Debian, as in CI), among the widest of a
  // Linux desktop: the bar needs the most room with them.
  const {page, context, errors} = await site.open({viewport: {width: 1280, height: 600}});
  await context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  const problems: string[] = [];
  let tightest = {width: 0, room: Infinity};
  for (let width = 997; width <= 1280; width++) {
    await page.setViewportSize({width, height: 600});
    const bar = await page.evaluate(barLayout);
    const at = `at ${width} px`;
    if (bar.title.text !== 'conda-forge' || bar.title.scroll > bar.title.client || bar.title.width < 60) {
      problems.push(`${at}: the wordmark is cut (${JSON.stringify(bar.title)})`);
    }
    if (bar.logo.right > bar.title.left) problems.push(`${at}: the anvil overlaps the wordmark`);
    const room = bar.docsText - bar.title.right;
    if (room < 16) problems.push(`${at}: "Docs" starts ${room.toFixed(1)} px after the wordmark`);
    if (bar.nav.scroll > bar.nav.client)
      problems.push(`${at}: the bar overflows (${bar.nav.scroll} > ${bar.nav.client})`);
    for (const [i, item] of bar.items.entries()) {
      const next = bar.items[i + 1];
      if (item.left < 0 || item.right > width) problems.push(`${at}: ${item.name} leaves the screen`);
      if (item.top < bar.nav.top || item.bottom > bar.nav.bottom) problems.push(`${at}: ${item.name} leaves the bar`);
      // Items of one row, left to right, with no overlap (the left group ends before the right one).
      if (next && next.left < item.right - 0.5) problems.push(`${at}: ${item.name} overlaps ${next.name}`);
    }
    if (bar.room < tightest.room) tightest = {width, room: bar.room};
  }
  t.diagnostic(`narrowest free space between the two groups: ${tightest.room.toFixed(1)} px at ${tightest.width} px`);
  assert.deepEqual(problems.slice(0, 20), [], `${problems.length} problems`);
  // Every link of the bar is still there, by name, at the narrowest desktop width.
  await page.setViewportSize({width: 997, height: 600});
  const nav = page.getByRole('navigation', {name: 'Main'});
  for (const name of [
    'Docs',
    'Download',
    'Donate (opens in new tab)',
    'conda-forge on GitHub',
    'conda-forge Zulip chat',
  ]) {
    assert.ok(await nav.getByRole('link', {name, exact: true}).isVisible(), `${name} at 997 px`);
  }
  assert.ok(await nav.getByRole('button', {name: /^Search/}).isVisible(), 'search at 997 px');
  assert.deepEqual(errors, []);
  await context.close();
});

test('navbar below 996 px: only logo, search, colour toggle and menu in the bar; the icon links move to the panel with labels', async () => {
  const {page, context, errors} = await site.open({viewport: {width: 990, height: 800}});
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  const bar = page.locator('.navbar__inner');
  const icons = [
    {name: 'conda-forge on GitHub', label: 'GitHub'},
    {name: 'conda-forge Zulip chat', label: 'Zulip chat'},
  ];
  for (const {name} of icons)
    assert.equal(await bar.getByRole('link', {name}).isVisible(), false, `${name} in the bar`);
  const visibleInBar = await bar
    .locator('a, button')
    .evaluateAll((controls) =>
      controls
        .filter((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().width > 0)
        .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? ''),
    );
  assert.equal(visibleInBar.length, 4, `the bar holds ${JSON.stringify(visibleInBar)}`);
  assert.ok(visibleInBar.includes('Toggle navigation bar'));
  assert.ok(visibleInBar.includes('conda-forge'));
  assert.ok(visibleInBar.some((name) => /^Search/.test(name)));
  assert.ok(visibleInBar.some((name) => /Switch between dark and light mode/.test(name)));

  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const panel = page.locator('.navbar-sidebar');
  const panelAnvil = await panel
    .locator('.navbar__logo svg use')
    .evaluate((use) => (use as SVGUseElement).getBBox().width);
  assert.ok(panelAnvil > 0, 'the panel header draws the anvil from the sprite');
  for (const {name, label} of icons) {
    const link = panel.getByRole('link', {name});
    await link.waitFor();
    assert.ok(await link.isVisible(), `${name} in the panel`);
    assert.equal(await link.innerText(), label, `${name} shows its label`);
    const icon = await link.locator('svg.navbar-icon-link__icon').boundingBox();
    assert.ok(icon && icon.width > 16 && icon.height > 16, `${name} keeps its icon`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('titles and h1: the home page, the blog and the news lists', async () => {
  const {page, context, errors} = await site.open();
  const expected = [
    {path: '/', title: 'conda-forge | community-driven packaging for conda', h1: null},
    {path: '/blog/', title: 'Blog | conda-forge | community-driven packaging for conda', h1: 'Blog'},
    {path: '/news/', title: 'News | conda-forge | community-driven packaging for conda', h1: 'News'},
    {path: '/news/page/2/', title: 'News | conda-forge | community-driven packaging for conda', h1: 'News'},
  ];
  for (const {path, title, h1} of expected) {
    await page.goto(site.baseUrl + path);
    await hydrated(page);
    assert.equal(await page.title(), title, path);
    const headings = page.locator('h1');
    assert.equal(await headings.count(), 1, `one h1 on ${path}`);
    assert.ok(await headings.isVisible(), `the h1 of ${path} is visible`);
    if (h1) assert.equal(await headings.innerText(), h1, path);
  }
  // The home page's h1 is the hero's, and does not repeat the title's description.
  await page.goto(site.baseUrl + '/');
  assert.ok((await page.locator('h1').innerText()).trim().length > 0);
  // The list heading sits above the posts, in the main column beside the sidebar.
  await page.goto(site.baseUrl + '/news/');
  const order = await page
    .locator('main')
    .evaluate((main) => [...main.querySelectorAll('h1, article')].slice(0, 2).map((el) => el.tagName));
  assert.deepEqual(order, ['H1', 'ARTICLE']);
  // Tag pages keep their own heading only.
  await page.goto(site.baseUrl + '/blog/tags/security/');
  assert.equal(await page.locator('h1').count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('mobile panel below 996 px: opens with the primary menu, shows the docs sidebar as secondary menu', async () => {
  const {page, context, errors} = await site.open({viewport: {width: 390, height: 844}});
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const panel = page.locator('.navbar-sidebar');
  await panel.getByRole('link', {name: 'Community'}).waitFor();
  await panel.getByRole('link', {name: 'Docs'}).click();
  await page.waitForURL(/\/docs\/$/);
  // The address changes before the new route renders (Docusaurus keeps the old page until its
  // chunks load): wait for the docs page itself.
  await page.locator('.theme-doc-markdown').waitFor();
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  // On a docs page the panel opens on the secondary menu: the docs sidebar.
  await panel.getByRole('button', {name: /back to main menu/i}).waitFor();
  await panel.getByRole('link', {name: 'Glossary'}).waitFor();
  await panel.getByRole('button', {name: /back to main menu/i}).click();
  await panel.getByRole('link', {name: 'Packages'}).waitFor();
  await page.getByRole('button', {name: 'Close navigation bar'}).click();
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
  // Desktop width has no toggle.
  await page.setViewportSize({width: 1280, height: 900});
  assert.equal(await page.getByRole('button', {name: 'Toggle navigation bar'}).isVisible(), false);
  assert.deepEqual(errors, []);
  await context.close();
});

test('mobile panel: tapping a doc in the docs sidebar opens it and closes the panel', async () => {
  // src/theme/DocSidebar/Mobile closes the panel by pressing its close button.
  const {page, context, errors} = await site.open({viewport: {width: 390, height: 844}});
  await page.goto(site.baseUrl + '/docs/');
  await hydrated(page);
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  const panel = page.locator('.navbar-sidebar');
  await panel.getByRole('link', {name: 'Glossary'}).click();
  await page.waitForURL(/\/glossary\/$/);
  await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));
  await page.locator('h1', {hasText: 'Glossary'}).waitFor();
  // Reopened, the panel shows the sidebar again, the new page marked as the current one.
  await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await panel.locator('.menu__link--active', {hasText: 'Glossary'}).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('the wide-screen sidebars and table of contents hydrate apart: kept and live on a desktop, dropped on a phone', async () => {
  const path = '/community/minutes/2024-02-21/';
  // The server HTML has each in a Suspense boundary of its own (src/components/HydrateApart).
  const html = await (await fetch(site.baseUrl + path)).text();
  assert.match(html, /<aside class="theme-doc-sidebar-container[^>]*><div[^>]*><!--\$--><div class="sidebar_/);
  assert.match(html, /<div class="col col--3"><!--\$--><div class="tableOfContents_/);
  const blog = await (await fetch(site.baseUrl + '/blog/')).text();
  assert.match(blog, /<div class="row"><!--\$--><aside class="col col--3"><nav class="sidebar_/);
  const marks = ['.theme-doc-sidebar-menu a', '.theme-doc-toc-desktop a'];
  const markServerNodes = (page: import('playwright-core').Page) =>
    page.addInitScript((selectors) => {
      document.addEventListener('DOMContentLoaded', () => {
        for (const selector of selectors) {
          const node = document.querySelector(selector);
          if (node) (node as unknown as {serverNode: boolean}).serverNode = true;
        }
      });
    }, marks);

  // Desktop: the server's nodes stay (hydrated, not rendered again), React owns them, and they work.
  const desktop = await site.open({viewport: {width: 1280, height: 900}});
  await markServerNodes(desktop.page);
  await desktop.page.goto(site.baseUrl + path);
  await hydrated(desktop.page);
  for (const selector of marks) {
    await desktop.page.waitForFunction(
      (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactFiber')),
      selector,
    );
    assert.equal(
      await desktop.page
        .locator(selector)
        .first()
        .evaluate((node) => (node as unknown as {serverNode?: boolean}).serverNode),
      true,
      `${selector}: the server's node, hydrated`,
    );
  }
  const category = desktop.page
    .locator('.theme-doc-sidebar-menu .menu__list-item-collapsible')
    .filter({hasText: 'Minutes archive'});
  const caret = category.locator('.menu__caret');
  assert.equal(await caret.getAttribute('aria-expanded'), 'true', "the current page's category is open");
  await caret.click();
  await desktop.page.waitForFunction(
    () =>
      [...document.querySelectorAll('.theme-doc-sidebar-menu .menu__list-item-collapsible')]
        .find((c) => c.textContent?.includes('Minutes archive'))
        ?.querySelector('.menu__caret')
        ?.getAttribute('aria-expanded') === 'false',
  );
  assert.deepEqual(desktop.errors, []);
  await desktop.context.close();

  // Phone: both are gone after hydration; the phone menu carries the sidebar.
  const phone = await site.open({viewport: {width: 390, height: 844}});
  await phone.page.goto(site.baseUrl + path);
  await hydrated(phone.page);
  await phone.page.waitForFunction(
    () => !document.querySelector('.theme-doc-toc-desktop, aside .theme-doc-sidebar-menu'),
  );
  await phone.page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await phone.page.locator('.navbar-sidebar').getByRole('link', {name: 'Minutes archive'}).waitFor();
  await phone.page.goto(site.baseUrl + '/blog/');
  await hydrated(phone.page);
  await phone.page.waitForFunction(() => !document.querySelector('aside.col--3 nav'));
  assert.deepEqual(phone.errors, []);
  await phone.context.close();
});

test('a slow route shows the progress bar after the 200 ms delay, and removes it once the page renders', async () => {
  const {page, context} = await site.open();
  await page.goto(site.baseUrl + '/');
  await hydrated(page);
  // The page's clock is ours from here, and stands still unless the test moves it: the delay is
  // checked in page time, not wall time.
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  // Hold back the route's code and data until the test lets it through.
  const scripts = await holdScripts(page);
  // The theme's own bar (nprogress), which the spec's 200 ms delay matches.
  const bar = page.locator('#nprogress .bar');
  await page.locator('nav').getByRole('link', {name: 'Community'}).click();
  await page.waitForFunction(() => true); // let the click's handlers run
  await page.clock.runFor(150);
  assert.equal(await bar.count(), 0, 'no bar before the delay');
  await page.clock.runFor(100);
  await bar.waitFor({state: 'attached'});
  assert.ok(await scripts.wasHeld(), 'the route was waiting for its code');
  scripts.release();
  await page.waitForURL(/\/community\/$/);
  await page.locator('h1').first().waitFor();
  // The theme's bar finishes in steps of its own timers (nprogress: fill, then fade, then remove).
  for (let step = 0; step < 20 && (await bar.count()) > 0; step++) await page.clock.runFor(250);
  await bar.waitFor({state: 'detached'});
  await context.close();
});

test('the page counter reports each view with its own path and title, never the query string', async () => {
  const counted: Array<{p: string; t: string; r: string}> = [];
  let homeCounted = (): void => undefined;
  let blogCounted = (): void => undefined;
  const first = new Promise<void>((resolve) => (homeCounted = resolve));
  const second = new Promise<void>((resolve) => (blogCounted = resolve));
  const {page, context} = await site.open({
    fixtures: [
      {
        match: 'https://conda-forge.goatcounter.com/count',
        handle: (route, url) => {
          const view = {p: '', t: '', r: ''};
          for (const key of ['p', 't', 'r'] as const) view[key] = url.searchParams.get(key) ?? '';
          counted.push(view);
          if (view.p === '/') homeCounted();
          if (view.p === '/blog/') blogCounted();
          return route.fulfill({status: 204});
        },
      },
    ],
  });
  await context.addInitScript(() => {
    (window as unknown as {goatcounterAllowLocal: boolean}).goatcounterAllowLocal = true;
  });
  const response = await page.goto(site.baseUrl + '/?utm_source=newsletter&q=secret', {
    referer: 'https://example.org/',
  });
  // The page names the counter; it is not among the scripts the page needs to become interactive.
  const html = (await response?.text()) ?? '';
  assert.match(html, /<meta name="cf-page-counter" content="https:\/\/conda-forge\.goatcounter\.com\/count"/);
  assert.doesNotMatch(html, /count\.js"[^>]*><\/script>|<script[^>]*count\.js/);
  await hydrated(page);
  // Once hydrated, the page loads it, with its endpoint, and it counts this first view.
  const script = page.locator('script[src="/js/count.js"]');
  await script.waitFor({state: 'attached'});
  assert.equal(await script.getAttribute('data-goatcounter'), 'https://conda-forge.goatcounter.com/count');
  await first;
  const homeTitle = await page.title();
  await page.locator('nav').getByRole('link', {name: 'Blog'}).click();
  await page.waitForURL(/\/blog\/$/);
  await second;
  const blogTitle = await page.title();
  assert.notEqual(blogTitle, homeTitle);
  assert.deepEqual(counted, [
    {p: '/', t: homeTitle, r: 'https://example.org/'},
    {p: '/blog/', t: blogTitle, r: ''},
  ]);
  await context.close();
});

test("icons are self-hosted and drawn from the page's SVG sprite: no SVG image, no request leaving the site", async () => {
  const {page, context, external} = await site.open();
  // Requests of any type ask for no SVG file. Playwright does not report the favicon's request:
  // the icon link is checked below.
  const svgImages: string[] = [];
  page.on('request', (request) => {
    if (/\.svg($|\?)/.test(new URL(request.url()).pathname)) svgImages.push(request.url());
  });
  // A symbol reference draws something only when its symbol is in the page: getBBox() of a <use>
  // whose target is missing is empty.
  const drawn = (selector: string) =>
    page.locator(selector).evaluate((svg) => {
      const use = svg.querySelector('use');
      const target = use && document.querySelector(use.getAttribute('href') ?? '');
      const box = use?.getBBox();
      return {
        symbol: target?.tagName.toLowerCase(),
        paths: target?.querySelectorAll('path').length ?? 0,
        width: box?.width ?? 0,
        height: box?.height ?? 0,
        hidden: svg.getAttribute('aria-hidden'),
        colour: getComputedStyle(svg).color,
      };
    });
  await page.goto(site.baseUrl + '/docs/user/faq/', {waitUntil: 'networkidle'});
  for (const name of ['github', 'zulip']) {
    const selector = `.navbar__items a.navbar-icon-link--${name} svg.navbar-icon-link__icon`;
    const icon = await drawn(selector);
    assert.equal(icon.symbol, 'symbol', `${name}: its symbol is in the page`);
    assert.ok(icon.paths > 0 && icon.width > 0 && icon.height > 0, `${name} is drawn: ${JSON.stringify(icon)}`);
    assert.equal(icon.hidden, 'true', name);
    const box = await page.locator(selector).boundingBox();
    assert.ok(box && box.width > 16 && box.height > 16, `${name} icon has its size (${JSON.stringify(box)})`);
  }
  // The anvil: drawn from the sprite in the text colour of each mode, its sparks in the brand colours.
  const anvil = '.navbar__inner .navbar__logo svg';
  const light = await drawn(anvil);
  assert.equal(light.symbol, 'symbol');
  assert.ok(light.width > 0 && light.height > 0, `the anvil is drawn: ${JSON.stringify(light)}`);
  assert.equal(light.colour, 'rgb(27, 27, 27)');
  assert.equal(await page.locator('.navbar__inner .navbar__logo img').count(), 0, 'no logo image');
  await page.getByRole('button', {name: /Switch between dark and light mode/}).click();
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
  assert.equal((await drawn(anvil)).colour, 'rgb(255, 255, 255)', 'the anvil turns white in dark mode');
  assert.deepEqual(svgImages, [], 'no SVG file loaded as an image (each is a document of its own)');
  // The favicon is an ICO of PNGs (static/img/favicon.ico, drawn from favicon.svg).
  assert.deepEqual(
    await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((l) => l.getAttribute('href'))),
    ['/img/favicon.ico'],
  );
  const icon = await page.request.get(site.baseUrl + '/img/favicon.ico');
  assert.deepEqual([icon.status(), icon.headers()['content-type']], [200, 'image/x-icon']);
  assert.deepEqual([...(await icon.body()).subarray(0, 4)], [0, 0, 1, 0], 'an ICO file');
  // Infima's chevron (the sidebar's carets, the phone's "On this page" button, the back-to-top
  // button) is a PNG, not an SVG data URL.
  const chevron = await page.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--ifm-menu-link-sublist-icon'),
  );
  assert.match(chevron, /^\s*url\("?data:image\/png;base64,/, chevron.slice(0, 40));
  const backToTop = await page
    .locator('.theme-back-to-top-button')
    .evaluate((el) => getComputedStyle(el, '::after').maskImage);
  assert.match(backToTop, /^url\("data:image\/png;base64,/, backToTop.slice(0, 40));
  assert.deepEqual(
    external.filter((u) => !u.startsWith('https://conda-forge.goatcounter.com')),
    [],
  );
  await context.close();
});

test('pages hydrate without an Intl formatter or collator: none is made until they have', async () => {
  // The first Intl formatter of a page costs 13–30 ms of main-thread time here (ICU loads its
  // data); the theme's dates, plural forms and the live pages' times and counts are written
  // without them (src/lib/format/english.ts; the status and home tests check the pages with their
  // data). The first localeCompare builds a collator, 63–104 ms at a 4× CPU slowdown: the docs
  // breadcrumbs and the search filters find the page's docs instance without it
  // (src/lib/docs/breadcrumbs.ts, src/lib/search/context.ts).
  const {page, context} = await site.open({viewport: {width: 412, height: 900}});
  await recordIntlFormatters(page);
  const paths = [
    '/',
    '/docs/maintainer/adding_pkgs/',
    '/docs/',
    '/blog/',
    '/blog/2020/10/02/versions/',
    '/blog/archive/',
    '/news/',
    '/community/governance/',
    '/community/minutes/',
    '/community/minutes/2024-02-21/',
    '/status/',
    '/packages/',
    '/search/?q=conda',
  ];
  for (const path of paths) {
    await page.goto(site.baseUrl + path);
    await hydrated(page);
    const early = (await intlFormatters(page)).filter((made) => !made.hydrated).map((made) => made.name);
    assert.deepEqual(early, [], `${path} built ${early.join(', ')} before it had hydrated`);
  }
  await context.close();
});
