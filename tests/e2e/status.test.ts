/**
 * /status/: every external request is answered from fixtures (tests/e2e/fixtures/status.ts).
 * Run after `npm run build`:
 *   node --import tsx --test --test-reporter=spec tests/e2e/status.test.ts
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {mainViolations} from './axe';
import type {Locator, Page} from 'playwright-core';
import {
  hydrated,
  intlFormatters,
  layoutShifts,
  recordIntlFormatters,
  recordLayoutShifts,
  startSite,
  type Site,
} from './harness';
import {
  failOnce,
  goodHandlers,
  hugeStatusFixtures,
  issue,
  jsonBody,
  MIGRATIONS,
  migrationDetails,
  REPORT_POINTS,
  commitList,
  statusFixtures,
  statusList,
  usageReport,
  type FailureMode,
  type Handler,
} from './fixtures/status';
import {FAILURE_MODES} from './fixtures/failures';
import {DEFAULT_SOURCES, type SourceName} from '../../src/lib/data/sources';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const HOUR = 3_600_000;
const CARD_IDS = ['incidents', 'repos', 'cloud', 'migrations', 'azure', 'github', 'travis', 'version'];

/** Resolves when no card shows a loading message any more. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => !/Loading /.test(document.querySelector('main')?.textContent ?? ''));
}

async function groupNames(page: Page, group: string): Promise<string[]> {
  return page.locator(`#migrations tbody[data-group="${group}"] th[scope="row"]`).allInnerTexts();
}

function count(name: string, state: string): number {
  return (migrationDetails(name)[state] as string[]).length;
}

test('the shell renders at once, then every card fills with its data', async () => {
  const {page, context, errors} = await site.open({fixtures: statusFixtures()});
  await page.goto(site.baseUrl + '/status/');
  // Before hydration the server-rendered shell already has all cards in order and the TOC.
  assert.deepEqual(await page.locator('main section[id]').evaluateAll((s) => s.map((e) => e.id)), CARD_IDS);
  assert.deepEqual(
    await page
      .getByRole('navigation', {name: 'Status sections'})
      .getByRole('link')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('href'))),
    CARD_IDS.map((id) => `#${id}`),
  );
  await hydrated(page);
  await settled(page);

  // Incidents: the ongoing one and the two resolved within 90 days; the old one and the non-incident are left out.
  const incidents = page.locator('#incidents');
  assert.deepEqual(await incidents.locator('h3').allInnerTexts(), [
    'Uploads to anaconda.org fail (#41)',
    'Slow CI start (#40)',
    'Planned maintenance of the CDN (#37)',
  ]);
  assert.equal(await incidents.locator('h2').innerText(), 'Incidents\nmajor outage');
  assert.equal(await incidents.locator('li').first().getByText('ongoing', {exact: true}).count(), 1);
  assert.equal(await incidents.getByText('resolved', {exact: true}).count(), 2);
  assert.match(
    await incidents.locator('li time').first().innerText(),
    /^\d{4}\/\d{1,2}\/\d{1,2} \d{2}:\d{2}:\d{2} UTC$/,
  );

  // Repos and bots: CDN 5 minutes old is operational, the heartbeat, and five badge rows whose
  // (blocked) images gave way to a text.
  const repos = page.locator('#repos');
  assert.match(
    await repos.locator('tr', {hasText: 'CDN cloning'}).innerText(),
    /operational\s+\(last updated 5 min ago\)/,
  );
  assert.match(await repos.locator('tr', {hasText: 'conda-forge-webservices'}).innerText(), /operational/);
  assert.equal(await repos.locator('tr').count(), 7);
  assert.equal(await repos.getByText('No status available').count(), 5);

  // Cloud services: eight rows in one vocabulary; unknown text is shown as it is.
  const cloud = page.locator('#cloud');
  assert.equal(await cloud.locator('tr').count(), 8);
  assert.equal(await cloud.getByText('All Systems Operational', {exact: true}).count(), 7);
  assert.match(await cloud.locator('tr', {hasText: 'Quay.io'}).innerText(), /Partially Degraded Service/);

  // Migrations: four groups, closed collapsed, every open row with its progress.
  const migrations = page.locator('#migrations');
  assert.match(await migrations.locator('h2').innerText(), /10 migrations/);
  assert.deepEqual(await groupNames(page, 'regular'), [...MIGRATIONS.regular].sort());
  assert.deepEqual(await groupNames(page, 'closed'), []);
  assert.equal(
    await migrations.getByRole('button', {name: /Closed migrations/}).getAttribute('aria-expanded'),
    'false',
  );
  // The progress column says what it counts in plain words, in its heading as in each bar's name.
  assert.equal(await migrations.getByRole('columnheader', {name: 'Done or in PR', exact: true}).count(), 1);
  assert.equal(await migrations.getByText(/PRs made/).count(), 0);
  const bar = migrations.getByRole('progressbar', {name: 'Done or in PR for boost188'});
  const details = migrationDetails('boost188');
  const done = (details.done as string[]).length + (details['in-pr'] as string[]).length;
  const total =
    done +
    ['awaiting-pr', 'awaiting-parents', 'not-solvable', 'bot-error'].reduce(
      (n, s) => n + (details[s] as string[]).length,
      0,
    );
  assert.equal(
    await bar.getAttribute('aria-valuetext'),
    `${done} of ${total} (${Math.round((done / (total || 1)) * 100)}%)`,
  );
  assert.equal(
    await migrations.getByRole('link', {name: 'boost188'}).getAttribute('href'),
    '/status/migration/?name=boost188',
  );

  // Charts: total badge, one bar per point, and a table alternative with one row per point.
  for (const [id, source] of [
    ['azure', 'azurePipelinesReport'],
    ['github', 'githubActionsReport'],
    ['travis', 'travisReport'],
  ] as const) {
    const card = page.locator(`#${id}`);
    const points = REPORT_POINTS[source];
    assert.equal(await card.locator('svg rect').count(), points, id);
    await card.getByText('Show data as a table').click();
    assert.equal(await card.locator('table tbody tr').count(), points, id);
    assert.match(await card.locator('h2').innerText(), /\d+ total/);
    const label = await card.getByRole('img').getAttribute('aria-label');
    assert.match(label ?? '', new RegExp(`bar chart of ${points} values`));
  }
  const azureTotal = usageReport(Date.now(), REPORT_POINTS.azurePipelinesReport, 5).total;
  assert.match(await page.locator('#azure h2').innerText(), new RegExp(`${azureTotal} total`));

  // Version updates: counts as badges, queued packages link to their recipes, errors expand.
  const version = page.locator('#version');
  assert.match(await version.locator('h2').innerText(), /3 queued\s*2 errored/);
  await version.getByText('Queued version updates (3)').click();
  assert.equal(
    await version.getByRole('link', {name: 'numpy'}).getAttribute('href'),
    'https://github.com/conda-forge/numpy-feedstock/blob/main/recipe/meta.yaml',
  );
  await version.getByText('Errored version updates (2)').click();
  await version.getByText('pandas', {exact: true}).click();
  assert.equal((await version.locator('pre code').innerText()).trim(), 'KeyError: version');
  await version.getByText('matplotlib', {exact: true}).click();
  await version.getByText('No error text was recorded.').waitFor();

  // Freshness: live sources say when they were asked; the bot's files (newest commit 2 hours ago)
  // and the CI reports (newest counted hour) say when they were written. Nothing is stale.
  for (const id of ['incidents', 'repos', 'cloud']) {
    assert.equal(
      await page
        .locator(`#${id}`)
        .getByText(/^Checked just now$/)
        .count(),
      1,
      id,
    );
  }
  for (const id of ['migrations', 'version']) {
    const line = page.locator(`#${id}`).getByText(/^Updated 2 hours ago$/);
    assert.equal(await line.count(), 1, id);
    assert.match((await line.locator('time').getAttribute('title')) ?? '', /^\w+ \d{1,2}, \d{4} at .+ UTC$/);
  }
  for (const id of ['azure', 'github', 'travis']) {
    assert.equal(
      await page
        .locator(`#${id}`)
        .getByText(/^Updated 1 hour ago$/)
        .count(),
      1,
      id,
    );
  }
  assert.equal(await page.getByText('Possibly stale').count(), 0);

  assert.deepEqual(errors, []);
  await context.close();
});

test('stale and missing data: old files and reports are marked, an unreadable time is said quietly, notes of the lists are shown', async () => {
  const now = Date.now();
  const stale = usageReport(now - 5 * 24 * HOUR, REPORT_POINTS.travisReport, 7);
  let commitAnswers = 0;
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({
      now,
      handlers: {
        // The bot stopped writing its files three days ago.
        statusFilesCommit: jsonBody(commitList(now, 72)),
        // A report whose newest hour is five days old.
        travisReport: jsonBody(stale),
        // A report without counts: its file date (Last-Modified) tells how fresh it is.
        githubActionsReport: (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            headers: {'Last-Modified': new Date(now - 3 * HOUR).toUTCString()},
            body: JSON.stringify({total: 0, rates: {}}),
          }),
        migrationsPaused: jsonBody({icu76: 'Paused until the ICU 76 headers are fixed upstream'}),
        migrationsClosed: jsonBody({
          numpy2: `numpy2 closed at ${new Date(now - 4 * 24 * HOUR).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
        }),
      },
    }),
  });
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await settled(page);
  for (const id of ['migrations', 'version']) {
    const text = await page.locator(`#${id}`).locator('p', {hasText: 'Possibly stale'}).innerText();
    assert.match(
      text,
      /^Possibly stale\s*Updated 3 days ago\. The migration bot has not written new status files since/,
      id,
    );
  }
  assert.match(
    await page.locator('#travis').locator('p', {hasText: 'Possibly stale'}).innerText(),
    /Updated 5 days ago\. The report has counted no jobs since/,
  );
  assert.equal(
    await page
      .locator('#github')
      .getByText(/^Updated 3 hours ago$/)
      .count(),
    1,
  );
  assert.equal(await page.locator('#azure').getByText('Possibly stale').count(), 0);

  // The notes of the bot's lists: why a migration is paused, when one was closed.
  const migrations = page.locator('#migrations');
  assert.match(
    await migrations.locator('tbody[data-group="paused"] th', {hasText: 'icu76'}).innerText(),
    /^icu76\s+Paused until the ICU 76 headers are fixed upstream$/,
  );
  await migrations.getByRole('button', {name: /Closed migrations/}).click();
  assert.match(
    await migrations.locator('tbody[data-group="closed"] th', {hasText: 'numpy2'}).innerText(),
    /^numpy2\s+closed 4 days ago$/,
  );
  assert.deepEqual(errors, []);
  await context.close();

  // A commit list without the commit's time: the cards keep their data and say quietly what is
  // unknown; Retry asks again (once for both cards: they share the request).
  const second = await site.open({
    fixtures: statusFixtures({
      now,
      handlers: {
        statusFilesCommit: (route) => {
          commitAnswers += 1;
          const body = commitAnswers === 1 ? [{sha: 'x', commit: {message: 'no time'}}] : commitList(now, 5);
          return jsonBody(body)(route, new URL(route.request().url()));
        },
      },
    }),
  });
  await second.page.goto(site.baseUrl + '/status/');
  await hydrated(second.page);
  await settled(second.page);
  for (const id of ['migrations', 'version']) {
    const card = second.page.locator(`#${id}`);
    await card.getByText('When the bot last updated this data is unknown right now.').waitFor();
    assert.equal(await card.getByRole('alert').count(), 0, `${id}: no red alert for the time alone`);
  }
  assert.equal(commitAnswers, 1, 'one request for both cards');
  assert.deepEqual(await groupNames(second.page, 'regular'), [...MIGRATIONS.regular].sort());
  await second.page.locator('#migrations').getByRole('button', {name: 'Retry'}).click();
  await second.page
    .locator('#migrations')
    .getByText(/^Updated 5 hours ago$/)
    .waitFor();
  assert.equal(commitAnswers, 2);
  assert.deepEqual(second.errors, []);
  await second.context.close();
});

test('incident Markdown is rendered and sanitised: no style, form or image from another host', async () => {
  const {page, context, errors, external} = await site.open({fixtures: statusFixtures()});
  await page.goto(site.baseUrl + '/status/');
  const incident = page.locator('#incidents li').filter({hasText: '#41'});
  await incident.getByText('looking into').waitFor();
  assert.equal(await incident.locator('h3 strong').innerText(), 'anaconda.org');
  assert.equal(await incident.locator('ul li').count(), 2);
  const link = incident.getByRole('link', {name: 'tracking issue'});
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
  assert.equal(await incident.locator('script').count(), 0);
  assert.equal(await incident.locator('[onerror]').count(), 0);
  assert.equal(await incident.locator('a[href^="javascript"]').count(), 0);
  // The javascript: link keeps its text and stops being a link (no <a> without an address).
  assert.equal(await incident.locator('a:not([href])').count(), 0);
  const body = incident.locator(':scope > div');
  assert.equal(await body.locator('style, form, input, button').count(), 0);
  assert.equal(await body.evaluate((el) => el.querySelectorAll('[style], [class]').length), 0);
  assert.equal(await body.locator('img').getAttribute('src'), null, 'an image from another host is not fetched');
  assert.ok(await page.locator('nav.navbar').isVisible());
  assert.ok(await page.getByRole('heading', {level: 1}).isVisible());
  await incident.getByText('click me').click();
  // A handler would have run during the click; one more frame for anything it scheduled.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  assert.equal(await page.evaluate(() => (window as unknown as {__pwned?: string}).__pwned), undefined);
  // Anything the page fetched from another host is recorded before this last request is answered.
  await page.evaluate(() => fetch('https://sentinel.invalid/').catch(() => null));
  assert.deepEqual(
    external.filter((url) => /example\.invalid/.test(url)),
    [],
  );
  assert.deepEqual(errors, []);
  await context.close();
});

test('a deep link to #migrations lands on the card once the data has arrived', async () => {
  const now = Date.now();
  const many = Array.from({length: 12}, (_, i) =>
    issue(now, {
      number: 100 + i,
      title: `Incident ${i}`,
      labels: ['investigating'],
      createdDaysAgo: i / 24,
      body: 'A paragraph that takes some room.\n\n'.repeat(4),
    }),
  );
  const slow =
    (handle: Handler, ms: number): Handler =>
    async (route, url) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await handle(route, url);
    };
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({
      now,
      handlers: {
        statusIssues: slow(jsonBody(many), 800),
        cdnLastUpdated: slow(goodHandlers(now).cdnLastUpdated, 400),
        versionStatus: slow(jsonBody({queued: [], errored: [], errors: {}}), 1000),
      },
    }),
  });
  await page.goto(site.baseUrl + '/status/#migrations');
  await page.locator('#incidents h3').nth(11).waitFor();
  await settled(page);
  await page.waitForFunction(() => {
    const top = document.getElementById('migrations')!.getBoundingClientRect().top;
    return top >= 0 && top < 140;
  });
  const {top, scrollY} = await page.evaluate(() => ({
    top: document.getElementById('migrations')!.getBoundingClientRect().top,
    scrollY: window.scrollY,
  }));
  assert.ok(scrollY > 1000, `the page scrolled past the incidents (scrollY ${scrollY})`);
  assert.ok(top >= 0 && top < 140, `the card is at the top (top ${top})`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('sorting changes the order, sets aria-sort and survives a reload', async () => {
  const {page, context, errors} = await site.open({fixtures: statusFixtures()});
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await settled(page);
  const header = (label: string) =>
    page.locator('#migrations thead th', {has: page.getByRole('button', {name: label, exact: true})});
  const names = [...MIGRATIONS.regular];
  const byDone = (order: 1 | -1) =>
    [...names].sort((a, b) => order * (count(a, 'done') - count(b, 'done')) || a.localeCompare(b));

  assert.equal(await header('Name').getAttribute('aria-sort'), 'ascending');
  await page.getByRole('button', {name: 'Done', exact: true}).click();
  assert.equal(await header('Done').getAttribute('aria-sort'), 'ascending');
  assert.equal(await header('Name').getAttribute('aria-sort'), null);
  assert.deepEqual(await groupNames(page, 'regular'), byDone(1));
  await page.getByRole('button', {name: 'Done', exact: true}).click();
  assert.equal(await header('Done').getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await groupNames(page, 'regular'), byDone(-1));
  assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('migration-sort'))) ?? 'null'), {
    by: 'done',
    order: 'descending',
  });

  await page.reload();
  await hydrated(page);
  await settled(page);
  assert.equal(await header('Done').getAttribute('aria-sort'), 'descending');
  assert.deepEqual(await groupNames(page, 'regular'), byDone(-1));

  // Keyboard: the header buttons are reachable and work with Enter.
  await page.getByRole('button', {name: 'Name', exact: true}).focus();
  await page.keyboard.press('Enter');
  assert.deepEqual(await groupNames(page, 'regular'), [...names].sort());
  await page.keyboard.press('Enter');
  assert.deepEqual(await groupNames(page, 'regular'), [...names].sort().reverse());
  assert.deepEqual(errors, []);
  await context.close();
});

test('groups collapse and expand, closed starts collapsed, and the state survives a reload', async () => {
  const requested: string[] = [];
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({onRequest: (url) => requested.push(url.href)}),
  });
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await settled(page);
  const closedButton = page.getByRole('button', {name: /^Closed migrations/});
  const regularButton = page.getByRole('button', {name: /^Regular migrations/});
  assert.equal(await closedButton.getAttribute('aria-expanded'), 'false');
  assert.match(await closedButton.innerText(), /^Closed migrations\s+3$/);
  // Collapsed groups do not fetch their details.
  assert.equal(requested.filter((u) => u.includes('/migration_json/numpy2.json')).length, 0);

  await closedButton.click();
  assert.equal(await closedButton.getAttribute('aria-expanded'), 'true');
  await settled(page);
  assert.deepEqual(await groupNames(page, 'closed'), [...MIGRATIONS.closed].sort());
  assert.equal(requested.filter((u) => u.includes('/migration_json/numpy2.json')).length, 1);

  await regularButton.press('Enter');
  assert.equal(await regularButton.getAttribute('aria-expanded'), 'false');
  assert.deepEqual(await groupNames(page, 'regular'), []);
  assert.deepEqual(JSON.parse((await page.evaluate(() => localStorage.getItem('migration-collapsed'))) ?? 'null'), {
    longterm: false,
    regular: true,
    paused: false,
    closed: false,
  });

  await page.reload();
  await hydrated(page);
  await settled(page);
  assert.equal(await page.getByRole('button', {name: /^Closed migrations/}).getAttribute('aria-expanded'), 'true');
  assert.equal(await page.getByRole('button', {name: /^Regular migrations/}).getAttribute('aria-expanded'), 'false');
  assert.deepEqual(await groupNames(page, 'closed'), [...MIGRATIONS.closed].sort());
  assert.deepEqual(await groupNames(page, 'regular'), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('many migrations: details files are fetched at most six at a time, all of them', async () => {
  const names = Array.from({length: 40}, (_, i) => `migration${String(i).padStart(2, '0')}`);
  let inFlight = 0;
  let peak = 0;
  let answered = 0;
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({
      handlers: {migrationsRegular: jsonBody(statusList(names))},
      details: async (route, name) => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 60));
        inFlight -= 1;
        answered += 1;
        await jsonBody(migrationDetails(name))(route, new URL(route.request().url()));
      },
    }),
  });
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await page
    .locator('#migrations')
    .getByRole('progressbar', {name: 'Done or in PR for migration39'})
    .waitFor({timeout: 20000});
  await settled(page);
  // 40 regular + 2 long-running + 1 paused; closed stays collapsed.
  assert.equal(answered, 43);
  assert.ok(peak <= 6, `peak ${peak}`);
  assert.ok(peak >= 2, `requests overlap (peak ${peak})`);
  assert.deepEqual(errors, []);
  await context.close();
});

// --- Failure modes --------------------------------------------------------------------------------

interface SourceCase {
  label: string;
  /** A source of the registry, or a migration's details file. */
  source: SourceName | {details: string};
  scope: (page: Page) => Locator;
  /** Visible in the scope once loaded. */
  ready: string | RegExp;
  /** The card that shows it, whose Retry asks it again. */
  card: string;
  /** How the outage summary names it. */
  reported: string;
  /** Whether a row of its card shows the compact "unavailable" mark (otherwise the card is empty). */
  row?: boolean;
}

