/**
 * Sources that answer 100,000 items (incidents 10,000): the longest main-thread task while
 * /packages/ and /status/ load, show and filter that data. The e2e tests check that every list is
 * bounded and says so; how long the tab is blocked is a time, so it is measured here (budget
 * 200 ms a task, on an idle machine).
 */
import type {Browser, BrowserContext, Page} from 'playwright-core';
import {routeFixtures, type Fixture} from '../../tests/e2e/harness';
import {hugePackageFixtures} from '../../tests/e2e/fixtures/live';
import {hugeStatusFixtures} from '../../tests/e2e/fixtures/status';

export interface HugeFigures {
  page: string;
  /** The longest task in ms (PerformanceObserver `longtask`, tasks of 50 ms and more). */
  longestTask: number;
  /** From navigation start to the last step of `show` (every bounded list on screen). */
  shown: number;
}

async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const tasks: number[] = [];
    (window as unknown as {cfLongTasks: number[]}).cfLongTasks = tasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(entry.duration);
    }).observe({type: 'longtask', buffered: true});
  });
}

async function measure(
  browser: Browser,
  baseUrl: string,
  path: string,
  fixtures: Fixture[],
  show: (page: Page) => Promise<void>,
): Promise<HugeFigures> {
  const context = await browser.newContext();
  await routeFixtures(context, new URL(baseUrl).host, fixtures);
  await recordLongTasks(context);
  const page = await context.newPage();
  const start = Date.now();
  await page.goto(baseUrl + path);
  await show(page);
  const shown = Date.now() - start;
  const tasks = await page.evaluate(() => (window as unknown as {cfLongTasks: number[]}).cfLongTasks);
  await context.close();
  return {page: path, longestTask: Math.max(0, ...tasks), shown};
}

export async function measureHugeSources(browser: Browser, baseUrl: string): Promise<HugeFigures[]> {
  const packages = await measure(browser, baseUrl, '/packages/', hugePackageFixtures(), async (page) => {
    await page.getByText('100,000 packages loaded').waitFor({timeout: 120_000});
    await page.getByText('The feed lists 100,000 uploads').waitFor({timeout: 120_000});
    await page.getByLabel('Filter packages by name').pressSequentially('py', {delay: 60});
    await page.getByRole('status').filter({hasText: 'closest names'}).waitFor();
  });
  const status = await measure(browser, baseUrl, '/status/', hugeStatusFixtures(), async (page) => {
    await page.getByText('Showing the latest 500 of 100,000 reported times.').waitFor({timeout: 120_000});
    await page.getByText('The first 200 of 100,000 migrations of this group are listed.').waitFor({timeout: 120_000});
    await page.locator('#version').getByText('Queued version updates').click();
    await page.getByText('The first 1,000 of 100,000 queued packages are listed.').waitFor({timeout: 120_000});
  });
  return [packages, status];
}
