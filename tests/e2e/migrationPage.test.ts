/**
 * The migration page as maintainers use it (issue 35): what is stuck in one click, views kept in
 * the address, headings that stay in view, bot notes that stay inside the page, a list on the
 * phone, linked children, the tab title, and "since your last visit". Realistic data: a python314
 * migration of 2,417 feedstocks (tests/e2e/fixtures/live.ts, realMigrationFile), at 1440×900
 * and 390×844, in light and dark mode.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {mainViolations} from './axe';
import type {Page} from 'playwright-core';
import {hydrated, startSite, type Opened, type Site} from './harness';
import {migrationFixtures, realMigrationFile} from './fixtures/live';
import {LONG_WAIT_DAYS} from '../../src/lib/status/migrationFilter';
import {STATE_LABELS, type MigrationState} from '../../src/lib/status/migration';
import {VISITS_KEY} from '../../src/lib/status/lastVisit';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const NAME = 'python314';
const NOW = Date.now();
const DAY = 24 * 3_600_000;
const FILE = realMigrationFile(2417, NOW);
const TOTAL = '2,417';
const DESKTOP = {width: 1440, height: 900};
const PHONE = {width: 390, height: 844};
const MODES = ['light', 'dark'] as const;

const listOf = (state: MigrationState) => FILE[state] as string[];
const statusOf = (name: string) => FILE._feedstock_status[name];
const group = (n: number) => n.toLocaleString('en');
const longWaiting = listOf('in-pr').filter(
  (name) => NOW - Date.parse(statusOf(name).updated_at as string) >= LONG_WAIT_DAYS * DAY,
);
const ATTENTION_COUNT = listOf('not-solvable').length + listOf('bot-error').length + longWaiting.length;

async function openPage(
  viewport: {width: number; height: number},
  mode: 'light' | 'dark' = 'light',
  search = '',
): Promise<Opened> {
  const opened = await site.open({viewport, colorScheme: mode, fixtures: migrationFixtures(NAME, FILE)});
  await opened.context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
  // Functions given to page.evaluate are compiled by tsx, which may wrap inner functions in its
  // `__name` helper; the page needs that helper to run them.
  await opened.context.addInitScript({content: 'globalThis.__name ??= (fn) => fn;'});
  await opened.page.goto(`${site.baseUrl}/status/migration/?name=${NAME}${search}`);
  await hydrated(opened.page);
  await rows(opened.page).first().waitFor();
  return opened;
}

const rows = (page: Page) => page.locator('#panel-table tbody tr[data-feedstock]');
const summary = (page: Page) => page.locator('#panel-table [role="status"]');
const search = (page: Page) => new URL(page.url()).search;

/** The statuses of the rows on the page, as their cells say. */
async function shownStates(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')!.textContent ?? ''));
}

