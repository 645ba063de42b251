#!/usr/bin/env node
/**
 * Every request of a first search, for finding where its bytes go (no timings: byte counts are
 * the same on a busy machine). Serves a build, then in a fresh browser context each time:
 *
 * - the modal's first query as `measureSearch` types it (scripts/bench/interactions.ts: /docs/,
 *   Ctrl+K, "rerender" a key every 100 ms), and a question ("how do I sync my fork") entered at once;
 * - the search page opened with a query (`/search/?q=rerender`), up to its results.
 *
 * Each request is listed with its path, its size as served (text gzipped, as firstLoad.ts and
 * interactions.ts count it) and decoded (the file's bytes). Link prefetches (the code of pages the
 * results link to) are listed but not counted. Note that `measureSearch` counts every request,
 * prefetches included, and blocks the package map. The package map, which comes from
 * another host, is answered with the e2e fixture (25,000 names) and listed apart, since its real
 * size is not the fixture's.
 *
 *   node --import tsx scripts/bench/searchBytes.mts [--build DIR] [--json FILE]
 */
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {chromium, type BrowserContext, type Page} from 'playwright-core';
import {startServer} from '../serve.mjs';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {DEFAULT_SOURCES} from '../../src/lib/data/sources';
import {searchPackageMap} from '../../tests/e2e/fixtures/packages';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index > -1 ? args[index + 1] : fallback;
};
const buildDir = option('build', 'build');
const jsonOut = option('json', '');

export interface Fetched {
  path: string;
  /** gzip bytes for text files (js, css, json, html), the file's bytes otherwise */
  served: number;
  /** the file's bytes */
  decoded: number;
  /** a link prefetch (a result's page code, `Sec-Purpose: prefetch`): listed, not counted */
  prefetch: boolean;
}

export interface Trace {
  name: string;
  requests: Fetched[];
  /** whether the package map (another host) was asked for */
  packageMap: boolean;
}

function fileSizes(pathname: string): {served: number; decoded: number} {
  const decodedPath = decodeURIComponent(pathname);
  const file = path.join(buildDir, decodedPath.endsWith('/') ? `${decodedPath}index.html` : decodedPath);
  const bytes = readFileSync(file);
  return {decoded: bytes.length, served: /\.(js|css|json|html)$/.test(file) ? gzipSync(bytes).length : bytes.length};
}

async function traced(
  context: BrowserContext,
  origin: string,
  name: string,
  run: (page: Page, start: () => void) => Promise<void>,
): Promise<Trace> {
  const map = JSON.stringify(searchPackageMap());
  let packageMap = false;
  let recording = false;
  const seen = new Set<string>();
  const requests: Fetched[] = [];
  await context.route('**/*', (route) => {
    const target = route.request().url();
    if (new URL(target).origin === origin) return route.fallback();
    if (target === DEFAULT_SOURCES.feedstockOutputs) {
      if (recording) packageMap = true;
      return route.fulfill({status: 200, contentType: 'application/json', body: map});
    }
    return route.abort('blockedbyclient');
  });
  // Context-level: Pagefind's worker requests its files itself.
  context.on('request', (request) => {
    const target = new URL(request.url());
    if (!recording || target.origin !== origin || seen.has(target.pathname)) return;
    seen.add(target.pathname);
    const purpose = request.headers()['sec-purpose'] ?? request.headers()['purpose'] ?? '';
    requests.push({path: target.pathname, ...fileSizes(target.pathname), prefetch: /prefetch/i.test(purpose)});
  });
  const page = await context.newPage();
  await run(page, () => {
    recording = true;
  });
  await context.close();
  return {name, requests, packageMap};
}

async function modalQuery(
  page: Page,
  start: () => void,
  baseUrl: string,
  query: string,
  typed: boolean,
): Promise<void> {
  await page.goto(`${baseUrl}/docs/`);
  await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
  await page.waitForTimeout(1000);
  start();
  await page.keyboard.press('Control+k');
  const box = page.locator('dialog[open] [role=combobox]');
  await box.waitFor();
  // Typed a key at a time as measureSearch does, or entered at once (one query, whatever the
  // machine's speed: typed, the words between pauses would each be searched once search is warm).
  if (typed) await box.pressSequentially(query, {delay: 100});
  else await box.fill(query);
  // Results, or (a build before issue #33 on a question) the message that there are none.
  await page
    .locator('dialog[open] [role=option]')
    .first()
    .or(page.locator('dialog[open]').getByText(/^No results/))
    .waitFor();
  // What follows the results (the Packages group) has a moment to ask for its code and data.
  await page.waitForTimeout(1500);
}

const {server, url} = (await startServer({dir: buildDir, port: 0})) as {
  server: import('node:http').Server;
  url: string;
};
const origin = new URL(url).origin;
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true});
const traces: Trace[] = [];
try {
  for (const [query, typed] of [
    ['rerender', true],
    ['how do I sync my fork', false],
  ] as const) {
    const how = typed ? 'typed a key every 100 ms' : 'entered at once';
    traces.push(
      await traced(await browser.newContext(), origin, `modal, first query "${query}" (${how})`, (page, start) =>
        modalQuery(page, start, origin, query, typed),
      ),
    );
  }
  traces.push(
    await traced(await browser.newContext(), origin, 'search page, /search/?q=rerender', async (page, start) => {
      start();
      await page.goto(`${origin}/search/?q=rerender`);
      await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true');
      await page.locator('main ol li').first().waitFor();
      await page.waitForTimeout(1500);
    }),
  );
} finally {
  await browser.close();
  server.close();
}

const kb = (n: number) => (n / 1024).toFixed(1);
for (const trace of traces) {
  const counted = trace.requests.filter((r) => !r.prefetch);
  const total = counted.reduce((sum, r) => sum + r.served, 0);
  const decoded = counted.reduce((sum, r) => sum + r.decoded, 0);
  console.log(`\n${trace.name}: ${counted.length} requests, ${kb(total)} KB served, ${kb(decoded)} KB decoded`);
  console.log(`  package map requested: ${trace.packageMap ? 'yes' : 'no'}`);
  for (const r of trace.requests) {
    console.log(
      `  ${kb(r.served).padStart(7)} ${kb(r.decoded).padStart(7)}  ${r.path}${r.prefetch ? ' (prefetch, not counted)' : ''}`,
    );
  }
}
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(traces, null, 2)}\n`);
