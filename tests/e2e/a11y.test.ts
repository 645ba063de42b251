/**
 * Accessibility gate: axe-core's WCAG 2.2 A/AA rules on each layout of the site (the page types,
 * less those another type represents), in light and dark mode, after hydration and after live
 * cards have reached their final state. External requests are aborted by the harness, so live
 * pages show their error states here.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import type {AxeResults, Result} from 'axe-core';
import {hydrated, startSite, type Opened, type Site} from './harness';
import {AXE_SOURCE, WCAG_TAGS} from './axe';
import {PAGE_TYPES} from '../../scripts/bench/pageTypes';

type Mode = 'light' | 'dark';

/**
 * Page types whose server-rendered HTML is all there is to check beyond the sweep, because
 * another type checks their layout hydrated: docs and how-to (the longest docs page), community
 * (minutes, the same docs layout), blog list (news list), news post (blog post), announcements
 * (the style guide, a Markdown page). Every page's server-rendered HTML, in both modes, is checked
 * by a11ySweep.test.ts.
 */
const SWEPT_ONLY = new Set(['docs', 'how-to', 'community', 'blog list', 'news post', 'announcements']);

/**
 * One route per layout of the site, hydrated, with its live content in its final state: the page
 * types the benchmark and the size budgets use, less SWEPT_ONLY.
 */
const PAGES = PAGE_TYPES.filter(({name}) => !SWEPT_ONLY.has(name)).map(({name, path}) => ({
  type: name,
  route: path,
  status: name === '404' ? 404 : 200,
}));

test('every page type left to the sweep exists, and each layout is still checked hydrated', () => {
  const names = new Set(PAGE_TYPES.map(({name}) => name));
  assert.deepEqual(
    [...SWEPT_ONLY].filter((name) => !names.has(name)),
    [],
  );
  for (const kept of ['docs (longest)', 'minutes', 'news list', 'blog post', 'style guide', 'home']) {
    assert.ok(
      PAGES.some(({type}) => type === kept),
      kept,
    );
  }
});

let site: Site;
const opened = new Map<Mode, Opened>();
before(async () => {
  site = await startSite();
  for (const mode of ['light', 'dark'] as const) {
    const tab = await site.open({colorScheme: mode});
    // The site ignores the system preference: the stored choice selects the mode.
    await tab.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    // Functions passed to page.evaluate are compiled by tsx, which may wrap inner functions in
    // its `__name` helper; the page needs that helper to run them.
    await tab.context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
    opened.set(mode, tab);
  }
});
after(() => site.close());

/**
 * Waits until live content has settled: no request in flight and no card still showing its
 * loading message (role=status "Loading …") or marked busy.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"]') &&
      ![...document.querySelectorAll('[role="status"]')].some((el) => /^\s*Loading\b/.test(el.textContent ?? '')),
    undefined,
    {timeout: 15_000},
  );
  // Let the last state change finish its transitions before colours are measured.
  await animationsDone(page);
}

/** Resolves once no CSS transition or animation of the page is running. */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
}

async function runAxe(page: Page): Promise<AxeResults> {
  await page.addScriptTag({content: AXE_SOURCE});
  return page.evaluate(
    (tags) =>
      (window as unknown as {axe: typeof import('axe-core')}).axe.run(document, {
        runOnly: {type: 'tag', values: tags},
        resultTypes: ['violations'],
      }),
    WCAG_TAGS,
  );
}

/** A violation as a few readable lines: rule, impact, help, then each target with its finding. */
function describeViolation(violation: Result): string {
  const nodes = violation.nodes.slice(0, 8).map((node) => {
    const finding = [...node.any, ...node.all, ...node.none][0]?.message ?? '';
    return `    ${node.target.join(' ')}${finding ? ` — ${finding}` : ''}`;
  });
  const more = violation.nodes.length > 8 ? [`    … and ${violation.nodes.length - 8} more`] : [];
  return [`  ${violation.id} (${violation.impact}): ${violation.help} [${violation.helpUrl}]`, ...nodes, ...more].join(
    '\n',
  );
}

for (const {type, route, status} of PAGES) {
  test(`axe WCAG 2.2 AA: ${type} ${route} has no violations in light and dark mode`, async () => {
    // The two modes are two tabs of their own: they load and settle side by side (their waits for
    // a quiet network overlap); the report lists light mode first.
    const check = async (mode: Mode): Promise<string[]> => {
      const {page} = opened.get(mode)!;
      const response = await page.goto(site.baseUrl + route);
      assert.equal(response?.status(), status, `${route} answers ${status}`);
      await hydrated(page);
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), mode);
      await settled(page);
      const {violations, passes} = await runAxe(page);
      // A run that checked nothing (axe not injected, empty page) must not count as clean.
      assert.ok(passes.length >= 10, `axe checked ${route} in ${mode} mode (${passes.length} rules passed)`);
      return violations.length ? [`${mode} mode, ${route}:\n${violations.map(describeViolation).join('\n')}`] : [];
    };
    // Both are awaited before a failure is reported, so no check still runs in the next test.
    const outcomes = await Promise.allSettled([check('light'), check('dark')]);
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const report = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []));
    assert.equal(report.length, 0, `axe found violations:\n${report.join('\n')}`);
  });
}

