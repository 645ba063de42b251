/**
 * Wide Markdown tables on a phone: a shadow on the edge beyond which more columns are hidden says
 * the table scrolls sideways, and the back-to-top button steps aside while a table is under it.
 * Checked by what the page paints and what is on top, at 390 × 844 in light and dark mode.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Locator, Page} from 'playwright-core';
import {hydrated, startSite, type Site} from './harness';
import {meanLuminance} from './pixels';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const PHONE = {width: 390, height: 844};
const MODES = ['light', 'dark'] as const;

async function openPhone(mode: 'light' | 'dark', viewport = PHONE) {
  const opened = await site.open({viewport});
  await opened.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
  return opened;
}

/** The tables of the page wider than their box (they scroll sideways), by index among its tables. */
function wideTables(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.markdown table')].flatMap((table, i) =>
      table.scrollWidth > table.clientWidth + 20 ? [i] : [],
    ),
  );
}

/** What a strip of the table's edge looks like: mean luminance of 10 px at its left or right edge. */
async function edge(page: Page, table: Locator, side: 'left' | 'right'): Promise<number> {
  const box = await table.evaluate((el) => {
    const rect = el.getBoundingClientRect();
    return {left: rect.left, right: rect.right, top: Math.max(rect.top, 0), bottom: Math.min(rect.bottom, innerHeight)};
  });
  const x = side === 'left' ? box.left + 1 : box.right - 11;
  return meanLuminance(await page.screenshot({clip: {x, y: box.top, width: 10, height: box.bottom - box.top}}));
}

/** How much the cue changes an edge: the strip as painted, against the same strip without the table's background. */
async function cueAt(page: Page, table: Locator, side: 'left' | 'right'): Promise<number> {
  const painted = await edge(page, table, side);
  const style = await page.addStyleTag({content: '.markdown table { background: none !important; }'});
  const bare = await edge(page, table, side);
  await style.evaluate((el) => (el as HTMLStyleElement).remove());
  return Math.abs(painted - bare);
}