test('what is stuck in one click: "Needs attention", "only" per status, the choice in the address and kept on reload (desktop and phone)', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const {page, context, errors} = await openPage(viewport);
    const at = `${viewport.width} px`;
    // Visible labels name both groups of buttons.
    for (const label of ['Show', 'Statuses']) {
      const labelled = page.getByRole('group', {name: label, exact: true});
      assert.ok(await labelled.isVisible(), `${at}: group ${label}`);
      assert.ok(await labelled.getByText(label, {exact: true}).isVisible(), `${at}: visible label ${label}`);
    }
    // The default says what it is: Done is hidden because "Not done" is selected.
    const notDone = 2417 - listOf('done').length;
    assert.equal(
      await page.getByRole('button', {name: `Not done (${group(notDone)})`}).getAttribute('aria-pressed'),
      'true',
    );
    assert.match(
      await summary(page).innerText(),
      new RegExp(`^${group(notDone)} of ${TOTAL} feedstocks match \\(every status but Done\\)`),
    );

    const attention = page.getByRole('button', {name: `Needs attention (${group(ATTENTION_COUNT)})`});
    assert.equal(await attention.getAttribute('aria-pressed'), 'false');
    await attention.click();
    assert.equal(await attention.getAttribute('aria-pressed'), 'true');
    assert.equal(search(page), `?name=${NAME}&show=attention`, at);
    await summary(page)
      .filter({hasText: new RegExp(`^${group(ATTENTION_COUNT)} of ${TOTAL} feedstocks match \\(need attention`)})
      .waitFor();
    for (const text of await shownStates(page)) {
      assert.match(text, /^(Not solvable|Bot error|In PR\s*no update for 30\+ days)$/, `${at}: ${text}`);
    }
    assert.ok(
      (await shownStates(page)).some((text) => text.startsWith('In PR')),
      'long-waiting PRs are in the view',
    );

    // Kept on reload: the address holds the view.
    await page.reload();
    await hydrated(page);
    await rows(page).first().waitFor();
    assert.equal(
      await page.getByRole('button', {name: /^Needs attention/}).getAttribute('aria-pressed'),
      'true',
      `${at}: after reload`,
    );

    // "only" isolates one status in one click, and is a target of 24 × 24 px at least.
    const only = page.getByRole('button', {name: 'Only Bot error'});
    const box = (await only.boundingBox())!;
    assert.ok(box.width >= 24 && box.height >= 24, `${at}: "only" is ${box.width}×${box.height}`);
    await only.click();
    assert.equal(search(page), `?name=${NAME}&show=bot-error`);
    await summary(page)
      .filter({hasText: new RegExp(`^${listOf('bot-error').length} of ${TOTAL}`)})
      .waitFor();
    assert.deepEqual(new Set(await shownStates(page)), new Set([STATE_LABELS['bot-error']]));
    for (const state of ['done', 'in-pr', 'not-solvable'] as const) {
      const chip = page
        .getByRole('group', {name: 'Statuses'})
        .getByRole('button', {name: new RegExp(`^${STATE_LABELS[state]} \\(`)});
      assert.equal(await chip.getAttribute('aria-pressed'), 'false', state);
    }

    // A shared address opens the same view in another browser.
    const shared = await openPage(viewport, 'light', '&show=not-solvable&show=bot-error');
    const stuck = listOf('not-solvable').length + listOf('bot-error').length;
    await summary(shared.page)
      .filter({hasText: new RegExp(`^${stuck} of ${TOTAL} feedstocks match \\(status Not solvable and Bot error\\)`)})
      .waitFor();
    assert.deepEqual(new Set(await shownStates(shared.page)), new Set(['Not solvable', 'Bot error']));
    await shared.page.getByRole('button', {name: `All (${TOTAL})`}).click();
    assert.equal(search(shared.page), `?name=${NAME}&show=all`);
    assert.deepEqual(shared.errors, []);
    await shared.context.close();
    assert.deepEqual(errors, []);
    await context.close();
  }
});

/** Whether the page scrolls sideways, and the right edges of the table's heading cells. */
async function widths(page: Page) {
  return page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    page: document.documentElement.scrollWidth,
    table: document.querySelector('#panel-table table')!.getBoundingClientRect().right,
    headings: [...document.querySelectorAll('#panel-table thead th')].map((th) => th.getBoundingClientRect().right),
  }));
}