test('axe at phone width: home and a docs page, with the navigation panel open, in both modes', async () => {
  const report: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const tab = await site.open({viewport: {width: 390, height: 844}, colorScheme: mode});
    await tab.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    for (const route of ['/', '/docs/user/faq/']) {
      await tab.page.goto(site.baseUrl + route);
      await hydrated(tab.page);
      await settled(tab.page);
      const closed = await runAxe(tab.page);
      await tab.page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      await tab.page.locator('.navbar-sidebar').getByRole('link').first().waitFor();
      await animationsDone(tab.page);
      const open = await runAxe(tab.page);
      for (const [state, {violations}] of [
        ['panel closed', closed],
        ['panel open', open],
      ] as const) {
        if (violations.length)
          report.push(`${mode} mode, ${route}, ${state}:\n${violations.map(describeViolation).join('\n')}`);
      }
    }
    await tab.context.close();
  }
  assert.equal(report.length, 0, `axe found violations:\n${report.join('\n')}`);
});

test('icon links and toggles have accessible names', async () => {
  const {page} = opened.get('light')!;
  await page.goto(site.baseUrl + '/docs/user/faq/');
  await hydrated(page);
  const named = async (role: 'link' | 'button', name: string | RegExp) => {
    // Polled: some controls (the code blocks' copy buttons) come with code loaded after hydration.
    const control = page.getByRole(role, {name}).first();
    await control
      .waitFor({state: 'visible', timeout: 10_000})
      .catch(() => assert.fail(`a visible ${role} named ${name}`));
  };
  await named('link', 'conda-forge on GitHub');
  await named('link', 'conda-forge Zulip chat');
  await named('button', /^Switch between dark and light mode/);
  await named('button', 'Collapse sidebar');
  await named('button', 'Close');
  await named('button', 'Copy code to clipboard');
  // The back-to-top button shows once the reader has scrolled down and starts scrolling up.
  await page.mouse.wheel(0, 3000);
  await page.waitForFunction(() => window.scrollY > 1000);
  await page.mouse.wheel(0, -200);
  await page.getByRole('button', {name: 'Scroll back to top'}).waitFor();
  await page.getByRole('button', {name: 'Collapse sidebar'}).first().click();
  await named('button', 'Expand sidebar');

  const phone = await site.open({viewport: {width: 390, height: 844}});
  await phone.page.goto(site.baseUrl + '/');
  await hydrated(phone.page);
  await phone.page.getByRole('button', {name: 'Toggle navigation bar'}).click();
  await phone.page.getByRole('button', {name: 'Close navigation bar'}).waitFor();
  // In the panel the icon links spell out their names.
  const panel = phone.page.locator('.navbar-sidebar');
  assert.ok(await panel.getByRole('link', {name: 'conda-forge on GitHub'}).isVisible());
  await phone.context.close();
});

/** Makes a page a touch screen's: `(pointer: coarse)` matches, as on a phone or tablet. */
async function touchScreen(tab: Opened): Promise<void> {
  const session = await tab.context.newCDPSession(tab.page);
  await session.send('Emulation.setTouchEmulationEnabled', {enabled: true, maxTouchPoints: 5});
  assert.ok(await tab.page.evaluate(() => matchMedia('(pointer: coarse)').matches), 'a coarse pointer');
}

