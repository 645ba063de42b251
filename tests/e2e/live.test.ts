/**
 * Live pages against fixtures: migration detail, packages, download and the home statistics.
 * Every external request is answered from tests/e2e/fixtures/live.ts (or aborted by the harness).
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Locator, Page, Route} from 'playwright-core';
import {
  holdScripts,
  hydrated,
  intlFormatters,
  json,
  layoutShifts,
  recordIntlFormatters,
  recordLayoutShifts,
  startSite,
  type Fixture,
  type Opened,
  type Site,
} from './harness';
import {
  asJson,
  asText,
  channelRss,
  checksumOf,
  countOf,
  detailsUrl,
  exact,
  feedstockOutputs,
  graphSvg,
  graphUrl,
  hostileNote,
  hugePackageFixtures,
  latestRelease,
  liveCounts,
  MAC_PACKAGES,
  migrationFile,
  migrationFixtures,
  RECENT,
  responder,
  SOURCES,
  statusList,
  TRACKER,
  type Body,
  type Control,
  type FailureMode,
} from './fixtures/live';
import {FAILURE_MODES} from './fixtures/failures';
import {commitList, issue, jsonBody, statusFixtures} from './fixtures/status';
import {INSTALLERS, installCommand, latestDownloadUrl} from '../../src/lib/download/index';
import {MIGRATION_STATES, STATE_LABELS} from '../../src/lib/status/migration';

/** An element's text as find in page and screen readers get it, in view or not, spaces collapsed. */
async function textOf(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');
}

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const NAME = 'python314';
const text =
  (status: number, body: string, contentType = 'text/plain'): Fixture['handle'] =>
  (route) =>
    route.fulfill({status, contentType, body});

const bodyRows = (page: Page) => page.locator('#panel-table tbody tr');
/** The heading of a migration's progress, in plain words. */
const PROGRESS_HEADING = /^\d+% done or with an open pull request$/;

