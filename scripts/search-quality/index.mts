#!/usr/bin/env node
/**
 * `npm run search-quality`: runs the query table (./queries.ts) through the site's own search
 * against the production build (./build, with its index), in Chromium, as the search modal and the
 * search page run it (./entry.ts calls the same functions), and prints the top-1 and top-3 hit
 * rates of each, by kind of query, and every miss. Writes reports/search-quality.json.
 *
 *   npm run search-quality             the whole table
 *   npm run search-quality -- cuda …   only these queries, each with its first results
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';
import {chromium} from 'playwright-core';
import {startServer} from '../serve.mjs';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {QUERIES, type QualityQuery} from './queries';
import {qualityPackageMap} from './packages';
import {DEFAULT_SOURCES} from '../../src/lib/data/sources';
import {scoreQueries, type Outcome} from './score';
import type {Probe} from './entry';

const here = path.dirname(fileURLToPath(import.meta.url));

async function probeBundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(here, 'entry.ts')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    define: {'process.env.NODE_ENV': '"production"'},
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const queries: QualityQuery[] = only.length
    ? only.map((query) => QUERIES.find((q) => q.query === query) ?? {query, kind: 'keywords', expect: {}})
    : QUERIES;
  const {server, url} = (await startServer({dir: 'build', port: 0})) as {
    server: import('node:http').Server;
    url: string;
  };
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true});
  try {
    const page = await browser.newPage();
    // Nothing leaves the machine: the package map is served from ./packages.ts, anything else is refused.
    const map = JSON.stringify(qualityPackageMap());
    await page.route('**/*', (route) => {
      const target = route.request().url();
      if (target.startsWith(url)) return route.fallback();
      if (target === DEFAULT_SOURCES.feedstockOutputs) {
        return route.fulfill({status: 200, contentType: 'application/json', body: map});
      }
      return route.abort('blockedbyclient');
    });
    await page.goto(`${url}/`);
    await page.addScriptTag({content: await probeBundle()});
    const probes: Probe[] = [];
    for (const {query} of queries) probes.push(await page.evaluate((q) => window.cfSearchQuality(q), query));
    const outcome = scoreQueries(queries, probes);
    print(outcome, only.length > 0 ? probes : null);
    if (only.length === 0) {
      mkdirSync('reports', {recursive: true});
      writeFileSync('reports/search-quality.json', `${JSON.stringify(outcome, null, 2)}\n`);
    }
  } finally {
    await browser.close();
    server.close();
  }
}

const percent = (n: number, of: number) => `${((100 * n) / of).toFixed(1)} %`;

function print(outcome: Outcome, probes: Probe[] | null): void {
  if (probes) {
    outcome.rows.forEach((row, i) => {
      console.log(`${row.query}${probes[i].notices.length ? `  [${probes[i].notices.join('; ')}]` : ''}`);
      console.log(`  packages: ${probes[i].packages.join(' ') || '-'}`);
      console.log(`  page:  ${probes[i].page.slice(0, 5).join('  ')}`);
      console.log(`  modal: ${probes[i].modal.slice(0, 3).join('  ')}`);
    });
    return;
  }
  const {total, view} = outcome;
  console.log(`Search quality: ${total} queries`);
  for (const name of ['page', 'modal'] as const) {
    const v = view[name];
    console.log(
      `  ${name.padEnd(5)}  top-1 ${percent(v.top1, total)}  top-3 ${percent(v.top3, total)}  no results ${v.empty}`,
    );
  }
  console.log('  by kind (page top-1 / top-3):');
  for (const [kind, k] of Object.entries(outcome.kinds)) {
    console.log(`    ${kind.padEnd(9)} ${k.top1}/${k.count}  ${k.top3}/${k.count}`);
  }
  const misses = outcome.rows.filter((row) => !row.page.top1 || !row.modal.top1);
  console.log(misses.length ? `  misses (${misses.length}):` : '  no misses');
  for (const row of misses) {
    const where = (v: {rank: number | null}) => (v.rank === null ? 'not in the first results' : `#${v.rank}`);
    console.log(
      `    "${row.query}" (${row.kind}): page ${where(row.page)}, modal ${where(row.modal)}; first: ${row.first}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
