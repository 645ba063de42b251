/**
 * Hostile and faulty input in the browser (issue 37): names that are keys of every object, times
 * out of the Date range, bodies that stall after their headers, bad escapes and protocol-relative
 * paths in the address, the page counter's referrer, a graph too large to draw, an index chunk
 * that cannot be loaded, and the hosts the pages contact (all in the one registry).
 * Run after `npm run build`:
 *   node --import tsx --test tests/e2e/hostile.test.ts
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import type {Page} from 'playwright-core';
import {hydrated, json, startSite, type Fixture, type Site} from './harness';
import {
  channelRss,
  detailsUrl,
  exact,
  feedstockOutputs,
  graphSvg,
  graphUrl,
  latestRelease,
  liveCounts,
  migrationFile,
  RECENT,
  SOURCES,
  statusList,
} from './fixtures/live';
import {commitList, statusFixtures, VERSION_STATUS} from './fixtures/status';
import {externalHosts, isListedHost} from '../../src/lib/data/sources';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

/** Names every object answers for; `constructor` is a real conda-forge package. */
const OBJECT_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'];

const NAME = 'python314';

function migrationFixtures(file: unknown, svg = graphSvg()): Fixture[] {
  return [
    exact(detailsUrl(NAME), json(file)),
    exact(graphUrl(NAME), (route) => route.fulfill({status: 200, contentType: 'image/svg+xml', body: svg})),
    exact(SOURCES.migrationsPaused, json(statusList([]))),
    exact(SOURCES.migrationsClosed, json(statusList([]))),
    exact(SOURCES.statusFilesCommit, json(commitList(Date.now(), 2))),
  ];
}

function packagesFixtures(): Fixture[] {
  return [
    exact(SOURCES.feedstockOutputs, json(feedstockOutputs(200))),
    exact(SOURCES.channelRss, (route) =>
      route.fulfill({status: 200, contentType: 'application/rss+xml', body: channelRss(RECENT)}),
    ),
  ];
}

// --- 1 and 2: names that are object keys, times out of the Date range ---------------------------

