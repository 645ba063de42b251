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
