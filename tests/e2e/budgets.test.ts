/**
 * Size budgets: the first load of every page type (JavaScript, CSS and HTML, gzip) stays within
 * its budget (scripts/bench/pageTypes.ts). `npm run bench` reports the same figures in full.
 */
import {after, before, test} from 'node:test';
import assert from 'node:assert/strict';
import {startSite, type Site} from './harness';
import {BUDGETS, jsLimit, PAGE_TYPES} from '../../scripts/bench/pageTypes';
import {measureFirstLoad, recordHydration} from '../../scripts/bench/firstLoad';

let site: Site;
before(async () => {
  site = await startSite();
});
after(() => site.close());

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const type of PAGE_TYPES) {
  test(`first load of ${type.name} (${type.path}) is within budget`, async (t) => {
    const {page, context} = await site.open();
    await recordHydration(context);
    const load = await measureFirstLoad(page, site.baseUrl + type.path);
    await context.close();
    t.diagnostic(
      `js ${kb(load.js)}, search runtime ${kb(load.searchRuntime)}, css ${kb(load.css)}, html ${kb(load.html)}, ${load.requests} requests`,
    );
    assert.ok(
      load.js <= jsLimit(type),
      `JavaScript ${kb(load.js)} > ${kb(jsLimit(type))}:\n${load.scripts.join('\n')}`,
    );
    if (type.name === 'search') {
      // Its query starts Pagefind from <head>: the runtime at least, its worker too when it is quick.
      assert.ok(load.searchRuntime >= 10 * 1024, `search runtime ${kb(load.searchRuntime)} before hydration`);
      assert.ok(load.searchRuntime <= BUDGETS.searchRuntime, `search runtime ${kb(load.searchRuntime)}`);
    } else {
      assert.equal(load.searchRuntime, 0, `${type.name} loads the search runtime before hydration`);
    }
    assert.ok(load.css <= BUDGETS.css, `CSS ${kb(load.css)} > ${kb(BUDGETS.css)}`);
    assert.ok(load.html <= BUDGETS.html, `HTML ${kb(load.html)} > ${kb(BUDGETS.html)}`);
  });
}

test('pages without code blocks, diagrams, search or live data load none of that code', async () => {
  const {page, context} = await site.open();
  await recordHydration(context);
  const load = await measureFirstLoad(page, `${site.baseUrl}/community/governance/`);
  await context.close();
  const {readFileSync} = await import('node:fs');
  for (const line of load.scripts) {
    const source = readFileSync(`build${line.split(' ')[0]}`, 'utf8');
    assert.doesNotMatch(source, /languages\.markup|prism-code/, `highlighter in ${line}`);
    assert.doesNotMatch(source, /mermaid\.initialize|flowchart-v2/, `diagram code in ${line}`);
    assert.doesNotMatch(source, /pagefind/i, `search code in ${line}`);
    assert.doesNotMatch(
      source,
      /feedstock-outputs\/single-file|cf-graph-countyfair\/master/,
      `live-data code in ${line}`,
    );
  }
});

/** A message of the fetch helpers (src/lib/data/fetchData.ts): a script holding it carries them. */
const FETCH_CODE = 'the server stopped sending data';

// Each live page's parsers, known by a string only they hold (src/lib/*/parse.ts).
const LIVE_PAGES = [
  {path: '/', parser: 'Issues + PRs'},
  {path: '/packages/', parser: 'feedstock-outputs.json lists no packages'},
  {path: '/status/', parser: 'the heartbeat has no status'},
  // The migration page's whole details view loads after hydration, its parser with it.
  {path: '/status/migration/?name=python313', parser: 'the migration lists none of the feedstock statuses'},
];

test('live pages fetch and parse with code that loads after hydration, not in their first load', async () => {
  const {readFileSync} = await import('node:fs');
  const holding = (scripts: string[], text: string) =>
    scripts.filter((script) => readFileSync(`build${script}`, 'utf8').includes(text));
  for (const {path, parser} of LIVE_PAGES) {
    const {page, context} = await site.open();
    await recordHydration(context);
    const load = await measureFirstLoad(page, site.baseUrl + path);
    const first = load.scripts.map((line) => line.split(' ')[0]);
    assert.deepEqual(holding(first, FETCH_CODE), [], `${path}: fetch helpers in the first load`);
    assert.deepEqual(holding(first, parser), [], `${path}: parsers in the first load`);
    // Then the page does load them, to ask its sources.
    const scriptsNow = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name))
          .filter((url) => url.origin === location.origin && url.pathname.endsWith('.js'))
          .map((url) => url.pathname),
      );
    let later: string[] = [];
    for (let tries = 0; tries < 100 && holding(later, parser).length === 0; tries++) {
      if (tries > 0) await page.waitForTimeout(100);
      later = await scriptsNow();
    }
    assert.ok(holding(later, parser).length > 0, `${path}: the parsers never loaded`);
    assert.ok(holding(later, FETCH_CODE).length > 0, `${path}: the fetch helpers never loaded`);
    await context.close();
  }
});