test('1440×900, light and dark: the headings stay in view, an opened bot note wraps inside the page with its own scroll, no column leaves the viewport', async () => {
  for (const mode of MODES) {
    const {page, context, errors} = await openPage(DESKTOP, mode, '&show=attention');
    assert.match(await page.title(), new RegExp(`^${NAME} migration \\| conda-forge`), 'the tab names the migration');
    let measured = await widths(page);
    assert.ok(measured.page <= measured.viewport, `${mode}: the page scrolls sideways (${measured.page})`);
    assert.ok(measured.table <= measured.viewport, `${mode}: table right edge ${measured.table}`);
    for (const right of measured.headings)
      assert.ok(right <= measured.table + 0.5, `${mode}: a column ends at ${right}`);

    // A bot note with a long solver log: it opens in a row of its own, as wide as the table.
    const disclosure = page.locator('#panel-table tbody button[aria-expanded="false"]').first();
    const feedstock = (await disclosure.innerText()).trim();
    await disclosure.click();
    const note = page.getByRole('region', {name: `Bot note on ${feedstock}`});
    await note.getByText('solver log').click();
    await note.locator('pre').waitFor();
    const box = await note.evaluate((el) => {
      const rect = el.getBoundingClientRect();
      const pre = el.querySelector('pre')!;
      return {
        right: rect.right,
        height: rect.height,
        scrolls: el.scrollHeight > el.clientHeight,
        preScrollsSideways: pre.scrollWidth > pre.clientWidth,
        rem: parseFloat(getComputedStyle(document.documentElement).fontSize),
      };
    });
    measured = await widths(page);
    assert.ok(
      box.right <= measured.table + 0.5,
      `${mode}: the note ends at ${box.right}, the table at ${measured.table}`,
    );
    assert.ok(box.height <= 20 * box.rem + 1, `${mode}: the note is ${box.height} px high`);
    assert.ok(box.scrolls, `${mode}: a long note scrolls inside its own box`);
    assert.ok(!box.preScrollsSideways, `${mode}: the log's long lines wrap`);
    assert.ok(measured.page <= measured.viewport, `${mode}: with the note open, the page scrolls sideways`);
    for (const right of measured.headings) assert.ok(right <= measured.viewport, `${mode}: a column ends at ${right}`);

    // Scrolled well into the table, the headings stay in view: at the top while the navbar hides
    // (it does when the page scrolls down), under the navbar when it comes back (scrolling up).
    for (const [scroll, where] of [
      [1500, 'scrolling down'],
      [-200, 'scrolling up'],
    ] as const) {
      await page.evaluate((y) => window.scrollBy(0, y), scroll);
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      // Two frames: the navbar's class changes on scroll, then its transition starts.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const sticky = await page.evaluate(() => {
        const navbar = document.querySelector('nav.navbar')!.getBoundingClientRect().bottom;
        const heading = document.querySelector('#panel-table thead th')!.getBoundingClientRect();
        const table = document.querySelector('#panel-table table')!.getBoundingClientRect();
        return {navbar, top: heading.top, tableTop: table.top};
      });
      const at = `${mode}, ${where}`;
      assert.ok(sticky.tableTop < 0, `${at}: the table's top has scrolled away (${sticky.tableTop})`);
      assert.ok(
        Math.abs(sticky.top - Math.max(0, sticky.navbar)) <= 1,
        `${at}: headings at ${sticky.top}, navbar ends at ${sticky.navbar}`,
      );
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('390×844, light and dark: the rows are a list (name, then status, CI and age), nothing scrolls sideways, the row link is 24×24 px', async () => {
  for (const mode of MODES) {
    const {page, context, errors} = await openPage(PHONE, mode);
    let measured = await widths(page);
    assert.ok(measured.page <= measured.viewport, `${mode}: the page scrolls sideways (${measured.page})`);
    const table = await page
      .locator('#panel-table table')
      .evaluate((el) => ({scroll: el.scrollWidth, client: el.clientWidth}));
    assert.ok(table.scroll <= table.client, `${mode}: the table scrolls sideways (${table.scroll} > ${table.client})`);

    const layout = await rows(page).evaluateAll((trs) =>
      trs.slice(0, 12).map((tr) => {
        const box = (el: Element | null) => el!.getBoundingClientRect();
        const [state, ci, age] = [...tr.querySelectorAll('td')].slice(0, 3).map(box);
        return {
          row: box(tr),
          name: box(tr.querySelector('th')),
          state,
          ci,
          age,
          link: box(tr.querySelector('th a[aria-label^="Link to"]')),
        };
      }),
    );
    for (const [i, r] of layout.entries()) {
      assert.ok(r.row.right <= measured.viewport, `${mode}: row ${i} ends at ${r.row.right}`);
      // The name has the row's whole width; status, CI and age share the line under it.
      assert.ok(r.name.width >= r.row.width - 16, `${mode}: row ${i}: name ${r.name.width} of ${r.row.width}`);
      for (const cell of [r.state, r.ci, r.age]) {
        assert.ok(cell.top >= r.name.bottom - 1, `${mode}: row ${i}: a cell beside the name`);
        assert.ok(
          Math.abs(cell.top + cell.height / 2 - (r.state.top + r.state.height / 2)) <= 6,
          `${mode}: row ${i}: status, CI and age on one line`,
        );
      }
      assert.ok(r.link.width >= 24 && r.link.height >= 24, `${mode}: row ${i}: link ${r.link.width}×${r.link.height}`);
    }

    // A bot note stays inside the screen.
    await page.getByRole('button', {name: 'Only Not solvable'}).click();
    const disclosure = page.locator('#panel-table tbody button[aria-expanded="false"]').first();
    const feedstock = (await disclosure.innerText()).trim();
    await disclosure.click();
    const note = page.getByRole('region', {name: `Bot note on ${feedstock}`});
    await note.getByText('solver log').click();
    const right = await note.evaluate((el) => el.getBoundingClientRect().right);
    measured = await widths(page);
    assert.ok(right <= measured.viewport, `${mode}: the note ends at ${right}`);
    assert.ok(measured.page <= measured.viewport, `${mode}: with the note open, the page scrolls sideways`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('immediate children link to their rows', async () => {
  const {page, context, errors} = await openPage(DESKTOP, 'light', '&show=all');
  const row = rows(page)
    .filter({has: page.locator('td:last-child a')})
    .first();
  const child = page
    .locator(`#panel-table tr[data-feedstock="${await row.getAttribute('data-feedstock')}"] td:last-child a`)
    .first();
  const name = await child.innerText();
  assert.equal(await child.getAttribute('href'), `#${encodeURIComponent(name)}`);
  await child.click();
  await page.waitForURL((url) => url.hash === `#${encodeURIComponent(name)}`);
  await page.locator(`tr[data-feedstock="${name}"][aria-current="true"]`).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

/** The stored visit of three days ago: 40 fewer done, and three of today's stuck feedstocks not stuck yet. */
function earlierVisit(at: number) {
  const counts = Object.fromEntries(
    (['done', 'in-pr', 'awaiting-pr', 'awaiting-parents', 'not-solvable', 'bot-error'] as const).map((state) => [
      state,
      listOf(state).length,
    ]),
  );
  const stuck = [...listOf('not-solvable'), ...listOf('bot-error')].sort();
  const newly = stuck.slice(0, 3);
  return {
    newly,
    stored: {
      [NAME]: {
        last: {
          at,
          counts: {
            ...counts,
            done: counts.done - 40,
            'awaiting-pr': counts['awaiting-pr'] + 43,
            'not-solvable': counts['not-solvable'] - 3,
          },
          stuck: stuck.slice(3),
        },
        before: null,
      },
    },
  };
}

test('since your last visit: the first visit says it will remember; a later one says what changed, and reloads keep saying it (desktop and phone)', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    const at = `${viewport.width} px`;
    const first = await openPage(viewport);
    await first.page.getByText('Your next visit will show what changed since now.').waitFor();
    const stored = JSON.parse((await first.page.evaluate((key) => localStorage.getItem(key), VISITS_KEY)) ?? '{}');
    assert.equal(stored[NAME].last.counts.done, listOf('done').length, at);
    assert.equal(stored[NAME].before, null);
    await first.context.close();

    const threeDaysAgo = Date.now() - 3 * DAY;
    const {newly, stored: seed} = earlierVisit(threeDaysAgo);
    const opened = await site.open({viewport, fixtures: migrationFixtures(NAME, FILE)});
    // Seeded once: the reload below must find what the page itself stored.
    await opened.context.addInitScript(
      ({key, value}) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem(key, value);
          sessionStorage.setItem('seeded', '1');
        }
      },
      {key: VISITS_KEY, value: JSON.stringify(seed)},
    );
    const {page} = opened;
    await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
    await hydrated(page);
    const line = page.locator('p', {hasText: 'since your last visit'});
    await line.waitFor();
    assert.equal(await line.innerText(), '+40 done, 3 newly stuck since your last visit 3 days ago.', at);
    await page.getByText('Which feedstocks are newly stuck').click();
    const links = page.locator('details', {hasText: 'Which feedstocks are newly stuck'}).getByRole('link');
    assert.deepEqual(await links.allInnerTexts(), newly);
    await links.first().click();
    await page.locator(`tr[data-feedstock="${newly[0]}"][aria-current="true"]`).waitFor();

    // Reloaded a moment later: the same visit, still compared with three days ago.
    await page.reload();
    await hydrated(page);
    await line.waitFor();
    assert.equal(await line.innerText(), '+40 done, 3 newly stuck since your last visit 3 days ago.', `${at}: reload`);
    const after = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), VISITS_KEY)) ?? '{}');
    assert.equal(after[NAME].before.at, threeDaysAgo);
    assert.ok(after[NAME].last.at > threeDaysAgo);
    assert.deepEqual(opened.errors, []);
    await opened.context.close();
  }
});

