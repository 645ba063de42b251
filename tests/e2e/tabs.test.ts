/**
 * The site's tabs (src/components/Tabs) on a page with two tab sets of one group: their ARIA
 * wiring, the keyboard, a choice that switches the whole group and keeps the chosen tab in place,
 * and the stored choice after a reload. tests/e2e/content.test.ts checks that tabs re-create no
 * code line after hydration and that a choice stored before the visit applies.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {hydrated, startSite, type Site} from './harness';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const PAGE = '/docs/maintainer/example_recipes/go/';
const META = 'meta.yaml';
const V1 = 'recipe.yaml (v1)';

/** The selected tab's label of every tab set of the article, in page order. */
function selectedLabels(page: Page): Promise<string[]> {
  return page
    .locator('article [role="tablist"]')
    .evaluateAll((lists) => lists.map((list) => list.querySelector('[aria-selected="true"]')?.textContent ?? ''));
}

/** Waits until every tab set of the article shows `label`. */
async function allShow(page: Page, label: string): Promise<void> {
  await page.waitForFunction(
    (wanted) =>
      [...document.querySelectorAll('article [role="tablist"]')].every(
        (list) => list.querySelector('[aria-selected="true"]')?.textContent === wanted,
      ),
    label,
  );
}

test('tabs: ARIA wiring, arrow keys move the focus, Enter and Space choose, the group follows, a reload keeps it', async () => {
  const {page, context, errors} = await site.open();
  await page.goto(site.baseUrl + PAGE);
  await hydrated(page);
  assert.deepEqual(await selectedLabels(page), [META, META], 'the default tab, in both sets');

  // Each tab names its panel and each panel its tab; only the selected tab is in the tab order,
  // only its panel shown.
  const wiring = await page.locator('article [role="tab"]').evaluateAll((tabs) =>
    tabs.map((tab) => {
      const panel = document.getElementById(tab.getAttribute('aria-controls') ?? '');
      return {
        selected: tab.getAttribute('aria-selected'),
        tabIndex: (tab as HTMLElement).tabIndex,
        panelRole: panel?.getAttribute('role'),
        labelledByTab: !!tab.id && panel?.getAttribute('aria-labelledby') === tab.id,
        panelHidden: panel?.hidden,
      };
    }),
  );
  assert.equal(wiring.length, 4);
  for (const [index, tab] of wiring.entries()) {
    const selected = index % 2 === 0;
    assert.deepEqual(
      tab,
      {
        selected: String(selected),
        tabIndex: selected ? 0 : -1,
        panelRole: 'tabpanel',
        labelledByTab: true,
        panelHidden: !selected,
      },
      `tab ${index}`,
    );
  }
  const ids = await page
    .locator('article [role="tab"], article [role="tabpanel"]')
    .evaluateAll((nodes) => nodes.map((node) => node.id));
  assert.equal(new Set(ids).size, ids.length, 'ids are unique on the page');

  // The keyboard: the arrows move the focus (wrapping around) without choosing.
  const first = page.locator('article [role="tablist"]').first();
  const focused = () => page.evaluate(() => document.activeElement?.textContent);
  await first.getByRole('tab', {name: META}).focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), V1);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), META, 'past the last tab: the first');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await focused(), V1, 'before the first tab: the last');
  assert.deepEqual(await selectedLabels(page), [META, META], 'moving the focus chooses nothing');

  // Enter chooses: the other set of the group follows, and the choice is stored.
  await page.keyboard.press('Enter');
  await allShow(page, V1);
  assert.equal(await first.getByRole('tab', {name: V1}).getAttribute('tabindex'), '0');
  assert.equal(await first.getByRole('tab', {name: META}).getAttribute('tabindex'), '-1');
  assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.recipe-format')), 'v1');
  // Space chooses too.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press(' ');
  await allShow(page, META);
  assert.equal(await page.evaluate(() => localStorage.getItem('docusaurus.tab.recipe-format')), 'meta');

  // A click on the second set switches the first one, above it, whose panels differ in height:
  // the clicked tab stays where it was on screen.
  const lower = page.locator('article [role="tablist"]').nth(1).getByRole('tab', {name: V1});
  await lower.evaluate((tab) => tab.scrollIntoView({block: 'center'}));
  const heightBefore = await page
    .locator('article .tabs-container')
    .first()
    .evaluate((el) => el.clientHeight);
  const topBefore = await lower.evaluate((tab) => tab.getBoundingClientRect().top);
  await lower.click();
  await allShow(page, V1);
  const heightAfter = await page
    .locator('article .tabs-container')
    .first()
    .evaluate((el) => el.clientHeight);
  assert.notEqual(heightAfter, heightBefore, 'the first set changed height');
  const topAfter = await lower.evaluate((tab) => tab.getBoundingClientRect().top);
  assert.ok(Math.abs(topAfter - topBefore) <= 1, `the clicked tab moved from ${topBefore} to ${topAfter}`);

  // After a reload the stored choice applies to both sets.
  await page.reload();
  await hydrated(page);
  await allShow(page, V1);
  assert.equal(await page.locator('article [role="tabpanel"]:not([hidden])').count(), 2);
  assert.deepEqual(errors, []);
  await context.close();
});
