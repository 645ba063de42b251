#!/usr/bin/env node
/**
 * Search speed of this build against another build of the site (for example the commit before a
 * search change), measured in one run so that both share the machine's load:
 *
 *   node --import tsx scripts/bench/searchCompare.mts --baseline DIR [--build DIR] [--rounds N]
 *        [--lighthouse-runs N] [--lighthouse-path PATH] [--report NAME]
 *
 * --baseline is the build folder to compare with (its `npm run build` output, search index
 * included); --build the one measured against it (default ./build). Each
 * round runs `measureSearch` (scripts/bench/interactions.ts) on both sites, the order alternating
 * from round to round; then Lighthouse (mobile, fixture hosts) loads `/search/?q=conda` (or
 * PATH: another page, to tell the search page's own cost from the whole site's) on both,
 * alternating the same way. Prints, per figure, both medians, the median of the paired differences
 * and in how many rounds this build was the slower one; writes reports/NAME.json (default
 * search-compare).
 */
import {writeFileSync} from 'node:fs';
import {chromium} from 'playwright-core';
import {startServer} from '../serve.mjs';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {measureSearch, type SearchFigures} from './interactions';
import {runLighthouse, type LighthouseResult} from './lighthouse';
import {startFixtureHosts} from './fixtureHosts';
import {median} from './stats';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index > -1 ? args[index + 1] : fallback;
};
const baselineDir = option('baseline', '');
if (!baselineDir) throw new Error('--baseline DIR (the build folder to compare with) is required');
const rounds = Number(option('rounds', '10'));
const lighthouseRuns = Number(option('lighthouse-runs', '5'));
if (!(rounds >= 0 && lighthouseRuns >= 0 && rounds + lighthouseRuns > 0)) {
  throw new Error('--rounds and --lighthouse-runs take zero or more, and not both zero');
}
const reportName = option('report', 'search-compare');
const buildDir = option('build', 'build');
const lighthousePath = option('lighthouse-path', '/search/?q=conda');

type Side = 'baseline' | 'this build';
const SIDES: Side[] = ['baseline', 'this build'];
const dirs: Record<Side, string> = {baseline: baselineDir, 'this build': buildDir};
const served = {
  baseline: await startServer({dir: baselineDir, port: 0}),
  'this build': await startServer({dir: buildDir, port: 0}),
};
const urls: Record<Side, string> = {baseline: served.baseline.url, 'this build': served['this build'].url};

/** Round i runs the sides in this order: baseline first in even rounds. */
const order = (i: number): Side[] => (i % 2 === 0 ? SIDES : [...SIDES].reverse());

const search: Record<Side, SearchFigures[]> = {baseline: [], 'this build': []};
const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
for (let i = 0; i < rounds; i++) {
  for (const side of order(i)) search[side].push(await measureSearch(browser, urls[side], dirs[side]));
  console.error(`search round ${i + 1}/${rounds} done`);
}
await browser.close();

const lighthouse: Record<Side, LighthouseResult[]> = {baseline: [], 'this build': []};
const fixtureHosts = await startFixtureHosts();
for (let i = 0; i < lighthouseRuns; i++) {
  for (const side of order(i)) {
    lighthouse[side].push(await runLighthouse(`${urls[side]}${lighthousePath}`, 1, fixtureHosts.chromeFlags));
  }
  console.error(`Lighthouse round ${i + 1}/${lighthouseRuns} done`);
}
fixtureHosts.close();
for (const {server} of Object.values(served)) server.close();

interface Line {
  figure: string;
  unit: string;
  baseline: number;
  thisBuild: number;
  /** median of (this build − baseline) over the rounds */
  pairedDifference: number;
  /** rounds in which this build did worse */
  worseIn: number;
  rounds: number;
}

function line<T>(
  figure: string,
  unit: string,
  rows: Record<Side, T[]>,
  value: (row: T) => number,
  higherIsBetter = false,
): Line {
  const a = rows.baseline.map(value);
  const b = rows['this build'].map(value);
  const differences = b.map((x, i) => x - a[i]);
  return {
    figure,
    unit,
    baseline: median(a),
    thisBuild: median(b),
    pairedDifference: median(differences),
    worseIn: differences.filter((d) => (higherIsBetter ? d < 0 : d > 0)).length,
    rounds: differences.length,
  };
}

const lines: Line[] = [...(rounds > 0 ? searchLines() : []), ...(lighthouseRuns > 0 ? lighthouseLines() : [])];

function searchLines(): Line[] {
  return [
    line('modal, keystroke → results, p95, first pass', 'ms', search, (r) => r.modalColdP95),
    line('modal, keystroke → results, p95, warm', 'ms', search, (r) => r.modalP95),
    line('search page, keystroke → results, p95, first pass', 'ms', search, (r) => r.pageColdP95),
    line('search page, keystroke → results, p95, warm', 'ms', search, (r) => r.pageP95),
    line('bytes of the first query', 'KB', search, (r) => r.firstQueryBytes / 1024),
    line('search bytes in a page’s first load', 'KB', search, (r) => r.firstLoadSearchBytes / 1024),
  ];
}

function lighthouseLines(): Line[] {
  return [
    line(`Lighthouse performance, ${lighthousePath}`, 'score', lighthouse, (r) => r.performance, true),
    line('total blocking time, same page', 'ms', lighthouse, (r) => r.tbt),
    line('largest contentful paint, same page', 'ms', lighthouse, (r) => r.lcp),
    line('Lighthouse accessibility', 'score', lighthouse, (r) => r.accessibility, true),
    line('Lighthouse best practices', 'score', lighthouse, (r) => r.bestPractices, true),
    line('Lighthouse SEO', 'score', lighthouse, (r) => r.seo, true),
  ];
}

const round1 = (n: number) => Math.round(n * 10) / 10;
console.log(
  `| figure | baseline (${baselineDir}) | this build (${buildDir}) | paired difference (median) | this build worse in |`,
);
console.log('|---|--:|--:|--:|--:|');
for (const l of lines) {
  console.log(
    `| ${l.figure} | ${round1(l.baseline)} ${l.unit} | ${round1(l.thisBuild)} ${l.unit} | ${round1(l.pairedDifference)} ${l.unit} | ${l.worseIn} of ${l.rounds} |`,
  );
}
writeFileSync(
  `reports/${reportName}.json`,
  `${JSON.stringify({date: new Date().toISOString(), baselineDir, rounds, lighthouseRuns, lines, search, lighthouse}, null, 1)}\n`,
);
console.log(`\nwritten: reports/${reportName}.json`);