const CASES: SourceCase[] = [
  {
    label: 'incidents',
    source: 'statusIssues',
    scope: (p) => p.locator('#incidents'),
    ready: 'Slow CI start (#40)',
    card: 'incidents',
    reported: 'Incidents',
  },
  {
    label: 'CDN time',
    source: 'cdnLastUpdated',
    scope: (p) => p.locator('#repos tr', {hasText: 'CDN cloning'}),
    ready: 'last updated 5 min ago',
    card: 'repos',
    reported: 'Repos and bots: CDN update time',
    row: true,
  },
  {
    label: 'heartbeat',
    source: 'webservicesAlive',
    scope: (p) => p.locator('#repos tr', {hasText: 'conda-forge-webservices'}),
    ready: /^operational$/,
    card: 'repos',
    reported: 'Repos and bots: web services heartbeat',
    row: true,
  },
  {
    label: 'Statuspage service',
    source: 'cloudGithub',
    scope: (p) => p.locator('#cloud tr', {hasText: 'GitHub'}),
    ready: 'All Systems Operational',
    card: 'cloud',
    reported: 'Cloud services: GitHub',
    row: true,
  },
  {
    label: 'monitor service',
    source: 'cloudAzure',
    scope: (p) => p.locator('#cloud tr', {hasText: 'Azure DevOps'}),
    ready: 'All Systems Operational',
    card: 'cloud',
    reported: 'Cloud services: Azure DevOps',
    row: true,
  },
  {
    label: 'regular migrations',
    source: 'migrationsRegular',
    scope: (p) => p.locator('#migrations tbody[data-group="regular"]'),
    ready: 'openssl35',
    card: 'migrations',
    reported: 'Current migrations: list of regular migrations',
    row: true,
  },
  {
    label: 'one details file',
    source: {details: 'python313'},
    scope: (p) => p.locator('#migrations tr', {has: p.getByRole('link', {name: 'python313', exact: true})}),
    ready: /^\d+\/\d+$/,
    card: 'migrations',
    reported: 'Current migrations: progress of python313',
    row: true,
  },
  {
    label: 'Azure chart',
    source: 'azurePipelinesReport',
    scope: (p) => p.locator('#azure'),
    ready: 'Show data as a table',
    card: 'azure',
    reported: 'Azure Pipelines usage',
  },
  {
    label: 'GitHub chart',
    source: 'githubActionsReport',
    scope: (p) => p.locator('#github'),
    ready: 'Show data as a table',
    card: 'github',
    reported: 'GitHub Actions usage',
  },
  {
    label: 'Travis chart',
    source: 'travisReport',
    scope: (p) => p.locator('#travis'),
    ready: 'Show data as a table',
    card: 'travis',
    reported: 'Travis CI usage',
  },
  {
    label: 'version updates',
    source: 'versionStatus',
    scope: (p) => p.locator('#version'),
    ready: 'Queued version updates (3)',
    card: 'version',
    reported: 'Version updates',
  },
];