// The governance page's tables and the knowledge base's BLAS table are wider than a phone; the
// conda-forge.yml reference's tables fit it (their code breaks inside the cells), so none hides a
// column there without a cue either.
for (const [route, expected] of [
  ['/community/governance/', 2],
  ['/docs/maintainer/knowledge_base/', 1],
  ['/docs/maintainer/conda_forge_yml/', 0],
] as const) {
  test(`every table wider than a phone on ${route} shows a scroll cue on the side with more columns, light and dark`, async () => {
    for (const mode of MODES) {
      const {page, context, errors} = await openPhone(mode);
      await page.goto(site.baseUrl + route);
      await hydrated(page);
      const wide = await wideTables(page);
      assert.equal(wide.length, expected, `${mode}: tables wider than the phone`);
      for (const index of wide) {
        const table = page.locator('.markdown table').nth(index);
        const which = `${mode}, table ${index}`;
        await table.evaluate((el) => el.scrollIntoView({block: 'center', behavior: 'instant'}));
        // At the start: a shadow on the right edge, none on the left.
        assert.ok((await cueAt(page, table, 'right')) > 0.01, `${which}: no cue at the right edge`);
        assert.ok((await cueAt(page, table, 'left')) < 0.002, `${which}: a cue at the left edge before scrolling`);
        // Scrolled to the end: the cue moves to the left edge.
        await table.evaluate((el) => (el.scrollLeft = el.scrollWidth));
        assert.ok((await cueAt(page, table, 'left')) > 0.01, `${which}: no cue at the left edge at the end`);
        assert.ok((await cueAt(page, table, 'right')) < 0.002, `${which}: a cue at the right edge at the end`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

test('a table that fits shows no scroll cue', async () => {
  const {page, context} = await openPhone('light', {width: 1440, height: 900});
  await page.goto(site.baseUrl + '/community/governance/');
  await hydrated(page);
  const index = await page.evaluate(() =>
    [...document.querySelectorAll('.markdown table')].findIndex((table) => table.scrollWidth <= table.clientWidth),
  );
  assert.ok(index >= 0);
  const table = page.locator('.markdown table').nth(index);
  await table.evaluate((el) => el.scrollIntoView({block: 'center'}));
  assert.ok((await cueAt(page, table, 'right')) < 0.002);
  assert.ok((await cueAt(page, table, 'left')) < 0.002);
  await context.close();
});

/** What is on top at the back-to-top button's center: 'button', 'table' or something else. */
function onTop(page: Page): Promise<string> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('.theme-back-to-top-button')!;
    const x = button.offsetLeft + button.offsetWidth / 2;
    const y = button.offsetTop + button.offsetHeight / 2;
    const element = document.elementFromPoint(x, y);
    if (!element) return 'nothing';
    if (element.closest('.theme-back-to-top-button')) return 'button';
    return element.closest('.markdown table') ? 'table' : 'other';
  });
}

/** What is on top at the button's center once it is `expected`, or what is there after 5 s. */
async function settledOnTop(page: Page, expected: string): Promise<string> {
  for (let tries = 0; tries < 50; tries++) {
    const found = await onTop(page);
    if (found === expected) return found;
    await page.waitForTimeout(100);
  }
  return onTop(page);
}

/** Scrolls up (the theme shows its button only then) until the table's `at` (0–1 of its height) is at the button's center. */
async function scrollUpTo(page: Page, table: Locator, at: number): Promise<void> {
  await table.evaluate((el, at) => {
    const button = document.querySelector<HTMLElement>('.theme-back-to-top-button')!;
    const rect = el.getBoundingClientRect();
    const delta = rect.top + rect.height * at - (button.offsetTop + button.offsetHeight / 2);
    // Resolves once the page has dispatched the scroll event and painted a frame after it: two
    // scrolls inside one frame reach the theme as one, and it would see only their sum.
    const before = window.scrollY;
    const seen = new Promise<void>((resolve) => {
      window.addEventListener('scroll', () => requestAnimationFrame(() => resolve()), {once: true});
    });
    window.scrollTo({top: before + delta, behavior: 'instant'});
    // No move, no event: nothing to wait for.
    return window.scrollY === before ? undefined : seen;
  }, at);
}

test('the back-to-top button steps aside while a table is under it, and comes back after, phone, light and dark', async () => {
  for (const mode of MODES) {
    const {page, context, errors} = await openPhone(mode);
    await page.goto(site.baseUrl + '/community/governance/');
    await hydrated(page);
    // The page's last wide table, far enough down for the button to show above it.
    const table = page.locator('.markdown table').nth((await wideTables(page)).at(-1)!);
    // From below the table, the reader scrolls up until its middle row is at the button's height:
    // the theme shows its button (scrolling up), which would cover the row's last column.
    await scrollUpTo(page, table, 1.5);
    await scrollUpTo(page, table, 0.5);
    assert.ok((await page.evaluate(() => scrollY)) > 300, 'far enough down for the button');
    await page.waitForFunction(
      () => {
        const button = document.querySelector<HTMLElement>('.theme-back-to-top-button')!;
        const shows = [...button.classList].some((name) => name.includes('Show'));
        return shows && getComputedStyle(button).visibility === 'hidden';
      },
      undefined,
      // The default wait: on a loaded machine the theme's scroll handler and the observer trail.
      {timeout: 30_000},
    );
    // Polled: under load the observer's answer may trail the scroll by a frame or two.
    assert.equal(await settledOnTop(page, 'table'), 'table', `${mode}: the table's text is on top, not the button`);
    // Further up, the table below the button: the button is back, on top, and works.
    await scrollUpTo(page, table, -0.2);
    assert.ok((await page.evaluate(() => scrollY)) > 300, 'still far enough down for the button');
    await page.waitForFunction(() => {
      const button = document.querySelector<HTMLElement>('.theme-back-to-top-button')!;
      const style = getComputedStyle(button);
      return [...button.classList].some((name) => name.includes('Show')) && style.visibility === 'visible';
    });
    assert.equal(await settledOnTop(page, 'button'), 'button');
    await page.locator('.theme-back-to-top-button').click();
    await page.waitForFunction(() => scrollY === 0);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
