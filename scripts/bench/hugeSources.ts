/**
 * Sources that answer far more than any real answer: the longest main-thread task while a page
 * loads, shows and uses that data. /packages/ and /status/ with 100,000 items in every source
 * (incidents 10,000); /download/ with a release tag of 5,000,000 characters; /packages/ with a feed
 * title of 1,000,000; a migration graph of 200,000 elements (refused before parsing) and one of
 * about 20,000 (the most the page draws, sanitised a piece per task). The e2e tests check that
 * every list and text is bounded and says so; how long the tab is blocked is a time, so it is
 * measured here (budget 200 ms a task, on an idle machine).
 */
import type {Browser, BrowserContext, Page} from 'playwright-core';
import {routeFixtures, type Fixture} from '../../tests/e2e/harness';
import {
  hugeGraphFixtures,
  hugePackageFixtures,
  longFeedTitleFixtures,
  longTagFixtures,
} from '../../tests/e2e/fixtures/live';
import {hugeStatusFixtures} from '../../tests/e2e/fixtures/status';

export interface HugeFigures {
  page: string;
  /** What the sources answered. */
  data: string;
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
  data: string,
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
  return {page: path, data, longestTask: Math.max(0, ...tasks), shown};
}

export async function measureHugeSources(browser: Browser, baseUrl: string): Promise<HugeFigures[]> {
  const packages = await measure(
    browser,
    baseUrl,
    '/packages/',
    '100,000 items',
    hugePackageFixtures(),
    async (page) => {
      await page.getByText('100,000 packages loaded').waitFor({timeout: 120_000});
      await page.getByText('The feed lists 100,000 uploads').waitFor({timeout: 120_000});
      await page.getByLabel('Filter packages by name').pressSequentially('py', {delay: 60});
      await page.getByRole('status').filter({hasText: 'closest names'}).waitFor();
    },
  );
  const status = await measure(browser, baseUrl, '/status/', '100,000 items', hugeStatusFixtures(), async (page) => {
    await page.getByText('Showing the latest 500 of 100,000 reported times.').waitFor({timeout: 120_000});
    await page.getByText('The first 200 of 100,000 migrations of this group are listed.').waitFor({timeout: 120_000});
    await page.locator('#version').getByText('Queued version updates').click();
    await page.getByText('The first 1,000 of 100,000 queued packages are listed.').waitFor({timeout: 120_000});
  });
  const tag = await measure(
    browser,
    baseUrl,
    '/download/',
    'a tag of 5,000,000 characters',
    longTagFixtures(),
    (page) => page.getByRole('link', {name: /^Miniforge v+…$/}).waitFor({timeout: 120_000}),
  );
  const title = await measure(
    browser,
    baseUrl,
    '/packages/',
    'a feed title of 1,000,000 characters',
    longFeedTitleFixtures(),
    (page) => page.getByRole('link', {name: /^p+…$/}).waitFor({timeout: 120_000}),
  );
  const migration = '/status/migration/?name=python314';
  const openGraph = async (page: Page, shown: (page: Page) => Promise<void>) => {
    await page.getByRole('tab', {name: 'Graph'}).click({timeout: 120_000});
    await shown(page);
  };
  const refused = await measure(
    browser,
    baseUrl,
    migration,
    'a graph of 200,000 elements',
    hugeGraphFixtures('python314', 50_000),
    (page) => openGraph(page, (p) => p.getByText('too large to draw here').waitFor({timeout: 120_000})),
  );
  const drawn = await measure(
    browser,
    baseUrl,
    migration,
    'a graph of 19,603 elements',
    hugeGraphFixtures('python314', 4_900),
    (page) =>
      openGraph(page, (p) =>
        p.getByTestId('graph-canvas').locator('svg ellipse').nth(4_899).waitFor({timeout: 120_000}),
      ),
  );
  return [packages, status, tag, title, refused, drawn];
}