const MESSAGES: Record<FailureMode, RegExp> = {
  http500: /The server answered with HTTP 500\./,
  aborted: /The request failed\. Check your network connection\./,
  timeout: /The request timed out\./,
  malformed: /The data could not be read \(malformed JSON\)\.|the CDN time is not a date/,
  wrongShape: /Unexpected data: /,
};

const MODES = FAILURE_MODES;

function urlOf(source: SourceCase['source']): string {
  return typeof source === 'string'
    ? DEFAULT_SOURCES[source]
    : DEFAULT_SOURCES.migrationDetails.replace('{name}', source.details);
}

for (const mode of MODES) {
  for (const half of [0, 1]) {
    const failingCases = CASES.filter((_, i) => i % 2 === half);
    const healthyCases = CASES.filter((_, i) => i % 2 !== half);
    test(`${mode}: ${failingCases.map((c) => c.label).join(', ')} fail alone, and Retry loads them`, async () => {
      const good = goodHandlers();
      const handlers: Partial<Record<SourceName, Handler>> = {};
      let failingDetails: Handler | null = null;
      for (const c of failingCases) {
        if (typeof c.source === 'string') handlers[c.source] = failOnce(mode, good[c.source]);
        else failingDetails = failOnce(mode, jsonBody(migrationDetails(c.source.details)));
      }
      const failingUrls = new Set(failingCases.map((c) => urlOf(c.source)));
      const seen = new Set<string>();
      let allSeen = (): void => undefined;
      const requested = new Promise<void>((resolve) => (allSeen = resolve));
      const {page, context, errors} = await site.open({
        fixtures: statusFixtures({
          handlers,
          details: (route, name) =>
            name === 'python313' && failingDetails
              ? failingDetails(route, new URL(route.request().url()))
              : jsonBody(migrationDetails(name))(route, new URL(route.request().url())),
          onRequest: (url) => {
            if (failingUrls.has(url.href)) seen.add(url.href);
            if (seen.size === failingUrls.size) allSeen();
          },
        }),
      });
      // Requests other than the failing ones, not yet answered: in timeout mode the clock may jump
      // only when there are none, or one of them would time out too (the healthy cards' text is
      // not enough: some sources feed no card of their own).
      const inFlight = new Set<import('playwright-core').Request>();
      if (mode === 'timeout') {
        page.on('request', (request) => {
          if (!failingUrls.has(request.url())) inFlight.add(request);
        });
        page.on('requestfinished', (request) => inFlight.delete(request));
        page.on('requestfailed', (request) => inFlight.delete(request));
        await context.clock.install();
      }
      await page.goto(site.baseUrl + '/status/');
      await hydrated(page);
      if (mode === 'timeout') {
        // Every failing request is pending and never answered; move the page's clock past the
        // fetch timeout (15 s in src/lib/data/fetchData.ts).
        await requested;
        assert.equal(seen.size, failingUrls.size, 'all failing requests were made');
        // The healthy sources must have answered first: a jump past the fetch timeout while one
        // of their requests is still in flight would time that one out too.
        for (const c of healthyCases) await c.scope(page).getByText(c.ready).first().waitFor();
        while (inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
        await page.clock.fastForward(16_000);
        // Let time run again: the Retry round must not depend on a frozen clock.
        await page.clock.resume();
      }

      // One message at the top says how many sources failed; on request, which and why.
      const outage = page.getByRole('alert').filter({hasText: 'live sources could not be reached'});
      await outage.waitFor();
      assert.match(
        await outage.innerText(),
        new RegExp(`^${failingCases.length} of \\d+ live sources could not be reached\\.`),
      );
      assert.equal(await page.getByRole('alert').count(), 1, 'one alert on the page');
      await outage.getByText('Which sources, and why').click();
      for (const c of failingCases) {
        const item = outage.locator('li').filter({hasText: `${c.reported}:`});
        assert.match(await item.innerText(), MESSAGES[mode], c.label);
        // The card says it quietly, with its own Retry; a row shows a muted mark.
        await page
          .locator(`#${c.card}`)
          .getByText(/could not be reached\./i)
          .waitFor();
        if (c.row) await c.scope(page).getByText('unavailable').waitFor();
        assert.doesNotMatch(await c.scope(page).innerText(), /could not be loaded/, c.label);
      }
      for (const c of healthyCases) {
        await c.scope(page).getByText(c.ready).first().waitFor();
        assert.doesNotMatch(await c.scope(page).innerText(), /unavailable|could not be/, c.label);
      }
      // Each card's Retry asks its own failed sources again.
      for (const card of new Set(failingCases.map((c) => c.card))) {
        await page
          .locator(`#${card}`)
          .getByRole('button', {name: /^Retry/})
          .click();
      }
      for (const c of failingCases) {
        const scope = c.scope(page);
        await scope.getByText(c.ready).first().waitFor();
        assert.doesNotMatch(await scope.innerText(), /unavailable/, c.label);
      }
      await page.getByRole('status').filter({hasText: 'Every live source answered.'}).waitFor();
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the update time of the bot files fails in every way: a quiet line with Retry, the cards keep their data', async () => {
  for (const mode of MODES) {
    const good = goodHandlers();
    let asked!: () => void;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const failOnceThenGood = failOnce(mode, good.statusFilesCommit);
    const {page, context, errors} = await site.open({
      fixtures: statusFixtures({
        handlers: {
          statusFilesCommit: (route, url) => {
            asked();
            return failOnceThenGood(route, url);
          },
        },
      }),
    });
    if (mode === 'timeout') await context.clock.install();
    await page.goto(site.baseUrl + '/status/');
    await hydrated(page);
    const migrations = page.locator('#migrations');
    if (mode === 'timeout') {
      await requested;
      // The other sources answer before the clock passes the fetch timeout.
      await migrations.getByRole('progressbar', {name: 'Done or in PR for boost188'}).waitFor();
      await page.locator('#version').getByText('Queued version updates (3)').waitFor();
      await page.clock.fastForward(16_000);
      await page.clock.resume();
    }
    await migrations.getByText('When the bot last updated this data is unknown right now.').waitFor();
    assert.equal(await migrations.getByRole('alert').count(), 0, mode);
    await migrations.getByRole('progressbar', {name: 'Done or in PR for boost188'}).waitFor();
    await migrations.getByRole('button', {name: 'Retry'}).click();
    await migrations.getByText(/^Updated 2 hours ago$/).waitFor();
    assert.deepEqual(errors, [], mode);
    await context.close();
  }
});

test('every source down, at 1440×900 and 390×844, light and dark: one message with Retry all, muted marks in rows and cards, one Retry per card', async () => {
  for (const viewport of [
    {width: 1440, height: 900},
    {width: 390, height: 844},
  ]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const at = `${viewport.width} px, ${colorScheme}`;
      const good = goodHandlers();
      const handlers = Object.fromEntries(
        Object.entries(good).map(([source, handle]) => [source, failOnce('http500', handle)]),
      ) as Record<SourceName, Handler>;
      const {page, context, errors} = await site.open({fixtures: statusFixtures({handlers}), viewport, colorScheme});
      await context.addInitScript((scheme) => localStorage.setItem('theme', scheme), colorScheme);
      await page.goto(site.baseUrl + '/status/');
      await hydrated(page);
      await settled(page);
      const outage = page.getByRole('alert');
      await outage.waitFor();
      assert.equal(await outage.count(), 1, `${at}: one alert`);
      assert.match(await outage.innerText(), /^20 of 20 live sources could not be reached\. /, at);
      assert.equal(await page.getByText(/could not be loaded/).count(), 0, `${at}: no message per source`);
      // Every card keeps its own Retry, and there is one Retry all: nine buttons, not twenty.
      for (const id of CARD_IDS) {
        const card = page.locator(`#${id}`);
        assert.equal(await card.getByRole('button', {name: /^Retry/}).count(), 1, `${at}: ${id}`);
        assert.ok(await card.getByText('Could not be reached.').isVisible(), `${at}: ${id}`);
      }
      assert.equal(await page.getByRole('button', {name: /^Retry/}).count(), CARD_IDS.length + 1, at);
      // Rows: 2 repos, 8 cloud services and the 3 open migration groups show a muted mark.
      assert.equal(await page.locator('main').getByText('unavailable', {exact: true}).count(), 2 + 8 + 3, at);
      const {scrollWidth, clientWidth} = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      assert.ok(scrollWidth <= clientWidth, `${at}: the page scrolls sideways`);
      await outage.getByText('Which sources, and why').click();
      assert.equal(await outage.locator('li').count(), 20, at);

      const violations = await mainViolations(page);
      assert.deepEqual(violations, [], at);

      // Retry all: every source is asked again, and the message says so when all have answered.
      await page.getByRole('button', {name: 'Retry all'}).click();
      await page.getByRole('status').filter({hasText: 'Every live source answered.'}).waitFor();
      await settled(page);
      await page.locator('#incidents').getByText('Slow CI start (#40)').waitFor();
      assert.equal(await page.getByRole('button', {name: /^Retry/}).count(), 0, `${at}: no Retry left`);
      assert.equal(await page.locator('main').getByText('unavailable', {exact: true}).count(), 0, at);
      assert.deepEqual(errors, []);
      await context.close();
    }
  }
});

test('390×844, light and dark: the full text of an incident is on the page, not in a box that scrolls inside it', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const {page, context, errors} = await site.open({
      fixtures: statusFixtures(),
      viewport: {width: 390, height: 844},
      colorScheme,
    });
    await context.addInitScript((scheme) => localStorage.setItem('theme', scheme), colorScheme);
    await page.goto(site.baseUrl + '/status/');
    await hydrated(page);
    const incident = page.locator('#incidents li').filter({hasText: '#41'});
    await incident.getByText('second step').waitFor();
    const region = page.getByRole('region', {name: 'Incident reports'});
    const box = await region.evaluate((el) => ({
      scrolls: el.scrollHeight > el.clientHeight,
      overflow: getComputedStyle(el).overflowY,
      bottom: el.getBoundingClientRect().bottom,
    }));
    assert.equal(box.scrolls, false, colorScheme);
    assert.equal(box.overflow, 'visible', colorScheme);
    // The last line of every report lies inside the region: nothing is cut off.
    const lastLines = await page
      .locator('#incidents li')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().bottom));
    for (const bottom of lastLines) assert.ok(bottom <= box.bottom + 0.5, `${colorScheme}: a report ends at ${bottom}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('empty answers show clear empty states', async () => {
  const now = Date.now();
  const {page, context, errors} = await site.open({
    fixtures: statusFixtures({
      now,
      handlers: {
        statusIssues: jsonBody([]),
        migrationsRegular: jsonBody({}),
        azurePipelinesReport: jsonBody({total: 0, rates: {}, repos: {}}),
        versionStatus: jsonBody({queued: [], errored: [], errors: {}}),
      },
    }),
  });
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await settled(page);
  await page
    .locator('#incidents')
    .getByText(/^No incidents:/)
    .waitFor();
  assert.match(await page.locator('#incidents h2').innerText(), /no ongoing incidents/);
  await page.locator('#migrations tbody[data-group="regular"]').getByText('No migrations in this group.').waitFor();
  await page.locator('#azure').getByText('No usage was reported for this period.').waitFor();
  await page.locator('#version').getByText('Queued version updates (0)').click();
  await page.locator('#version').getByText('No version updates are queued.').waitFor();
  assert.deepEqual(errors, []);
  await context.close();
});

test('mobile: no horizontal overflow; the wide table scrolls inside its card; chart time labels do not crowd', async () => {
  const {page, context, errors} = await site.open({fixtures: statusFixtures(), viewport: {width: 375, height: 800}});
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  await settled(page);
  const {scrollWidth, clientWidth} = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  assert.ok(scrollWidth <= clientWidth, `page ${scrollWidth} > ${clientWidth}`);
  const svgWidth = await page.locator('#azure svg').evaluate((svg) => svg.getBoundingClientRect().width);
  assert.ok(svgWidth <= clientWidth && svgWidth >= 240, `chart width ${svgWidth}`);
  // The time labels under each chart stay apart (4 px at least) and inside the chart.
  for (const id of ['azure', 'github', 'travis']) {
    const labels = await page.locator(`#${id} svg`).evaluate((svg) => {
      const width = svg.getBoundingClientRect().width;
      const boxes = [...svg.querySelectorAll('text')]
        .map((text) => (text as SVGTextElement).getBBox())
        .filter((box) => box.y > 180)
        .sort((a, b) => a.x - b.x);
      return {width, boxes: boxes.map((box) => ({x: box.x, right: box.x + box.width}))};
    });
    assert.ok(labels.boxes.length >= 2, `${id}: ${labels.boxes.length} time labels`);
    labels.boxes.forEach((box, i) => {
      assert.ok(box.x >= 0 && box.right <= labels.width, `${id}: label ${i} inside the chart`);
      if (i > 0) assert.ok(box.x >= labels.boxes[i - 1].right + 4, `${id}: labels ${i - 1} and ${i} crowd`);
    });
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('the charts write their times in English in the reader’s time zone, without an Intl date formatter', async () => {
  // The first Intl date formatter of a page costs one long task on a phone (src/lib/format/english.ts).
  const {page, context, errors} = await site.open({fixtures: statusFixtures()});
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', {timezoneId: 'Asia/Kolkata'});
  await recordIntlFormatters(page);
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  const card = page.locator('#azure');
  await card.getByText('Show data as a table').click();
  const first = card.locator('table tbody tr time').first();
  const iso = await first.getAttribute('datetime');
  // Kolkata is 5 h 30 min ahead of UTC: a time written in UTC, or with the minutes dropped, differs.
  const expected = new Intl.DateTimeFormat('en-US', {dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata'})
    .format(new Date(iso ?? ''))
    .replace(/\u202f/g, ' ');
  assert.equal(await first.innerText(), expected);
  assert.match(expected, /:30 [AP]M$/);
  assert.deepEqual(await intlFormatters(page), []);
  assert.deepEqual(errors, []);
  await context.close();
});

test('axe finds no WCAG 2.2 AA violations with the data shown, in light and dark mode', async () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    const {page, context, errors} = await site.open({fixtures: statusFixtures(), colorScheme});
    await context.addInitScript((scheme) => localStorage.setItem('theme', scheme), colorScheme);
    await page.goto(site.baseUrl + '/status/');
    await hydrated(page);
    await settled(page);
    const version = page.locator('#version');
    await version.getByText('Queued version updates').click();
    await version.getByText('Errored version updates').click();
    await version.getByText('pandas', {exact: true}).click();
    await page.locator('#azure').getByText('Show data as a table').click();
    await page.getByRole('button', {name: /^Closed migrations/}).click();
    await settled(page);
    const violations = await mainViolations(page);
    assert.deepEqual(violations, [], colorScheme);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

test('the status code is not loaded on other pages', async () => {
  const {page, context} = await site.open();
  /** The scripts the page ran: resources loaded by script elements (prefetch links do not run). */
  const executed = async () => {
    const sources = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script')
        .map((e) => e.name),
    );
    return Promise.all(sources.map(async (src) => (await page.request.get(src)).text()));
  };
  const markers = ['migration-collapsed', 'Show data as a table', 'No incidents: nothing is ongoing'];
  for (const path of ['/', '/docs/', '/packages/']) {
    await page.goto(site.baseUrl + path, {waitUntil: 'networkidle'});
    await hydrated(page);
    const scripts = await executed();
    assert.ok(scripts.length > 0);
    for (const marker of markers)
      assert.equal(scripts.filter((s) => s.includes(marker)).length, 0, `${path}: ${marker}`);
  }
  // The status page does run it (the markers are real).
  await page.goto(site.baseUrl + '/status/', {waitUntil: 'networkidle'});
  const scripts = await executed();
  for (const marker of markers)
    assert.ok(
      scripts.some((s) => s.includes(marker)),
      marker,
    );
  await context.close();
});

test('sources that answer 100,000 items (incidents 10,000): every list is bounded and says what it left out', async () => {
  const detailRequests: string[] = [];
  const {page, context, errors} = await site.open({
    fixtures: hugeStatusFixtures({onDetails: (name) => detailRequests.push(name)}),
  });
  await page.goto(site.baseUrl + '/status/');
  await hydrated(page);
  // Incidents: one page of the issue list at most.
  await page.locator('#incidents li').first().waitFor();
  assert.equal(await page.locator('#incidents li').count(), 100);
  // CI usage: the latest 500 bars, and a note.
  const azure = page.locator('#azure');
  await azure.getByText('Showing the latest 500 of 100,000 reported times.').waitFor();
  assert.equal(await azure.locator('svg rect').count(), 500);
  // Version updates: the badge counts all, the list holds the first 1,000.
  const version = page.locator('#version');
  await version.getByText('100000 queued').waitFor();
  await version.getByText('Queued version updates').click();
  assert.equal(await version.locator('li').count(), 1000);
  await version.getByText('The first 1,000 of 100,000 queued packages are listed.').waitFor();
  // Migrations: the group lists 200 rows and says how many there are; only those are fetched.
  const regular = page.locator('#migrations tbody[data-group="regular"]');
  await regular.getByText('The first 200 of 100,000 migrations of this group are listed.').waitFor();
  assert.equal(await regular.locator('tr th[scope="row"]').count(), 200);
  // Every listed migration of an open group gets its details (the closed group starts folded), each
  // file once: wait until every listed row shows its progress, then count.
  const listed = 200 + MIGRATIONS.longterm.length + MIGRATIONS.paused.length;
  await page.waitForFunction((n) => document.querySelectorAll('#migrations [role="progressbar"]').length >= n, listed);
  assert.equal(detailRequests.length, listed, 'details files requested');
  assert.equal(new Set(detailRequests).size, listed, 'each details file is requested once');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the cards in the first screen do not move when the data arrives (no layout shift), on a phone and a desktop', async () => {
  for (const viewport of [
    {width: 412, height: 823},
    {width: 1280, height: 800},
  ]) {
    const {page, context, errors} = await site.open({fixtures: statusFixtures(), viewport});
    await recordLayoutShifts(page);
    await page.goto(site.baseUrl + '/status/');
    await hydrated(page);
    await settled(page);
    // The incidents have arrived: more of them than the region shows at once on a desktop, so it
    // scrolls there; on a phone the reports take the room they need (below the first screen's cards).
    await page.locator('#incidents li').first().waitFor();
    const region = page.getByRole('region', {name: 'Incident reports'});
    const scrolls = await region.evaluate((el) => el.scrollHeight > el.clientHeight);
    assert.equal(scrolls, viewport.width > 600, `the incident list scrolls inside at ${viewport.width} px`);
    assert.deepEqual(await layoutShifts(page), [], `layout shifts at ${viewport.width} px`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