test('close buttons fit a finger: the phone menu’s and, on a touch screen, the search’s say "Close" on a 44 px target', async () => {
  const sizes: string[] = [];
  for (const mode of ['light', 'dark'] as const) {
    const tab = await site.open({viewport: {width: 390, height: 844}, colorScheme: mode});
    await tab.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
    await tab.context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
    await touchScreen(tab);
    const {page} = tab;
    await page.goto(site.baseUrl + '/docs/');
    await hydrated(page);
    const fits = async (button: import('playwright-core').Locator, what: string) => {
      const box = (await button.boundingBox())!;
      sizes.push(`${mode} ${what}: ${box.width.toFixed(0)} × ${box.height.toFixed(0)}`);
      assert.ok(box.width >= 44 && box.height >= 44, `${what} in ${mode} mode: ${box.width} × ${box.height} px`);
      // Its word, as text or drawn after its icon by the stylesheet.
      const word = await button.evaluate(
        (el) => (el as HTMLElement).innerText.trim() || getComputedStyle(el, '::after').content.replace(/^"|"$/g, ''),
      );
      assert.equal(word, 'Close', `${what} shows its word`);
      // Its word against the first opaque background behind it.
      const [ink, ground] = await button.evaluate((el) => {
        let node: Element | null = el;
        while (node && /rgba\(.*, 0\)|transparent/.test(getComputedStyle(node).backgroundColor))
          node = node.parentElement;
        return [getComputedStyle(el).color, node ? getComputedStyle(node).backgroundColor : 'rgb(255, 255, 255)'];
      });
      const [a, b] = [luminance(ink), luminance(ground)].sort((x, y) => y - x);
      assert.ok((a + 0.05) / (b + 0.05) >= 4.5, `${what}: ${ink} on ${ground}`);
    };

    await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
    const closeMenu = page.getByRole('button', {name: 'Close navigation bar'});
    await closeMenu.waitFor();
    await fits(closeMenu, 'the menu’s close button');
    // The whole header fits the panel: the wordmark is not cut to make room for the button.
    const title = page.locator('.navbar-sidebar .navbar__title');
    assert.ok(await title.evaluate((el) => el.scrollWidth <= el.clientWidth), 'the panel’s wordmark is whole');
    await closeMenu.click();
    await page.waitForFunction(() => !document.querySelector('.navbar-sidebar--show'));

    await page.getByRole('button', {name: /^Search/}).click();
    const closeSearch = page.getByRole('dialog').getByRole('button', {name: 'Close search'});
    await closeSearch.waitFor();
    await fits(closeSearch, 'the search’s close button');
    await closeSearch.click();
    await page.getByRole('dialog').waitFor({state: 'detached'});
    await tab.context.close();
  }
  // With a mouse and keyboard the search's button names the key that closes it.
  const desk = await site.open({viewport: {width: 1440, height: 900}});
  await desk.page.goto(site.baseUrl + '/docs/');
  await hydrated(desk.page);
  await desk.page.getByRole('button', {name: /^Search/}).click();
  const close = desk.page.getByRole('button', {name: 'Close search'});
  await close.waitFor();
  assert.equal((await close.innerText()).trim(), 'Esc');
  await desk.context.close();
});

/** Colours of the focus ring of the focused element and of what it is drawn on. */
interface FocusRing {
  element: string;
  style: string;
  width: number;
  ring: string;
  background: string;
}

/** Runs in the page: the focused element's outline, and the opaque colour behind the outline. */
function focusRing(): FocusRing | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const parse = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
  const style = getComputedStyle(el);
  // An outline with a negative offset is drawn over the element itself, otherwise around it.
  let node: Element | null = parseFloat(style.outlineOffset) < 0 ? el : el.parentElement;
  const layers: number[][] = [];
  for (; node; node = node.parentElement) {
    const [r, g, b, a = 1] = parse(getComputedStyle(node).backgroundColor);
    if (a > 0) layers.push([r, g, b, a]);
    if (a >= 1) break;
  }
  let background = [255, 255, 255];
  for (const [r, g, b, a] of layers.reverse()) {
    background = [r, g, b].map((c, i) => c * a + background[i] * (1 - a));
  }
  const label = `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
  return {
    element: label,
    style: style.outlineStyle,
    width: parseFloat(style.outlineWidth),
    ring: style.outlineColor,
    background: `rgb(${background.map(Math.round).join(', ')})`,
  };
}

function luminance(colour: string): number {
  const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
    const s = Number(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Pages to tab through, and a kind of control each must reach (links and buttons are everywhere). */
const FOCUS_PAGES = [
  {route: '/docs/user/faq/', reaches: '.menu__link'},
  {route: '/style-guide/', reaches: '[role="tab"]'},
  {route: '/community/getting-in-touch/', reaches: 'summary'},
];

for (const {route, reaches} of FOCUS_PAGES) {
  test(`keyboard focus is visible on ${route}: a 2 px+ outline at 3:1 against its background`, async () => {
    const failures: string[] = [];
    for (const mode of ['light', 'dark'] as const) {
      const {page} = opened.get(mode)!;
      await page.goto(site.baseUrl + route);
      await hydrated(page);
      let visited = 0;
      let reached = false;
      for (let i = 0; i < 80; i++) {
        await page.keyboard.press('Tab');
        const ring = await page.evaluate(focusRing);
        if (!ring) continue;
        visited++;
        reached ||= await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, reaches);
        const [a, b] = [luminance(ring.ring), luminance(ring.background)].sort((x, y) => y - x);
        const ratio = (a + 0.05) / (b + 0.05);
        if (ring.style === 'none' || ring.width < 2 || ratio < 3) {
          failures.push(
            `${mode}: ${ring.element}: outline ${ring.style} ${ring.width}px ${ring.ring} on ${ring.background} (${ratio.toFixed(2)}:1)`,
          );
        }
      }
      assert.ok(visited > 40, `Tab reached ${visited} elements in ${mode} mode`);
      assert.ok(reached, `Tab reached a ${reaches} in ${mode} mode`);
    }
    assert.deepEqual([...new Set(failures)], []);
  });
}