test('/status/: errored packages named constructor, toString, valueOf, hasOwnProperty, __proto__ open without a crash', async () => {
  const versionStatus = `{"queued": [], "errored": ${JSON.stringify(OBJECT_KEYS)}, "errors": {}}`;
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({
      handlers: {
        versionStatus: (route) => route.fulfill({status: 200, contentType: 'application/json', body: versionStatus}),
        migrationsRegular: json(statusList(['constructor', 'boost188'])),
      },
    }),
  });
  await page.goto(`${site.baseUrl}/status/`);
  await hydrated(page);
  const version = page.locator('#version');
  await version.getByText(`Errored version updates (${OBJECT_KEYS.length})`).click();
  for (const name of OBJECT_KEYS) {
    const entry = version.locator('details li details', {has: page.getByText(name, {exact: true})});
    await entry.locator('summary').click();
    await entry.getByText('No error text was recorded.').waitFor();
  }
  // A migration named `constructor` gets its own progress, like any other.
  await page.getByRole('progressbar', {name: 'Done or in PR for constructor'}).waitFor();
  assert.equal(await page.getByText('This page crashed').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('migration page: feedstocks named like object keys without status entries, and times of 1e16 and 1e308, load', async () => {
  const file = migrationFile(12);
  (file['awaiting-pr'] as string[]).push(...OBJECT_KEYS);
  file._feedstock_status['feedstock-0000'].updated_at = 1e16;
  file._feedstock_status['feedstock-0001'].updated_at = 1e308;
  const {page, context, errors} = await site.open({fixtures: migrationFixtures(file)});
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  await hydrated(page);
  // Done rows are hidden at first: show every status.
  await page.getByRole('button', {name: /^Done/}).click();
  for (const name of OBJECT_KEYS) await page.locator(`tr[data-feedstock="${name}"]`).waitFor();
  for (const name of ['feedstock-0000', 'feedstock-0001']) {
    const row = page.locator(`tr[data-feedstock="${name}"]`);
    assert.equal(await row.locator('td').nth(2).innerText(), 'unknown', name);
  }
  assert.equal(await page.getByRole('alert').count(), 0);
  assert.equal(await page.getByText('This page crashed').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 3: bodies that stall or trickle after their headers ----------------------------------------

/**
 * Answers the first request for `url` with its headers and the start of a body that then stalls
 * (or sends one more byte a second, for ever); later requests go to the fixtures. Done in the page,
 * since a route answers with a whole body at once.
 */
async function stallFirstBody(page: Page, url: string, trickle: boolean): Promise<void> {
  await page.addInitScript(
    ({url, trickle}) => {
      const original = window.fetch.bind(window);
      let stalled = false;
      window.fetch = (input, init) => {
        const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (href !== url || stalled) return original(input, init);
        stalled = true;
        (window as unknown as {cfStalled: boolean}).cfStalled = true;
        let timer: ReturnType<typeof setInterval> | undefined;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"sta'));
            if (trickle) timer = setInterval(() => controller.enqueue(new Uint8Array([32])), 1000);
          },
          cancel() {
            clearInterval(timer);
          },
        });
        return Promise.resolve(new Response(body, {status: 200, headers: {'content-type': 'application/json'}}));
      };
    },
    {url, trickle},
  );
}

const STALLED_PAGES = [
  {
    path: '/download/',
    url: SOURCES.miniforgeLatestRelease,
    fixtures: [exact(SOURCES.miniforgeLatestRelease, json(latestRelease('25.9.1-0')))],
    message: (page: Page) =>
      page.getByRole('status').filter({hasText: 'Version details and checksums could not be loaded.'}),
    loaded: (page: Page) => page.getByRole('link', {name: 'Miniforge 25.9.1-0'}).waitFor(),
  },
  {
    path: '/packages/',
    url: SOURCES.feedstockOutputs,
    fixtures: packagesFixtures(),
    message: (page: Page) => page.getByRole('alert').filter({hasText: 'The package list could not be loaded.'}),
    loaded: (page: Page) => page.getByText('200 packages loaded').waitFor(),
  },
  {
    path: '/status/',
    url: SOURCES.versionStatus,
    fixtures: statusFixtures(),
    // One summary for the page's outage; which source failed and why is in its details.
    message: (page: Page) => page.getByRole('alert').filter({hasText: /^1 of \d+ live sources could not be reached\./}),
    loaded: (page: Page) => page.locator('#version').getByText('Queued version updates (3)').waitFor(),
    // Every other card has its data first: the clock's jump would time out any request still on
    // its way (a loaded machine answers the fixtures slowly), and the summary would count two.
    othersLoaded: (page: Page) =>
      page.waitForFunction(() =>
        [...document.querySelectorAll('main section[id]:not(#version)')].every(
          (card) => !/Loading /.test(card.textContent ?? ''),
        ),
      ),
  },
];

for (const trickle of [false, true]) {
  const how = trickle ? 'trickles a byte a second' : 'stalls';
  test(`a body that ${how} after its headers ends in the timeout message with Retry: download, packages, status`, async () => {
    for (const stalled of STALLED_PAGES) {
      const {page, context, errors} = await site.open({fixtures: stalled.fixtures});
      await stallFirstBody(page, stalled.url, trickle);
      await page.clock.install();
      await page.goto(site.baseUrl + stalled.path);
      await hydrated(page);
      // Once the page has its stalled answer, its clock runs past the limit on pauses (10 s), or
      // past the whole request's timeout (15 s) while a byte arrives every second.
      await page.waitForFunction(() => (window as unknown as {cfStalled?: boolean}).cfStalled === true);
      await stalled.othersLoaded?.(page);
      await page.clock.runFor(trickle ? 16_000 : 11_000);
      const message = stalled.message(page);
      await message.waitFor();
      // The download page's release data is optional: it says so quietly, without the reason.
      if (stalled.path !== '/download/') {
        assert.match(
          (await message.textContent()) ?? '',
          trickle ? /The request timed out\./ : /The request timed out: the server stopped sending data\./,
          stalled.path,
        );
      }
      await page.clock.resume();
      await page.getByRole('button', {name: 'Retry'}).first().click();
      await stalled.loaded(page);
      assert.deepEqual(errors, [], stalled.path);
      await context.close();
    }
  });
}

// --- 6 and 7: the address ------------------------------------------------------------------------

test('a path like //evil.example/index.html (or /\\evil…, ///evil…) leaves the page working, on this origin', async () => {
  for (const path of ['//evil.example/index.html', '/\\evil.example/index.html', '///evil.example/index.html']) {
    const {page, context, errors} = await site.open();
    await page.goto(site.baseUrl + path);
    await hydrated(page);
    assert.equal(new URL(page.url()).origin, site.baseUrl, path);
    await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
    assert.deepEqual(errors, [], path);
    await context.close();
  }
});

test('bad escapes in the hash (#%, #%ZZ, #%E0%A4%A) and the path are kept as written, never thrown', async () => {
  for (const hash of ['%', '%ZZ', '%E0%A4%A']) {
    const {page, context, errors} = await site.open({fixtures: statusFixtures()});
    await page.goto(`${site.baseUrl}/status/#${hash}`);
    await hydrated(page);
    await page.waitForFunction(() => !/Loading /.test(document.querySelector('main')?.textContent ?? ''));
    // A hash changed on the loaded page goes through Docusaurus's scroll to the hash.
    await page.evaluate((next) => (window.location.hash = next), hash);
    await page.getByRole('link', {name: 'Incidents'}).first().click();
    await page.evaluate((next) => (window.location.hash = next), `x${hash}`);
    await page.goBack();
    assert.equal(await page.getByText('This page crashed').count(), 0, hash);
    assert.ok(await page.locator('#version').isVisible(), hash);
    assert.deepEqual(errors, [], hash);
    await context.close();
  }
  // The migration page's #feedstock, and a path the router must decode.
  const {page, context, errors} = await site.open({
    fixtures: migrationFixtures(migrationFile(12)),
    expectPageErrors: {
      because: 'the document of an unknown path answers 404',
      match: /^Failed to load resource: the server responded with a status of 404/,
    },
  });
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}#%E0%A4%A`);
  await page.locator('#panel-table tbody tr').first().waitFor();
  await page.route('**/status/%E0%A4%A/', async (route) => {
    const response = await route.fetch({url: `${site.baseUrl}/404.html`});
    await route.fulfill({response, status: 404});
  });
  await page.goto(`${site.baseUrl}/status/%E0%A4%A/`);
  await hydrated(page);
  await page.getByRole('heading', {name: 'Page Not Found'}).waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 8: the page counter's referrer --------------------------------------------------------------

test('a page opened from the search page counts its referrer without the query', async () => {
  const counted: Array<{p: string; r: string}> = [];
  let first!: () => void;
  const arrived = new Promise<void>((resolve) => (first = resolve));
  const {page, context} = await site.open({
    fixtures: [
      {
        match: 'https://conda-forge.goatcounter.com/count',
        handle: (route, url) => {
          counted.push({p: url.searchParams.get('p') ?? '', r: url.searchParams.get('r') ?? ''});
          first();
          return route.fulfill({status: 204});
        },
      },
    ],
  });
  await context.addInitScript(() => {
    (window as unknown as {goatcounterAllowLocal: boolean}).goatcounterAllowLocal = true;
  });
  await page.goto(`${site.baseUrl}/docs/user/faq/?q=more#frag`, {
    referer: 'https://conda-forge.org/search/?q=secret+terms#top',
  });
  await arrived;
  assert.deepEqual(counted, [{p: '/docs/user/faq/', r: 'https://conda-forge.org/search/'}]);
  await context.close();
});

// --- 4: a graph too large to draw ----------------------------------------------------------------

test('a migration graph of 30,000 elements is not drawn: the page says it is too large', async () => {
  const nodes = Array.from(
    {length: 10_000},
    (_, i) => `<g id="node${i}" class="node"><title>n${i}</title><ellipse cx="${i}" cy="9" rx="4" ry="4"/></g>`,
  ).join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="100pt"><g id="graph0">${nodes}</g></svg>`;
  const {page, context, errors} = await site.open({fixtures: migrationFixtures(migrationFile(12), svg)});
  await page.goto(`${site.baseUrl}/status/migration/?name=${NAME}`);
  await hydrated(page);
  await page.getByRole('tab', {name: 'Graph'}).click();
  const message = page.getByRole('status').filter({hasText: 'too large to draw here'});
  await message.waitFor();
  assert.match(await message.innerText(), /more than the 20,000 shapes and labels this page draws/);
  assert.equal(await message.getByRole('link', {name: 'graph file'}).getAttribute('href'), graphUrl(NAME));
  assert.equal(await page.getByTestId('graph-canvas').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 10: an index chunk that cannot be loaded ----------------------------------------------------

test('an index chunk that cannot be loaded is an error with Retry, not "No results", in the page and the modal', async () => {
  const {page, context, errors} = await site.open({
    expectPageErrors: {
      because: 'the test aborts the requests for the index chunks (Pagefind logs each failed load)',
      match: /^(Failed to load resource: net::ERR_FAILED|Failed to load the index chunk )/,
    },
  });
  // Pagefind fetches from its worker: intercept at the context level.
  const chunks = '**/pagefind/index/*.pf_index';
  await context.route(chunks, (route) => route.abort());
  await page.goto(`${site.baseUrl}/search/?q=rerender`);
  await hydrated(page);
  const failed = page.getByRole('alert').filter({hasText: 'Unable to fetch results'});
  await failed.waitFor();
  assert.equal(await page.getByText(/No results found/).count(), 0);
  await context.unroute(chunks);
  await failed.getByRole('button', {name: 'Retry'}).click();
  await page
    .locator('main')
    .getByRole('link', {name: /rerender/i})
    .first()
    .waitFor();

  // The modal, on another page, with the chunks failing again.
  await context.route(chunks, (route) => route.abort());
  await page.goto(`${site.baseUrl}/docs/`);
  await hydrated(page);
  await page.keyboard.press('Control+k');
  const dialog = page.locator('dialog[open]');
  await dialog.getByRole('combobox').fill('feedstock');
  const modalFailed = dialog.getByRole('alert').filter({hasText: 'Unable to fetch results'});
  await modalFailed.waitFor();
  assert.equal(await dialog.getByText(/No results found/).count(), 0);
  await context.unroute(chunks);
  await modalFailed.getByRole('button', {name: 'Retry'}).click();
  await dialog.getByRole('option').first().waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 9: every external host the pages contact is in the registry ---------------------------------

test('every host the pages contact is listed in the registry of src/lib/data/sources.ts', async () => {
  const listed = externalHosts();
  const pages: Array<{path: string; fixtures: Fixture[]; ready: (page: Page) => Promise<unknown>}> = [
    {
      path: '/',
      fixtures: [exact(SOURCES.liveCounts, json(liveCounts()))],
      ready: (page) => page.getByText('Monthly downloads').waitFor(),
    },
    {
      path: '/status/',
      fixtures: statusFixtures({handlers: {versionStatus: json(VERSION_STATUS)}}),
      // The workflow badges load once the page has hydrated; the harness aborts them.
      ready: (page) => page.getByText('No status available').nth(4).waitFor(),
    },
    {
      path: `/status/migration/?name=${NAME}`,
      fixtures: migrationFixtures(migrationFile(12)),
      ready: async (page) => {
        await page.getByRole('tab', {name: 'Graph'}).click();
        await page.getByTestId('graph-canvas').locator('svg ellipse').first().waitFor();
      },
    },
    {
      path: '/packages/',
      fixtures: packagesFixtures(),
      ready: (page) => page.getByText('200 packages loaded').waitFor(),
    },
    {
      path: '/download/',
      fixtures: [exact(SOURCES.miniforgeLatestRelease, json(latestRelease()))],
      ready: (page) => page.getByRole('link', {name: /^Miniforge \d/}).waitFor(),
    },
    {
      path: '/search/?q=rerender',
      fixtures: [],
      ready: (page) => page.locator('main a[href^="/docs/"]').first().waitFor(),
    },
    {path: '/docs/user/faq/', fixtures: [], ready: (page) => page.locator('h1').waitFor()},
  ];
  const unlisted = new Set<string>();
  const contacted = new Set<string>();
  // The pages are independent (a context each): three load side by side, so their waits for a
  // quiet network overlap; more would only slow each other down on a busy machine.
  const visit = async ({path, fixtures, ready}: (typeof pages)[number]) => {
    const counter: Fixture = {
      match: 'https://conda-forge.goatcounter.com/count',
      handle: (route) => route.fulfill({status: 204}),
    };
    const {page, context, external} = await site.open({fixtures: [...fixtures, counter]});
    await context.addInitScript(() => {
      (window as unknown as {goatcounterAllowLocal: boolean}).goatcounterAllowLocal = true;
    });
    await page.goto(site.baseUrl + path);
    await hydrated(page);
    await ready(page);
    await page.waitForLoadState('networkidle');
    for (const href of external) {
      const {hostname} = new URL(href);
      contacted.add(hostname);
      if (!isListedHost(hostname, listed)) unlisted.add(`${hostname} (from ${path}: ${href})`);
    }
    await context.close();
  };
  const queue = [...pages];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await visit(next);
  };
  await Promise.all([worker(), worker(), worker()]);
  assert.deepEqual([...unlisted], []);
  // The test saw the hosts it is about: the badges' and the page counter's among them.
  for (const host of ['github.com', 'dl.circleci.com', 'conda-forge.goatcounter.com', 'raw.githubusercontent.com']) {
    assert.ok(contacted.has(host), `${host} in ${[...contacted].join(', ')}`);
  }
});