test('axe finds no WCAG 2.2 AA violations with 2,417 feedstocks and a bot note open, desktop and phone, light and dark', async () => {
  for (const viewport of [DESKTOP, PHONE]) {
    for (const mode of MODES) {
      const {page, context, errors} = await openPage(viewport, mode, '&show=attention');
      await page.locator('#panel-table tbody button[aria-expanded="false"]').first().click();
      await page
        .getByRole('region', {name: /^Bot note on/})
        .getByText('solver log')
        .waitFor();
      const violations = await mainViolations(page);
      assert.deepEqual(violations, [], `${viewport.width} px, ${mode}`);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('the server sends the heading and what a migration is; the details keep that text under their own heading', async () => {
  const intro = /^A migration rebuilds the feedstocks that depend on a package/;
  const {page, context, errors} = await site.open({viewport: PHONE, fixtures: migrationFixtures(NAME, FILE)});
  // As the server sent it, before any script: the page has something to read while the data loads.
  const response = await page.request.get(`${site.baseUrl}/status/migration/?name=${NAME}`);
  const html = await response.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  assert.match(main, /<h1>Migration status<\/h1><p class="[^"]*">A migration rebuilds the feedstocks/);
  // Once the details are there, the same text once, under the migration's own heading.
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  await hydrated(page);
  await rows(page).first().waitFor();
  const paragraphs = page.locator('main p').filter({hasText: intro});
  assert.equal(await paragraphs.count(), 1);
  const [heading, text] = await Promise.all([
    page.getByRole('heading', {level: 1}).boundingBox(),
    paragraphs.boundingBox(),
  ]);
  assert.ok(heading && text && text.y > heading.y + heading.height, 'the introduction is under the heading');
  assert.match((await page.getByRole('heading', {level: 1}).textContent()) ?? '', new RegExp(NAME));
  assert.deepEqual(errors, []);
  await context.close();
});
