/**
 * Search budgets, measured against the production build (not part of the test suite):
 * - search code in the first load of a page (expected: none);
 * - bytes the first query of a session downloads (JS and JSON counted gzipped, as a static host
 *   serves them; Pagefind's own files are already compressed);
 * - keystroke → rendered results, from the `cf-search-keystroke` measures, modal and page.
 *
 * Usage: npm run build && node --import tsx tests/e2e/search-bench.mts
 */
import {gzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';
import type {Page} from 'playwright-core';
import {hydrated, startSite} from './harness';

const WORDS = ['pinning', 'noarch python', 'conda-forge.yml', 'cuda', 'feedstock', 'windows', 'license', 'migration', 'bot commands', 'staged-recipes'];

function percentiles(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
  return `n=${sorted.length} p50=${at(0.5)} ms p95=${at(0.95)} ms max=${at(1)} ms`;
}

/** Types every word twice; returns the keystroke measures of each round (the second is fully warm). */
async function keystrokes(page: Page, field: ReturnType<Page['locator']>): Promise<number[][]> {
  const rounds: number[][] = [];
  for (let round = 0; round < 2; round += 1) {
    await page.evaluate(() => performance.clearMeasures('cf-search-keystroke'));
    for (const word of WORDS) {
      await field.fill('');
      await field.focus();
      await page.keyboard.type(word, {delay: 80});
      await page.waitForTimeout(250);
    }
    rounds.push(await page.evaluate(() => performance.getEntriesByName('cf-search-keystroke').map((e) => e.duration)));
  }
  return rounds;
}

const report = (label: string, [first, warm]: number[][]) =>
  console.log(`${label} keystrokes, first round: ${percentiles(first)}\n${label} keystrokes, warm round: ${percentiles(warm)}`);

const site = await startSite();
const {page, context, errors} = await site.open();
const requested: string[] = [];
context.on('request', (r) => requested.push(new URL(r.url()).pathname));

await page.goto(`${site.baseUrl}/docs/`);
await hydrated(page);
await page.waitForTimeout(500);
const firstLoad = [...requested];
const searchInFirstLoad = firstLoad.filter((p) => p.includes('/pagefind/')).length;

requested.length = 0;
await page.keyboard.press('Control+k');
const box = page.locator('dialog[open] [role=combobox]');
await box.waitFor();
await box.fill('rerender');
await page.locator('dialog[open] [role=option]').first().waitFor();
await page.waitForTimeout(500);
let bytes = 0;
for (const path of new Set(requested)) {
  const file = readFileSync(`build${path}`);
  bytes += /\.(js|css|json)$/.test(path) ? gzipSync(file).length : file.length;
}
console.log(`search requests in the first load of /docs/: ${searchInFirstLoad}`);
console.log(`first query ("rerender"): ${new Set(requested).size} requests, ${(bytes / 1024).toFixed(1)} KiB`);
report('modal', await keystrokes(page, box));
await page.keyboard.press('Escape');

await page.goto(`${site.baseUrl}/search/?q=conda`);
await page.locator('main ol li').first().waitFor();
report('page', await keystrokes(page, page.getByLabel('Search the conda-forge website')));
console.log(`page errors: ${errors.length}`);
await context.close();
await site.close();