test('migration: nothing in view moves while the details and the update time arrive (no layout shift), phone and desktop', async () => {
  const file = migrationFile(2000);
  for (const viewport of [
    {width: 412, height: 823},
    {width: 1280, height: 800},
  ]) {
    const {page, context, errors} = await site.open({fixtures: migrationFixtures(NAME, file), viewport});
    await recordLayoutShifts(page);
    await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
    await page.getByRole('heading', {name: PROGRESS_HEADING}).waitFor();
    await page.getByText('Loading update time…').waitFor({state: 'detached'});
    assert.deepEqual(await layoutShifts(page), [], `layout shifts at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('migration: progress, filters with counts, sorting and row details over 2,000 feedstocks', async (t) => {
  const file = migrationFile(2000);
  const {page, context, errors} = await site.open({fixtures: migrationFixtures(NAME, file)});
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  const done = countOf(file, 'done') + countOf(file, 'in-pr');
  await page
    .getByRole('heading', {name: `${Math.round((done / 2000) * 100)}% done or with an open pull request`})
    .waitFor();

  // The bar: one segment per status, described in text.
  const bar = page.getByRole('img', {name: /^Feedstocks by status:/});
  const label = (await bar.getAttribute('aria-label')) ?? '';
  for (const state of MIGRATION_STATES)
    assert.ok(label.includes(`${STATE_LABELS[state]}: ${countOf(file, state)}`), label);
  assert.equal(await bar.locator('[data-state]').count(), 6);

  // Filters: Done hidden at first; each button shows its count and its pressed state.
  const filter = (state: (typeof MIGRATION_STATES)[number]) =>
    page.getByRole('button', {name: `${STATE_LABELS[state]} (${countOf(file, state)})`});
  assert.equal(await filter('done').getAttribute('aria-pressed'), 'false');
  assert.equal(await filter('in-pr').getAttribute('aria-pressed'), 'true');
  const summary = page.locator('#panel-table [role="status"]');
  assert.equal(
    await summary.innerText(),
    '1,666 of 2,000 feedstocks match (every status but Done); rows 1–100 are shown.',
  );
  assert.equal(await bodyRows(page).count(), 100);
  let started = Date.now();
  await filter('done').click();
  await summary.filter({hasText: '2,000 of 2,000 feedstocks match'}).waitFor();
  t.diagnostic(`adding 334 feedstocks to the filtered rows took ${Date.now() - started} ms (click to summary)`);
  assert.equal(await filter('done').getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', {name: 'Next'}).click();
  await summary.filter({hasText: 'rows 101–200 are shown'}).waitFor();
  assert.equal(await bodyRows(page).count(), 100);
  assert.ok(await page.getByRole('button', {name: 'Previous'}).isEnabled());
  await filter('bot-error').click();
  await summary.filter({hasText: `${(2000 - countOf(file, 'bot-error')).toLocaleString('en')} of 2,000`}).waitFor();
  assert.match(await summary.innerText(), /rows 1–100 are shown/, 'a filter change returns to the first page');
  assert.equal(await page.locator('#panel-table tbody').getByText('Bot error', {exact: true}).count(), 0);

  // Sorting: most descendants first by default; then by name, both ways.
  const descendants = await page
    .locator('#panel-table tbody tr td:nth-child(5)')
    .evaluateAll((cells) => cells.slice(0, 20).map((c) => Number((c as HTMLElement).innerText)));
  assert.deepEqual(
    descendants,
    [...descendants].sort((a, b) => b - a),
  );
  const shownStates = new Set<string>(MIGRATION_STATES.filter((s) => s !== 'bot-error'));
  const most = Math.max(
    ...MIGRATION_STATES.filter((s) => shownStates.has(s)).flatMap((s) =>
      (file[s] as string[]).map((n) => file._feedstock_status[n].num_descendants as number),
    ),
  );
  assert.equal(descendants[0], most);
  const nameHeader = page.locator('#panel-table th').filter({hasText: 'Name'});
  started = Date.now();
  await nameHeader.getByRole('button').click();
  await page.locator('#panel-table th[aria-sort="ascending"]').filter({hasText: 'Name'}).waitFor();
  t.diagnostic(`sorting 1,667 rows by name took ${Date.now() - started} ms (click to aria-sort)`);
  assert.equal(await bodyRows(page).first().locator('th').innerText(), 'feedstock-0000');
  await nameHeader.getByRole('button').click();
  await page.locator('#panel-table th[aria-sort="descending"]').filter({hasText: 'Name'}).waitFor();
  assert.equal(await bodyRows(page).first().locator('th').innerText(), 'feedstock-1999');

  // Row details: PR link, CI badge, relative time with the exact time, children, pre-PR note.
  const find = page.getByLabel('Find a feedstock');
  await find.fill('feedstock-0001');
  await summary.filter({hasText: /^1 of 2,000/}).waitFor();
  const row1 = bodyRows(page).filter({has: page.getByRole('link', {name: 'feedstock-0001', exact: true})});
  assert.equal(
    await row1.getByRole('link', {name: 'feedstock-0001', exact: true}).getAttribute('href'),
    'https://github.com/conda-forge/feedstock-0001/pull/2',
  );
  assert.equal(await row1.locator('td').nth(1).innerText(), 'Failing');
  const time = row1.locator('time');
  assert.equal(await time.getAttribute('dateTime'), file._feedstock_status['feedstock-0001'].updated_at as string);
  assert.match((await time.getAttribute('title')) ?? '', /UTC$/);
  assert.match(await time.innerText(), /ago$/);
  await find.fill('feedstock-0000');
  await summary.filter({hasText: /^1 of 2,000/}).waitFor();
  const row0 = bodyRows(page).filter({has: page.getByRole('link', {name: 'feedstock-0000', exact: true})});
  assert.equal(await row0.locator('td').last().innerText(), 'feedstock-0001');
  await filter('bot-error').click();
  await find.fill('feedstock-0005');
  const disclosure = page.getByRole('button', {name: 'feedstock-0005', exact: true});
  assert.equal(await disclosure.getAttribute('aria-expanded'), 'false');
  await disclosure.click();
  assert.equal(await disclosure.getAttribute('aria-expanded'), 'true');
  const note = page.getByRole('region', {name: 'Bot note on feedstock-0005'});
  assert.equal(await disclosure.getAttribute('aria-controls'), await note.getAttribute('id'));
  await note.getByText('The solver failed for').waitFor();
  assert.equal(await note.locator('code').innerText(), 'feedstock-0005');

  // Raw data link and the CI legend.
  assert.equal(await page.getByRole('link', {name: 'Raw data (JSON)'}).getAttribute('href'), detailsUrl(NAME));
  await page.getByText('What the CI statuses mean').click();
  assert.equal(await page.locator('dl code').count(), 8);
  assert.deepEqual(errors, []);
  await context.close();
});

test('migration: a #feedstock link opens its page of rows, shows its status and highlights the row', async () => {
  const file = migrationFile(2000);
  // A Done feedstock (hidden at first) with few descendants: far down the default sort.
  const done = file.done as string[];
  const target = done.reduce((best, name) =>
    (file._feedstock_status[name].num_descendants as number) < (file._feedstock_status[best].num_descendants as number)
      ? name
      : best,
  );
  const {page, context, errors} = await site.open({fixtures: migrationFixtures(NAME, file)});
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}#${target}`);
  const row = page.locator(`tr[data-feedstock="${target}"]`);
  await row.waitFor();
  assert.equal(await row.getAttribute('aria-current'), 'true');
  assert.equal(await page.locator('tr[aria-current]').count(), 1);
  assert.equal(
    await page.getByRole('button', {name: new RegExp(`^${STATE_LABELS.done} \\(`)}).getAttribute('aria-pressed'),
    'true',
    'its status is shown',
  );
  assert.doesNotMatch(await page.getByRole('status').filter({hasText: 'feedstocks match'}).innerText(), /rows 1–100/);
  // The status shown for it is in the address too, beside the row's name.
  assert.equal(new URL(page.url()).search, `?name=${NAME}&show=all`);
  assert.equal(new URL(page.url()).hash, `#${target}`);
  const box = await row.boundingBox();
  const viewport = page.viewportSize()!;
  assert.ok(box && box.y >= 0 && box.y + box.height <= viewport.height, 'the row is scrolled into view');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('tr')?.dataset.feedstock), target);

  // Each row links to itself: following another row's link moves the highlight there.
  const other = page.locator('tr[data-feedstock]').first();
  const otherName = (await other.getAttribute('data-feedstock'))!;
  await other.getByRole('link', {name: `Link to ${otherName}`}).click();
  await page.waitForURL((url) => url.hash === `#${otherName}`);
  await page.locator(`tr[data-feedstock="${otherName}"][aria-current="true"]`).waitFor();
  assert.equal(await page.locator('tr[aria-current]').count(), 1);

  // An unknown name changes nothing.
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}#no-such-feedstock`);
  await page.locator('tr[data-feedstock]').first().waitFor();
  assert.equal(await page.locator('tr[aria-current]').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('migration: paused note; Graph tab inlines the sanitised SVG, zoom and pan change its transform', async () => {
  const {page, context, errors} = await site.open({
    fixtures: migrationFixtures(NAME, migrationFile(30), {paused: [NAME]}),
  });
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  await page.getByRole('note').filter({hasText: 'This migration is paused'}).waitFor();

  // Tabs: ARIA pattern, arrow keys move between them.
  const tableTab = page.getByRole('tab', {name: 'Table'});
  const graphTab = page.getByRole('tab', {name: 'Graph'});
  assert.equal(await tableTab.getAttribute('aria-selected'), 'true');
  assert.equal(await page.getByRole('tablist').getAttribute('aria-label'), 'Views of the migration');
  await tableTab.focus();
  await page.keyboard.press('ArrowRight');
  assert.equal(await graphTab.getAttribute('aria-selected'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Graph');
  assert.ok(await page.locator('#panel-table').isHidden());

  const canvas = page.getByTestId('graph-canvas');
  await canvas.locator('svg ellipse').first().waitFor();
  assert.equal(await canvas.locator('script').count(), 0);
  assert.equal(await canvas.locator('svg').getAttribute('onload'), null);
  assert.equal(await page.evaluate(() => (window as unknown as {__svgScriptRan?: boolean}).__svgScriptRan), undefined);

  const transform = () => canvas.evaluate((el) => (el as HTMLElement).style.transform);
  const scaleOf = (value: string) => Number(/scale\(([\d.]+)\)/.exec(value)?.[1]);
  const initial = await transform();
  assert.ok(scaleOf(initial) < 1, `a wide drawing is fitted: ${initial}`);
  await page.getByRole('button', {name: 'Zoom in'}).click();
  const zoomed = await transform();
  assert.ok(Math.abs(scaleOf(zoomed) / scaleOf(initial) - 1.25) < 0.01, `${initial} → ${zoomed}`);

  const viewport = page.getByRole('group', {name: `Dependency graph of ${NAME}`});
  await viewport.focus();
  await page.keyboard.press('-');
  assert.ok(Math.abs(scaleOf(await transform()) - scaleOf(initial)) < 0.001);
  await page.keyboard.press('ArrowLeft');
  const moved = await transform();
  assert.match(moved, /translate\(/);
  assert.notEqual(moved.split('scale')[0], initial.split('scale')[0], 'arrow keys pan');

  // Wheel zoom and dragging.
  const box = (await viewport.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -200);
  await page.waitForFunction(
    (before) => document.querySelector<HTMLElement>('[data-testid="graph-canvas"]')!.style.transform !== before,
    moved,
  );
  const wheeled = await transform();
  assert.ok(scaleOf(wheeled) > scaleOf(moved));
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 80, box.y + box.height / 2 + 30, {steps: 4});
  await page.mouse.up();
  const dragged = await transform();
  assert.notEqual(dragged, wheeled);
  assert.equal(scaleOf(dragged), scaleOf(wheeled), 'dragging does not zoom');
  await viewport.focus();
  await page.keyboard.press('0');
  assert.equal(await transform(), initial, '0 resets the view');
  assert.deepEqual(errors, []);
  await context.close();
});

test('hostile graph and bot note: navbar and heading stay, no request leaves for other hosts, no form controls, the graph keeps its nodes and links', async () => {
  const file = migrationFile(12);
  file._feedstock_status['feedstock-0005'].pre_pr_migrator_status = hostileNote();
  const pr = 'https://github.com/conda-forge/feedstock-0000-feedstock/pull/1';
  let prOpened!: () => void;
  const prRequested = new Promise<void>((resolve) => (prOpened = resolve));
  const fixtures = [
    ...migrationFixtures(NAME, file),
    exact(pr, (route) => {
      prOpened();
      return route.fulfill({status: 200, contentType: 'text/html', body: '<title>PR</title>'});
    }),
  ];
  const {page, context, errors, external} = await site.open({fixtures});
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  await page.getByRole('heading', {name: PROGRESS_HEADING}).waitFor();
  const chromeVisible = async (where: string) => {
    assert.ok(await page.locator('nav.navbar').isVisible(), `navbar visible ${where}`);
    assert.ok(await page.getByRole('heading', {level: 1}).isVisible(), `page heading visible ${where}`);
  };

  // The note keeps its text, formatting and http(s) link; everything else is gone.
  await page.getByRole('button', {name: 'feedstock-0005', exact: true}).click();
  const body = page.getByRole('region', {name: 'Bot note on feedstock-0005'}).locator(':scope > div');
  await body.getByRole('link', {name: 'bot CI job'}).waitFor();
  await chromeVisible('with the note open');
  assert.equal(await body.locator('form, input, button, select, textarea, style, script, img').count(), 0);
  assert.equal(await body.evaluate((el) => el.querySelectorAll('[style], [class]').length), 0);
  assert.equal(await body.locator('b').innerText(), 'main');
  assert.equal(await body.locator('pre').textContent(), 'Encountered problems while solving');
  const ciLink = body.getByRole('link', {name: 'bot CI job'});
  assert.equal(await ciLink.getAttribute('href'), 'https://github.com/regro/cf-scripts/actions/runs/1');
  assert.equal(await ciLink.getAttribute('rel'), 'noopener noreferrer');
  // The javascript: link keeps its text and stops being a link.
  assert.equal(await body.locator('a:not([href])').count(), 0);
  await body.getByText('click me').click();

  // The graph: the nodes, their text, the gradient and the PR link stay; nothing that fetches or styles.
  await page.getByRole('tab', {name: 'Graph'}).click();
  const canvas = page.getByTestId('graph-canvas');
  await canvas.locator('svg ellipse').first().waitFor();
  await chromeVisible('with the graph shown');
  assert.equal(await canvas.locator('svg ellipse').count(), 2);
  assert.deepEqual(await canvas.locator('svg text').allTextContents(), ['feedstock-0000', 'feedstock-0001']);
  const drawing = await canvas.evaluate((el) => {
    const all = [...el.querySelectorAll('svg, svg *')];
    const fill = el.querySelector('ellipse')!.getAttribute('fill') ?? '';
    const target = /^url\(#(.+)\)$/.exec(fill)?.[1];
    return {
      elements: [...new Set(all.map((e) => e.localName))].sort(),
      urls: all.flatMap((e) => [...e.attributes].filter((a) => /url\(/i.test(a.value)).map((a) => a.value)),
      styled: all.filter((e) => e.hasAttribute('style') || e.hasAttribute('class')).length,
      gradient: target ? el.querySelector(`[id="${target}"]`)?.localName : undefined,
      links: all.filter((e) => e.localName === 'a').map((a) => a.getAttribute('href') ?? a.getAttribute('xlink:href')),
    };
  });
  assert.deepEqual(drawing.elements, [
    'a',
    'defs',
    'ellipse',
    'g',
    'linearGradient',
    'path',
    'polygon',
    'stop',
    'svg',
    'text',
    'title',
  ]);
  assert.equal(drawing.urls.length, 1, drawing.urls.join(' '));
  assert.equal(drawing.gradient, 'linearGradient', 'the node keeps its same-document gradient fill');
  assert.equal(drawing.styled, 0);
  assert.deepEqual(drawing.links, [pr, null], 'the PR link stays, the javascript: one loses its address');
  await canvas.locator('text', {hasText: 'feedstock-0001'}).click();

  // Anything the page fetched from another host is recorded before this last request is answered.
  await page.evaluate(() => fetch('https://sentinel.invalid/').catch(() => null));
  const hosts = new Set(external.map((url) => new URL(url).host));
  hosts.delete('sentinel.invalid');
  // The data files, and GitHub's API for when the bot last wrote them: nothing else.
  assert.deepEqual([...hosts].sort(), ['api.github.com', 'raw.githubusercontent.com']);
  assert.equal(external.filter((url) => url.includes(TRACKER)).length, 0);
  assert.equal(await page.evaluate(() => (window as unknown as {__pwned?: unknown}).__pwned), undefined);
  assert.equal(await page.evaluate(() => (window as unknown as {__svgScriptRan?: unknown}).__svgScriptRan), undefined);

  // A node of the graph still links to its PR.
  await canvas.locator('text', {hasText: 'feedstock-0000'}).click();
  await page.waitForURL(pr);
  await prRequested;
  assert.deepEqual(errors, []);
  await context.close();
});

test('migration: closed and paused notes with their times and reasons, stale files, missing graph, unknown and missing names lead back to /status/', async () => {
  const now = Date.now();
  const closedAt = new Date(now - 2 * 24 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const paused = {waiting: 'Paused while the new compilers are tested'};
  let pausedList: Fixture['handle'] = text(404, '404: Not Found');
  const fixtures = [
    exact(detailsUrl('oldone'), json(migrationFile(6))),
    exact(detailsUrl('waiting'), json(migrationFile(6))),
    exact(graphUrl('oldone'), text(404, '404: Not Found')),
    exact(detailsUrl('nosuch'), text(404, '404: Not Found')),
    {
      match: (url: URL) => url.href === SOURCES.migrationsPaused,
      handle: (route: Route, url: URL) => pausedList(route, url),
    },
    exact(SOURCES.migrationsClosed, json({oldone: `oldone closed at ${closedAt} UTC`})),
    // The bot last wrote its files 30 hours ago: the page says so and marks the data.
    exact(SOURCES.statusFilesCommit, json(commitList(now, 30))),
  ];
  const {page, context, errors} = await site.open({fixtures});
  await page.goto(`${site.baseUrl}/status/migration/?name=oldone`);
  const closedNote = page.getByRole('note').filter({hasText: 'This migration has been closed'});
  await closedNote.waitFor();
  assert.match(
    await closedNote.innerText(),
    /^This migration has been closed 2 days ago: the bot no longer works on it/,
  );
  assert.match(
    await page.locator('p', {hasText: 'Possibly stale'}).innerText(),
    /Updated yesterday\. The migration bot has not written new status files since/,
  );
  pausedList = json(paused);
  await page.goto(`${site.baseUrl}/status/migration/?name=waiting`);
  const pausedNote = page.getByRole('note').filter({hasText: 'This migration is paused'});
  await pausedNote.waitFor();
  assert.match(await pausedNote.innerText(), /The bot's note: “Paused while the new compilers are tested”$/);
  await page.goto(`${site.baseUrl}/status/migration/?name=oldone`);
  await page.getByRole('tab', {name: 'Graph'}).click();
  await page.getByText('The graph of this migration is not available').waitFor();

  await page.goto(`${site.baseUrl}/status/migration/?name=nosuch`);
  const unknown = page.getByRole('alert').filter({hasText: 'Unknown migration'});
  await unknown.waitFor();
  assert.match(await unknown.innerText(), /no migration called nosuch/);

  await page.goto(`${site.baseUrl}/status/migration/?name=../../secrets`);
  await page.getByRole('heading', {name: 'Unknown migration'}).waitFor();

  await page.goto(`${site.baseUrl}/status/migration/`);
  await page.getByRole('heading', {name: 'Which migration?'}).waitFor();
  const back = page.getByRole('link', {name: /Back to the status page/});
  assert.equal(await back.getAttribute('href'), '/status/#migrations');
  await back.click();
  await page.waitForURL((url) => url.pathname === '/status/');
  assert.deepEqual(errors, []);
  await context.close();
});

/* ---------------------------------------------------------------- packages */

function packageFixtures(map: Record<string, string[]>, control: Control = {mode: 'ok', requests: 0}): Fixture[] {
  return [
    exact(SOURCES.feedstockOutputs, responder(control, asJson(map), asJson([]))),
    exact(SOURCES.channelRss, text(200, channelRss(RECENT), 'application/rss+xml')),
  ];
}

const BIG_MAP = feedstockOutputs(25_000);
const input = (page: Page) => page.getByLabel('Filter packages by name');
const resultNames = (page: Page) => page.locator('main tbody tr td:first-child').allInnerTexts();

test('packages: nothing in view moves while the names and the recent uploads arrive (no layout shift), phone and desktop', async () => {
  for (const viewport of [
    {width: 412, height: 823},
    {width: 1280, height: 800},
  ]) {
    const {page, context, errors} = await site.open({fixtures: packageFixtures(BIG_MAP), viewport});
    await recordLayoutShifts(page);
    await page.goto(`${site.baseUrl}/packages/`);
    await page.getByText('25,000 packages loaded').waitFor();
    await page.locator('section tbody tr').first().waitFor();
    assert.deepEqual(await layoutShifts(page), [], `layout shifts at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('packages: prefix vs substring, highlight, ?q= in the address without history entries, map fetched once', async () => {
  const control: Control = {mode: 'ok', requests: 0};
  const {page, context, errors} = await site.open({fixtures: packageFixtures(BIG_MAP, control)});
  await page.goto(`${site.baseUrl}/packages/`);
  await page.getByText('25,000 packages loaded').waitFor();

  // No query: recently updated packages from the channel feed, linked to anaconda.org and feedstocks.
  const recent = page.locator('section').filter({has: page.getByRole('heading', {name: 'Recently updated packages'})});
  await recent.locator('tbody tr').first().waitFor();
  assert.equal(await recent.locator('tbody tr').count(), RECENT.length);
  assert.equal(
    await recent.getByRole('link', {name: 'numpy', exact: true}).getAttribute('href'),
    'https://anaconda.org/conda-forge/numpy',
  );
  assert.equal(
    await recent.getByRole('link', {name: 'numpy-feedstock'}).getAttribute('href'),
    'https://github.com/conda-forge/numpy-feedstock',
  );
  // Each upload: its version, and when, relative, with the exact time in the markup.
  const first = recent.locator('tbody tr').first();
  assert.equal(await first.locator('td').nth(2).innerText(), '2.3.4');
  assert.equal(await first.locator('time').getAttribute('datetime'), new Date(RECENT[0].pubDate).toISOString());
  assert.match(await first.locator('time').innerText(), /ago|last|yesterday/);
  const unlisted = recent.locator('tbody tr').filter({hasText: 'brand-new-pkg'});
  assert.match(await unlisted.innerText(), /not in the feedstock list/);

  const entries = await page.evaluate(() => window.history.length);
  await input(page).pressSequentially('qu');
  await page.getByRole('status').filter({hasText: '3 packages found'}).waitFor();
  let names = await resultNames(page);
  assert.deepEqual(names, ['quxer', 'quxcore', 'quxcore-base'], 'two characters match by prefix only, closest first');
  assert.deepEqual(await page.locator('main tbody mark').allInnerTexts(), ['qu', 'qu', 'qu']);

  await input(page).press('x');
  await page.getByRole('status').filter({hasText: '5 packages found'}).waitFor();
  names = await resultNames(page);
  assert.deepEqual(
    names,
    ['pyqux', 'quxer', 'quxcore', 'libqux-extra', 'quxcore-base'],
    'three characters match anywhere',
  );
  const pyqux = page.locator('main tbody tr').filter({has: page.getByRole('link', {name: 'pyqux', exact: true})});
  assert.equal(await pyqux.locator('mark').innerText(), 'qux');
  assert.equal(await pyqux.getByRole('link').first().getAttribute('href'), 'https://anaconda.org/conda-forge/pyqux');
  assert.equal(
    await pyqux.getByRole('link', {name: 'pyqux-feedstock'}).getAttribute('href'),
    'https://github.com/conda-forge/pyqux-feedstock',
  );
  const base = page.locator('main tbody tr').filter({has: page.getByRole('link', {name: 'quxcore-base', exact: true})});
  assert.deepEqual(await base.locator('td').nth(1).getByRole('link').allInnerTexts(), [
    'quxcore-feedstock',
    'quxcore-base-feedstock',
  ]);
  await input(page).pressSequentially('core');
  await page.getByRole('status').filter({hasText: '2 packages found'}).waitFor();
  assert.deepEqual(await resultNames(page), ['quxcore', 'quxcore-base']);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'package-filter', 'typing keeps the focus');

  // The query reaches the address once typing pauses, replacing the entry: typing adds none.
  await page.waitForURL((url) => url.search === '?q=quxcore');
  assert.equal(await page.evaluate(() => window.history.length), entries, 'typing adds no history entry');

  // Away (client-side) and back: the query comes back from the address, the map is not fetched again.
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Download'}).click();
  await page.waitForURL((url) => url.pathname === '/download/');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/packages/' && url.search === '?q=quxcore');
  assert.equal(await input(page).inputValue(), 'quxcore');
  await page.getByRole('status').filter({hasText: '2 packages found'}).waitFor();
  assert.equal(control.requests, 1);
  await page.goForward();
  await page.waitForURL((url) => url.pathname === '/download/');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/packages/' && url.search === '?q=quxcore');
  assert.equal(await input(page).inputValue(), 'quxcore');

  // A shared link opens with its query.
  await page.goto(`${site.baseUrl}/packages/?q=scipy`);
  await page
    .locator('main tbody tr')
    .first()
    .filter({has: page.getByRole('link', {name: 'scipy', exact: true})})
    .waitFor();
  assert.equal(await input(page).inputValue(), 'scipy');
  assert.deepEqual(errors, []);
  await context.close();
});

test('packages: leaving while the query is still to be written leaves the history as it was', async () => {
  const {page, context, errors} = await site.open({fixtures: packageFixtures(BIG_MAP)});
  await page.goto(`${site.baseUrl}/packages/`);
  await hydrated(page);
  await page.getByText('25,000 packages loaded').waitFor();
  // The next page's code is held back (from the network: the cache is off), so the navigation is
  // still under way when the query's write to the address falls due; the page's clock is ours.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', {cacheDisabled: true});
  const scripts = await holdScripts(page);
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await input(page).pressSequentially('mpi-io');
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Download'}).click();
  await page.waitForURL((url) => url.pathname === '/download/');
  await page.clock.runFor(1000);
  assert.ok(await scripts.wasHeld(), 'the navigation was waiting for its code');
  assert.equal(new URL(page.url()).search, '', 'nothing was written while leaving');
  scripts.release();
  await page.getByRole('heading', {level: 1, name: /Miniforge|Download/i}).waitFor();
  await page.clock.runFor(1000);
  assert.equal(new URL(page.url()).search, '', 'nothing was written onto the next page');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/packages/');
  assert.equal(new URL(page.url()).search, '');
  assert.deepEqual(errors, []);
  await context.close();
});

test('packages: exact and anchored queries, ?feedstock=, feedstocks said plainly, keyboard', async () => {
  const map = {...BIG_MAP, 'odd-pkg': ['../../evil'], 'twin-pkg': ['quxcore', 'quxcore', 'libqux']};
  const channelPage = (route: Route) =>
    route.fulfill({status: 200, contentType: 'text/html', body: '<title>channel page</title>'});
  const {page, context, errors} = await site.open({
    fixtures: [
      ...packageFixtures(map),
      {match: (url) => url.host === 'anaconda.org' && url.pathname !== '/conda-forge', handle: channelPage},
    ],
  });
  const count = page.getByRole('status');
  // Query forms, from the address: the input reflects it.
  const cases: Array<[string, string[], RegExp]> = [
    ['^quxcore$', ['quxcore'], /^1 package found with exactly this name$/],
    ['"QUXCORE"', ['quxcore'], /^1 package found with exactly this name$/],
    ['"quxcor"', [], /^0 packages found with exactly this name$/],
    ['^qux', ['quxer', 'quxcore', 'quxcore-base'], /^3 packages found starting with “qux”$/],
    ['qux$', ['pyqux'], /^1 package found ending with “qux”$/],
    ['quxcore', ['quxcore', 'quxcore-base'], /^2 packages found$/],
  ];
  for (const [query, expected, status] of cases) {
    await page.goto(`${site.baseUrl}/packages/?q=${encodeURIComponent(query)}`);
    await count.filter({hasText: 'found'}).waitFor();
    assert.match(await count.innerText(), status, query);
    assert.deepEqual(await resultNames(page), expected.length ? expected : ['No packages found'], query);
    assert.equal(await input(page).inputValue(), query);
  }
  assert.equal(await page.locator('main tbody tr').first().locator('mark').innerText(), 'quxcore');

  // Feedstocks said plainly: another name, several (listed once each), an invalid name as text.
  await page.goto(`${site.baseUrl}/packages/?q=pkg`);
  await count.filter({hasText: 'found'}).waitFor();
  const row = (name: string) =>
    page.locator('main tbody tr').filter({has: page.getByRole('link', {name, exact: true})});
  assert.equal(
    await row('odd-pkg').locator('td').nth(1).innerText(),
    '../../evil-feedstock (a feedstock of another name)',
  );
  assert.equal(await row('odd-pkg').locator('td').nth(1).getByRole('link').count(), 0, 'no link from a bad name');
  assert.match(await row('twin-pkg').locator('td').nth(1).innerText(), /^2 feedstocks build it:/);
  assert.deepEqual(await row('twin-pkg').locator('td').nth(1).getByRole('link').allInnerTexts(), [
    'quxcore-feedstock',
    'libqux-feedstock',
  ]);
  await page.goto(`${site.baseUrl}/packages/?q=libqux`);
  await count.filter({hasText: 'found'}).waitFor();
  assert.equal(
    await row('libqux-extra').locator('td').nth(1).innerText(),
    'libqux-feedstock (a feedstock of another name)',
  );

  // ?feedstock= lists what a feedstock builds, linked to its repository.
  await page.goto(`${site.baseUrl}/packages/?feedstock=quxcore-feedstock`);
  await count.filter({hasText: 'built by'}).waitFor();
  assert.equal(await count.innerText(), '3 packages built by quxcore-feedstock');
  assert.equal(await count.getByRole('link').getAttribute('href'), 'https://github.com/conda-forge/quxcore-feedstock');
  assert.deepEqual(await resultNames(page), ['quxcore', 'quxcore-base', 'twin-pkg']);
  await page.goto(`${site.baseUrl}/packages/?feedstock=nosuch`);
  await count.filter({hasText: 'No package in the list is built by nosuch-feedstock'}).waitFor();

  // Keyboard: `/` focuses the filter (not the site search), arrows move, Enter opens.
  await page.goto(`${site.baseUrl}/packages/`);
  await hydrated(page);
  await page.getByText(/packages loaded/).waitFor();
  await page.locator('h1').click();
  await page.keyboard.press('/');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'package-filter');
  assert.equal(await page.getByRole('dialog').count(), 0, 'the site search stays closed');
  await page.keyboard.type('qux');
  await count.filter({hasText: '5 packages found'}).waitFor();
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'pyqux');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), 'quxer');
  await page.keyboard.press('End');
  assert.equal(await focused(), 'quxcore-base');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'package-filter', 'up from the first result');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL('https://anaconda.org/conda-forge/pyqux');
  assert.deepEqual(errors, []);
  await context.close();
});

test('packages: 100,000 names and a 100,000-item feed are read in bounded pieces', async () => {
  const {page, context, errors} = await site.open({fixtures: hugePackageFixtures()});
  await page.goto(`${site.baseUrl}/packages/`);
  await page.getByText('100,000 packages loaded').waitFor();
  const recent = page.locator('section').filter({has: page.getByRole('heading', {name: 'Recently updated packages'})});
  await recent.getByText('The feed lists more uploads; the newest 500 are read.').waitFor();
  assert.equal(await recent.locator('tbody tr').count(), 50);
  await recent.getByRole('button', {name: 'Show 50 more'}).click();
  assert.equal(await recent.locator('tbody tr').count(), 100);
  await input(page).fill('py');
  await page.getByRole('status').filter({hasText: 'closest names'}).waitFor();
  assert.equal(await page.locator('main tbody tr').count(), 50);
  assert.deepEqual(errors, []);
  await context.close();
});

// How long a keystroke takes over 25,000 names is measured by `npm run bench` (budget: p95 ≤ 16 ms).

/* ---------------------------------------------------------------- download and home */

const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const LINUX_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
// Lighthouse's phone: no installer fits Android, so the page keeps its default (macOS).
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36';
const MAC_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';

async function withUserAgent(opened: Opened, userAgent: string): Promise<void> {
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Emulation.setUserAgentOverride', {userAgent});
}

test('download: installer matrix, release version from the data, visitor OS highlighted', async () => {
  for (const [userAgent, os] of [
    [WINDOWS_UA, 'Windows'],
    [MAC_UA, 'macOS'],
  ] as const) {
    const opened = await site.open({
      fixtures: [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))],
    });
    const {page, context, errors} = opened;
    await withUserAgent(opened, userAgent);
    await page.goto(`${site.baseUrl}/download/`);
    await page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor();
    const card = page.locator('section').filter({has: page.getByRole('heading', {name: new RegExp(`^${os}`)})});
    await card.getByText('Your system').waitFor();
    assert.equal(await page.getByText('Your system', {exact: true}).count(), 1, `only ${os} is highlighted`);
    for (const installer of INSTALLERS) {
      const links = page.locator(`a[href="${latestDownloadUrl(installer.file)}"]`);
      assert.ok((await links.count()) >= 1, installer.file);
      // Each installer of the matrix shows its SHA-256 from the release data.
      const item = page.locator('li').filter({has: page.locator('code', {hasText: installer.file})});
      assert.match(await textOf(item), new RegExp(`SHA-256 ${checksumOf(installer.file)}`), installer.file);
    }
    // The macOS graphical installers the release ships are offered, with their checksums.
    for (const file of MAC_PACKAGES) {
      assert.ok((await page.locator(`a[href="${latestDownloadUrl(file)}"]`).count()) >= 1, file);
    }
    // The systems keep their order (nothing moves once the page knows the visitor's); the
    // visitor's is marked, chosen, and its command is the one shown.
    const systems = page.getByRole('group', {name: 'Operating system'}).getByRole('button');
    assert.deepEqual(
      (await systems.allInnerTexts()).map((label) => label.replace(/\s*\(yours\)/, '')),
      ['macOS', 'Linux', 'Windows'],
    );
    const yours = systems.filter({hasText: `${os} (yours)`});
    assert.equal(await yours.getAttribute('aria-pressed'), 'true');
    assert.equal(await systems.filter({hasText: ' (yours)'}).count(), 1);
    const quick = page.locator('section[aria-labelledby="quick-install"]');
    // Each system's instructions are in the page; only the chosen one is visible.
    const command = quick.locator('pre code:visible');
    assert.equal(await command.innerText(), installCommand(os));
    assert.equal(await quick.getByRole('button', {name: 'Copy command'}).count(), 1, 'one copy button to reach');
    if (os === 'macOS') assert.match(await quick.innerText(), /a \.pkg package to open with the macOS Installer/);
    else assert.doesNotMatch(await quick.innerText(), /\.pkg/);
    // The other systems are one press away.
    await systems.filter({hasText: /^Linux$/}).click();
    assert.equal(await command.innerText(), installCommand('Linux'));
    assert.equal(await systems.filter({hasText: /^Linux$/}).getAttribute('aria-pressed'), 'true');
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('download: the command and its copy button are above the fold on desktop and phone, and copy works', async () => {
  for (const viewport of [
    {width: 1280, height: 800},
    {width: 390, height: 844},
  ]) {
    const opened = await site.open({
      viewport,
      fixtures: [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))],
    });
    const {page, context, errors} = opened;
    await withUserAgent(opened, WINDOWS_UA);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.baseUrl});
    await page.goto(`${site.baseUrl}/download/`);
    await hydrated(page);
    await page.getByRole('button', {name: 'Windows (yours)'}).waitFor();
    const panel = page.locator('section[aria-labelledby="quick-install"]');
    const command = panel.locator('pre:visible');
    const copy = panel.getByRole('button', {name: 'Copy command'});
    for (const [what, box] of [
      ['command', await command.boundingBox()],
      ['copy button', await copy.boundingBox()],
    ] as const) {
      assert.ok(box, what);
      assert.ok(
        box.y + box.height <= viewport.height,
        `${what} ends at ${box.y + box.height} px (${viewport.width} wide)`,
      );
      assert.ok(box.x >= 0 && box.x + box.width <= viewport.width, `${what} fits the width`);
    }
    // The whole command is visible: it wraps, nothing scrolls sideways.
    assert.ok(await command.evaluate((pre) => pre.scrollWidth <= pre.clientWidth), 'no sideways scroller');
    await copy.click();
    await panel.getByRole('button', {name: 'Copied'}).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), installCommand('Windows'));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test("download: nothing in view moves while the visitor's system and the release arrive (no layout shift), phone and desktop", async () => {
  // The server renders macOS's instructions; the release's arrival adds its version and checksums.
  for (const [userAgent, os, viewport] of [
    [WINDOWS_UA, 'Windows', {width: 412, height: 823}],
    [WINDOWS_UA, 'Windows', {width: 1280, height: 800}],
    [LINUX_UA, 'Linux', {width: 1280, height: 800}],
    [ANDROID_UA, null, {width: 412, height: 823}],
  ] as const) {
    const opened = await site.open({
      viewport,
      fixtures: [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))],
    });
    const {page, context, errors} = opened;
    await withUserAgent(opened, userAgent);
    await recordLayoutShifts(page);
    await page.goto(`${site.baseUrl}/download/`);
    await hydrated(page);
    if (os) await page.getByRole('button', {name: `${os} (yours)`}).waitFor();
    await page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor();
    assert.equal(
      await page.locator('section[aria-labelledby="quick-install"] pre code:visible').innerText(),
      installCommand(os ?? 'macOS'),
    );
    assert.deepEqual(await layoutShifts(page), [], `layout shifts for ${os} at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('download: without release data the stable links stay and the page says what is missing', async () => {
  const {page, context, errors} = await site.open({
    fixtures: [exact(SOURCES.miniforgeLatestRelease, json({tag_name: '25.9.1-0'}))],
  });
  await page.goto(`${site.baseUrl}/download/`);
  await page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor();
  // A release without a file list: no checksums, no graphical installers, every stable link.
  const main = await page.locator('main').innerText();
  assert.doesNotMatch(main, /SHA-256 [0-9a-f]{64}/);
  assert.doesNotMatch(main, /\.pkg/);
  assert.equal(await page.getByRole('button', {name: /^Copy the SHA-256/}).count(), 0);
  for (const installer of INSTALLERS) {
    assert.ok((await page.locator(`a[href="${latestDownloadUrl(installer.file)}"]`).count()) >= 1, installer.file);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

const VIEWS = [
  {viewport: {width: 1440, height: 900}, mode: 'light'},
  {viewport: {width: 1440, height: 900}, mode: 'dark'},
  {viewport: {width: 390, height: 844}, mode: 'light'},
  {viewport: {width: 390, height: 844}, mode: 'dark'},
] as const;

/** A page of `view`'s size and color mode, with the fixtures. */
async function openView(view: (typeof VIEWS)[number], fixtures: Fixture[]): Promise<Opened> {
  const opened = await site.open({viewport: view.viewport, fixtures});
  await opened.context.addInitScript((theme) => localStorage.setItem('theme', theme), view.mode);
  return opened;
}

test('download: each installer is a download button saying what it gets, its file name the caption, its checksum one line with a copy button', async () => {
  for (const view of VIEWS) {
    const opened = await openView(view, [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))]);
    const {page, context, errors} = opened;
    await withUserAgent(opened, LINUX_UA);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {origin: site.baseUrl});
    await page.goto(`${site.baseUrl}/download/`);
    await hydrated(page);
    await page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor();
    const where = `${view.viewport.width} px, ${view.mode}`;
    for (const file of [...INSTALLERS.map((installer) => installer.file), ...MAC_PACKAGES]) {
      const item = page.locator('#all-installers + div li').filter({has: page.locator('code', {hasText: file})});
      // The button: a verb, the system and processor, the kind of file and its size (90 MB in the fixture).
      const button = item.getByRole('link');
      const os = /MacOSX/.test(file) ? 'macOS' : /Linux/.test(file) ? 'Linux' : 'Windows';
      const kind = file.endsWith('.sh')
        ? 'Command-line installer (.sh)'
        : `Graphical installer (.${file.split('.').pop()})`;
      assert.equal(await button.getAttribute('href'), latestDownloadUrl(file));
      const name = (await button.innerText()).replace(/\s+/g, ' ').trim();
      assert.match(
        name,
        new RegExp(`^Download ${os} \\S+.* ${kind.replace(/[().]/g, '\\$&')} · 90 MB$`),
        `${file}, ${where}`,
      );
      assert.match((await button.getAttribute('class')) ?? '', /\bbutton\b/);
      const buttonBox = (await button.boundingBox())!;
      assert.ok(buttonBox.height >= 44, `${file}: a button of ${buttonBox.height} px`);
      // The file name is the caption right under it.
      const caption = (await item.locator('code', {hasText: file}).boundingBox())!;
      assert.ok(
        caption.y >= buttonBox.y + buttonBox.height && caption.y - (buttonBox.y + buttonBox.height) < 16,
        `${file}: caption under the button`,
      );
      // The checksum: one line (label, its ends, a copy button) inside the card; the whole value is in the text.
      const line = item.locator('code', {hasText: checksumOf(file).slice(0, 10)});
      const rects = await line.evaluate((el) => el.getClientRects().length);
      assert.equal(rects, 1, `${file}: the checksum wraps (${where})`);
      const copy = item.getByRole('button', {name: `Copy the SHA-256 of ${file}`});
      const [lineBox, copyBox, card] = [await line.boundingBox(), await copy.boundingBox(), await item.boundingBox()];
      assert.ok(lineBox && copyBox && card);
      assert.ok(
        Math.abs(lineBox.y + lineBox.height / 2 - (copyBox.y + copyBox.height / 2)) < 4,
        `${file}: copy button beside the checksum`,
      );
      assert.ok(
        copyBox.x + copyBox.width <= card.x + card.width + 0.5,
        `${file}: the copy button stays in the card (${where})`,
      );
      assert.ok(
        copyBox.height >= 24 && copyBox.width >= 24,
        `${file}: a copy target of ${copyBox.width}×${copyBox.height}`,
      );
      // The middle of the checksum is out of view but in the text: what find in page and readers get.
      assert.match(await textOf(item), new RegExp(`SHA-256 ${checksumOf(file)}`));
    }
    // One press copies the whole checksum.
    const file = 'Miniforge3-Linux-aarch64.sh';
    await page.getByRole('button', {name: `Copy the SHA-256 of ${file}`}).click();
    await page.getByRole('button', {name: `Copied the SHA-256 of ${file}`}).waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), checksumOf(file));
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('download: the "(yours)" mark sits beside its button, covering no button and no text', async () => {
  for (const view of VIEWS) {
    for (const [userAgent, os] of [
      [MAC_UA, 'macOS'],
      [WINDOWS_UA, 'Windows'],
    ] as const) {
      const opened = await openView(view, [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))]);
      const {page, context, errors} = opened;
      await withUserAgent(opened, userAgent);
      await page.goto(`${site.baseUrl}/download/`);
      await hydrated(page);
      const group = page.getByRole('group', {name: 'Operating system'});
      const mine = group.getByRole('button', {name: `${os} (yours)`});
      await mine.waitFor();
      const mark = mine.getByText('(yours)');
      const box = (await mark.boundingBox())!;
      const overlaps = (a: typeof box, b: typeof box) =>
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      const inside = (a: typeof box, b: typeof box) =>
        a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;
      const where = `${os}, ${view.viewport.width} px, ${view.mode}`;
      for (const button of await group.getByRole('button').all()) {
        const other = (await button.boundingBox())!;
        const own = (await button.innerText()).includes('(yours)');
        // Inside its own button, or clear of it; clear of every other button.
        if (own)
          assert.ok(inside(box, other) || !overlaps(box, other), `${where}: the mark straddles its button's edge`);
        else assert.ok(!overlaps(box, other), `${where}: the mark covers another button`);
      }
      // Clear of the text around: the heading above, the instructions below.
      const quick = page.locator('section[aria-labelledby="quick-install"]');
      for (const text of [
        quick.getByRole('heading', {name: 'Install in one line'}),
        quick.locator('p:visible').first(),
      ]) {
        assert.ok(!overlaps(box, (await text.boundingBox())!), `${where}: the mark covers text`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('packages: on a phone, recent uploads keep package names whole, with version and feedstocks under the name', async () => {
  const names = [
    'jupyterlab-variableinspector',
    'r-bioconductor-genomicfeatures',
    'ros-humble-rosidl-typesupport-introspection-cpp',
    'importlib_metadata',
    'zope.interface',
    'pythonnet',
  ];
  const map = feedstockOutputs(500);
  for (const name of names) map[name] = [name];
  const items = names.map((name, i) => ({
    title: `${name} 1.2.${i} [linux-64]`,
    pubDate: 'Wed, 29 Oct 2025 10:00:00 GMT',
  }));
  for (const view of VIEWS) {
    const {page, context, errors} = await openView(view, [
      exact(SOURCES.feedstockOutputs, json(map)),
      exact(SOURCES.channelRss, text(200, channelRss(items), 'application/rss+xml')),
    ]);
    await page.goto(`${site.baseUrl}/packages/`);
    const recent = page
      .locator('section')
      .filter({has: page.getByRole('heading', {name: 'Recently updated packages'})});
    await recent.locator('tbody tr').first().waitFor();
    const where = `${view.viewport.width} px, ${view.mode}`;
    for (const name of names) {
      const link = recent.getByRole('link', {name, exact: true});
      // Where a name wraps, the line ends after a "-", "_" or ".", never inside a word.
      const breaks = await link.evaluate((el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        const chars: Array<{char: string; top: number}> = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (let i = 0; i < (node.textContent ?? '').length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            chars.push({char: node.textContent![i], top: range.getBoundingClientRect().top});
          }
        }
        return chars.flatMap((c, i) => (i > 0 && c.top > chars[i - 1].top + 2 ? [chars[i - 1].char] : []));
      });
      for (const before of breaks) assert.match(before, /[-_.]/, `${name} breaks inside a word (${where})`);
      const row = recent.locator('tbody tr').filter({has: page.getByRole('link', {name, exact: true})});
      // Its version and feedstock are on screen, in their columns or under the name.
      const version = `1.2.${names.indexOf(name)}`;
      assert.ok(
        (await row.getByText(version, {exact: false}).filter({visible: true}).count()) >= 1,
        `${name}: version shown`,
      );
      assert.ok(await row.getByRole('link', {name: `${name}-feedstock`}).isVisible(), `${name}: feedstock shown`);
    }
    // No sideways scrolling of the table or the page.
    assert.ok(
      await recent.locator('table').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      `table scrolls (${where})`,
    );
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), `page scrolls (${where})`);
    if (view.viewport.width > 600) {
      const headers = await recent.locator('thead th:visible').allInnerTexts();
      assert.deepEqual(
        headers.map((h) => h.trim()),
        ['#', 'Package', 'Version', 'Built by', 'Updated'],
      );
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('home: eight statistics tiles from live counts, each linking to by-the-numbers, with no Intl number formatter', async () => {
  const {page, context, errors} = await site.open({fixtures: [exact(SOURCES.liveCounts, json(liveCounts()))]});
  // The page's first Intl formatter costs one long task on a phone (src/lib/format/english.ts).
  await recordIntlFormatters(page);
  await page.goto(`${site.baseUrl}/`);
  const tiles = page.locator('section[aria-labelledby="about-heading"] ul li a');
  await tiles.first().waitFor();
  assert.equal(await tiles.count(), 8);
  const texts = (await tiles.allInnerTexts()).map((s) => s.replace(/\s+/g, ' ').trim());
  assert.deepEqual(texts, [
    '612.3M Monthly downloads',
    '8.2B Overall downloads',
    '28.5K Feedstocks',
    '31.2K Packages',
    '27 Core developers',
    '2.3M Artifacts',
    '6.1K Feedstock maintainers',
    '310K Issues + PRs',
  ]);
  for (const href of await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
    assert.equal(href, 'https://github.com/conda-forge/by-the-numbers');
  }
  assert.deepEqual(await intlFormatters(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

/* ---------------------------------------------------------------- failures and Retry */

interface SourceCase {
  source: keyof typeof SOURCES | 'migrationDetails' | 'migrationGraph';
  path: string;
  what: string;
  url: string;
  ok: Body;
  wrongShape: Body;
  /** The other sources of the page, answered OK. */
  others: Fixture[];
  /** Brings the source into play after the page loaded (e.g. opens the Graph tab). */
  reveal?: (page: Page) => Promise<void>;
  /** Waits for the data to be shown. */
  loaded: (page: Page) => Promise<void>;
  /**
   * Optional data: the page is whole without it, so a failure shows this muted sentence as a
   * status message (no alert, no error details) with Retry.
   */
  quiet?: string;
}

const SMALL_MAP = feedstockOutputs(50);
const SMALL_FILE = migrationFile(12);
const rss = asText('application/rss+xml', channelRss(RECENT));
const NOT_RSS = asText('text/html', '<!doctype html><html><body>Service unavailable</body></html>');

const CASES: SourceCase[] = [
  {
    source: 'liveCounts',
    path: '/',
    what: 'statistics',
    url: SOURCES.liveCounts,
    ok: asJson(liveCounts()),
    wrongShape: asJson({downloads: 5}),
    others: [],
    loaded: (page) => page.getByText('612.3M').waitFor(),
    quiet: 'Live statistics are unavailable right now.',
  },
  {
    source: 'feedstockOutputs',
    path: '/packages/',
    what: 'package list',
    url: SOURCES.feedstockOutputs,
    ok: asJson(SMALL_MAP),
    wrongShape: asJson({numpy: 'numpy'}),
    others: [exact(SOURCES.channelRss, text(200, rss.body, rss.contentType))],
    loaded: (page) => page.getByText('50 packages loaded').waitFor(),
  },
  {
    source: 'channelRss',
    path: '/packages/',
    what: 'recent uploads',
    url: SOURCES.channelRss,
    ok: rss,
    wrongShape: NOT_RSS,
    others: [exact(SOURCES.feedstockOutputs, json(SMALL_MAP))],
    loaded: (page) => page.getByRole('link', {name: 'brand-new-pkg'}).waitFor(),
  },
  {
    source: 'miniforgeLatestRelease',
    path: '/download/',
    what: 'latest release',
    url: SOURCES.miniforgeLatestRelease,
    ok: asJson(latestRelease('25.9.1-0')),
    wrongShape: asJson({message: 'API rate limit exceeded'}),
    others: [],
    loaded: (page) => page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor(),
    quiet:
      'Version details and checksums could not be loaded. The links on this page still download the newest release.',
  },
  {
    source: 'migrationDetails',
    path: `/status/migration/?name=${NAME}`,
    what: `details of ${NAME}`,
    url: detailsUrl(NAME),
    ok: asJson(SMALL_FILE),
    wrongShape: asJson({message: 'Not Found'}),
    others: migrationFixtures(NAME, SMALL_FILE).slice(1),
    loaded: (page) => page.getByRole('heading', {name: PROGRESS_HEADING}).waitFor(),
  },
  {
    source: 'migrationGraph',
    path: `/status/migration/?name=${NAME}`,
    what: 'dependency graph',
    url: graphUrl(NAME),
    ok: asText('image/svg+xml', graphSvg()),
    wrongShape: asText('text/html', '<html><body>Not an image</body></html>'),
    others: migrationFixtures(NAME, SMALL_FILE).filter((_, i) => i !== 1),
    reveal: async (page) => {
      await page.getByRole('tab', {name: 'Graph'}).click();
    },
    loaded: (page) => page.getByTestId('graph-canvas').locator('svg ellipse').first().waitFor(),
  },
  ...(['migrationsPaused', 'migrationsClosed'] as const).map((source): SourceCase => ({
    source,
    path: `/status/migration/?name=${NAME}`,
    what: 'lists of paused and closed migrations',
    url: SOURCES[source],
    ok: asJson(statusList([NAME])),
    wrongShape: asJson([NAME]),
    others: migrationFixtures(NAME, SMALL_FILE).filter(
      (f) => !(f.match as (u: URL) => boolean)(new URL(SOURCES[source])),
    ),
    loaded: (page) =>
      page
        .getByRole('note')
        .filter({hasText: /paused|closed/})
        .waitFor(),
  })),
];

for (const c of CASES) {
  const shows = c.quiet ? 'a quiet status line' : 'an error';
  test(`${c.source} failing in each way: ${shows}, Retry answered OK shows the data, no page error`, async (t) => {
    for (const failure of FAILURE_MODES) {
      await t.test(failure, async () => {
        const control: Control = {mode: failure, requests: 0};
        const {page, context, errors} = await site.open({
          fixtures: [exact(c.url, responder(control, c.ok, c.wrongShape)), ...c.others],
        });
        if (failure === 'timeout') await page.clock.install();
        const requested = page.waitForRequest((request) => request.url() === c.url);
        await page.goto(site.baseUrl + c.path);
        await hydrated(page);
        await c.reveal?.(page);
        if (failure === 'timeout') {
          // Once the request is pending, jump past the 15 s timeout of fetchData.
          await requested;
          await page.clock.fastForward(16_000);
        }
        let message: Locator;
        let retry: Locator;
        if (c.quiet) {
          // Announced politely, in place of the loading message; no alert anywhere on the page.
          message = page.getByRole('status').filter({hasText: c.quiet});
          await message.waitFor();
          assert.equal(await message.innerText(), c.quiet);
          assert.equal(await page.getByRole('alert').count(), 0, 'no alert for optional data');
          retry = page.getByRole('button', {name: 'Retry'});
        } else {
          message = page.getByRole('alert').filter({hasText: `The ${c.what} could not be loaded.`});
          await message.waitFor();
          const expected: Record<FailureMode, RegExp> = {
            http500: /HTTP 500/,
            aborted: /request failed/,
            timeout: /timed out/,
            malformed: /malformed|could not be read/,
            wrongShape: /Unexpected data|not an SVG|not an RSS/,
          };
          assert.match(await message.innerText(), expected[failure]);
          retry = message.getByRole('button', {name: 'Retry'});
        }
        control.mode = 'ok';
        await retry.click();
        await c.loaded(page);
        assert.equal(await message.count(), 0);
        assert.equal(await retry.count(), 0);
        assert.ok(control.requests >= 2, `${control.requests} requests`);
        assert.deepEqual(errors, []);
        await context.close();
      });
    }
  });
}

test('links from remote data: a javascript: or data: address never becomes a link, and nothing runs', async () => {
  const hostile = ['javascript:window.__pwned="link"', 'data:text/html,<script>parent.__pwned=1</script>'];
  const now = Date.now();
  const file = migrationFile(12, now);
  file._feedstock_status['feedstock-0001'].pr_url = hostile[0];
  file._feedstock_status['feedstock-0007'].pr_url = hostile[1];
  const pages: Array<{path: string; fixtures: Fixture[]; ready: (page: Page) => Promise<unknown>}> = [
    {
      path: '/download/',
      fixtures: [exact(SOURCES.miniforgeLatestRelease, json({...latestRelease('25.9.1-0'), html_url: hostile[0]}))],
      ready: (page) => page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor(),
    },
    {
      path: '/status/',
      fixtures: statusFixtures({
        now,
        handlers: {
          statusIssues: jsonBody(
            hostile.map((url, i) => ({
              ...issue(now, {number: i + 1, title: `Hostile ${i + 1}`, labels: ['major outage'], createdDaysAgo: 1}),
              html_url: url,
            })),
          ),
          // A list note is shown as text: its markup neither renders nor runs.
          migrationsPaused: jsonBody({icu76: '<img src=x onerror="window.__pwned=1"><a href="javascript:1">x</a>'}),
        },
      }),
      ready: (page) => page.getByText('<img src=x onerror').waitFor(),
    },
    {
      path: `/status/migration/?name=${NAME}`,
      fixtures: migrationFixtures(NAME, file),
      ready: (page) => page.locator('#panel-table tbody tr').first().waitFor(),
    },
  ];
  for (const {path, fixtures, ready} of pages) {
    const {page, context, errors} = await site.open({fixtures});
    await page.goto(site.baseUrl + path);
    await ready(page);
    const unsafe = await page.evaluate(() =>
      [...document.querySelectorAll('a[href]')]
        .map((a) => (a as HTMLAnchorElement).href)
        .filter((href) => !/^(https?|mailto):/i.test(href)),
    );
    assert.deepEqual(unsafe, [], path);
    if (path === '/download/') {
      // The release link falls back to the tag's page on GitHub.
      assert.equal(
        await page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).getAttribute('href'),
        'https://github.com/conda-forge/miniforge/releases/tag/25.9.1-0',
      );
    } else if (path === '/status/') {
      // The incidents keep their titles, as text.
      await page.getByText('Hostile 1').click();
    } else {
      await page.getByRole('rowheader', {name: 'feedstock-0001'}).click();
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    assert.equal(await page.evaluate(() => (window as unknown as {__pwned?: unknown}).__pwned), undefined, path);
    assert.deepEqual(errors, [], path);
    await context.close();
  }
});
