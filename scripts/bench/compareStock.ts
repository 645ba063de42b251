/**
 * `npm run bench -- --compare-stock`: builds a stock twin of the site from the same content
 * (stockTwin.ts), then measures the project and the twin interleaved, round by round, on this
 * machine, and reports every figure as project, stock and their ratio. On a shared machine the
 * absolute times are noise; the ratio measured in one run is the claim.
 *
 * Writes reports/compare-stock.json and reports/compare-stock.md (or reports/NAME.* with --report NAME).
 */
import {execSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {cpus} from 'node:os';
import type {Server} from 'node:http';
import {chromium} from 'playwright-core';
import {startServer} from '../serve.mjs';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {lighthousePageTypes, PAGE_TYPES, type PageType} from './pageTypes';
import {measureFirstLoad, recordHydration, type FirstLoad} from './firstLoad';
import {runLighthouse, type LighthouseResult} from './lighthouse';
import {startFixtureHosts} from './fixtureHosts';
import {median} from './stats';
import {type CompareRow, groupsMeeting, ratio, toMarkdown, verdict} from './compare';
import {prepareTwin, TWIN_DIR, twinBuildCommand, twinClearCommand} from './stockTwin';
import {STUBS} from './stockTwinStubs';

export interface CompareOptions {
  /** Lighthouse runs per page and site (the median is kept). */
  runs: number;
  /** Cold builds per site, alternating which goes first. */
  buildRounds: number;
  /** Reuse ./build and the twin's build. */
  skipBuild: boolean;
  /** Page types to run Lighthouse on (names from pageTypes.ts); all it can load when empty. */
  lighthousePages: string[];
  /** Lighthouse's CPU slowdown for both sites (its default, 4, when undefined). */
  cpuSlowdown?: number;
  /** The reports' file name in reports/, without extension (default compare-stock). */
  reportName?: string;
}

/** The targets, as ratios against the stock twin where they can be (#16, restated by #34). */
export const TARGETS = {
  /** First-load JavaScript of every page type, against the twin's on the same React. */
  firstLoadJsRatio: 0.7,
  buildRatio: 0.8,
  performance: 90,
  performanceAboveStock: 20,
  tbtLongestDocsMs: 300,
} as const;

const KB = 1024;

/** Where the bundler's persistent cache of both sites lives (Docusaurus Faster). */
const RSPACK_CACHE = 'node_modules/.cache';

function seconds(command: string, env: NodeJS.ProcessEnv = process.env): number {
  const start = performance.now();
  execSync(command, {stdio: 'ignore', env});
  return (performance.now() - start) / 1000;
}

interface Served {
  url: string;
  close: () => void;
}

async function serve(dir: string): Promise<Served> {
  const {server, url} = (await startServer({dir, port: 0})) as {server: Server; url: string};
  return {url, close: () => server.close()};
}

export async function compareStock(options: CompareOptions): Promise<CompareRow[]> {
  const rows: CompareRow[] = [];
  // Checked before any build: a wrong page name fails at once.
  const pages = lighthousePageTypes(options.lighthousePages);
  const twinEnv = prepareTwin();
  console.log('stock twin: what it leaves out or stubs');
  for (const stub of STUBS) console.log(`  - ${stub}`);

  if (!options.skipBuild) {
    const project: number[] = [];
    const stock: number[] = [];
    for (let round = 0; round < options.buildRounds; round++) {
      const buildProject = () => {
        execSync('npx docusaurus clear', {stdio: 'ignore'});
        project.push(seconds('npx docusaurus build'));
      };
      const buildStock = () => {
        execSync(twinClearCommand(), {stdio: 'ignore', env: twinEnv});
        // The twin's bundler cache is kept in this project's node_modules/.cache, which clearing
        // the twin's folder leaves: without this, every round after the first built it warm.
        rmSync(RSPACK_CACHE, {recursive: true, force: true});
        stock.push(seconds(twinBuildCommand(), twinEnv));
      };
      console.log(`cold builds, round ${round + 1} of ${options.buildRounds}…`);
      if (round % 2 === 0) {
        buildProject();
        buildStock();
      } else {
        buildStock();
        buildProject();
      }
    }
    rows.push({
      group: 'build',
      name: 'cold `docusaurus build`',
      unit: 's',
      project: median(project),
      stock: median(stock),
      targets: [{kind: 'ratioAtMost', value: TARGETS.buildRatio}],
    });
    // The project also builds a search index; stock has none, so it is reported on its own.
    rows.push({
      group: 'build',
      name: 'search index (project only)',
      unit: 's',
      project: seconds('npm run index'),
      stock: Number.NaN,
      targets: [],
    });
  }

  const project = await serve('build');
  const stock = await serve(`${TWIN_DIR}/build`);
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
  try {
    console.log('first loads…');
    const firstLoad = async (site: Served, buildDir: string, type: PageType): Promise<FirstLoad> => {
      const context = await browser.newContext();
      await context.route('**/*', (route) =>
        new URL(route.request().url()).origin === site.url ? route.fallback() : route.abort('blockedbyclient'),
      );
      await recordHydration(context);
      const load = await measureFirstLoad(await context.newPage(), site.url + type.path, buildDir);
      await context.close();
      return load;
    };
    for (const type of PAGE_TYPES) {
      const mine = await firstLoad(project, 'build', type);
      const theirs = await firstLoad(stock, `${TWIN_DIR}/build`, type);
      const group = `first load: ${type.name}`;
      const figure = (
        name: string,
        key: 'js' | 'searchRuntime' | 'css' | 'html',
        targets: CompareRow['targets'] = [],
      ) => rows.push({group, name, unit: 'KB', project: mine[key] / KB, stock: theirs[key] / KB, targets});
      figure('JavaScript (gzip)', 'js', [{kind: 'ratioAtMost', value: TARGETS.firstLoadJsRatio}]);
      if (mine.searchRuntime + theirs.searchRuntime > 0) figure('search runtime JS (gzip)', 'searchRuntime');
      figure('CSS (gzip)', 'css');
      figure('HTML (gzip)', 'html');
      rows.push({group, name: 'requests', unit: '', project: mine.requests, stock: theirs.requests, targets: []});
    }
  } finally {
    await browser.close();
  }

  console.log(`lighthouse: ${pages.length} page types, ${options.runs} round(s), project and stock in turn…`);
  const fixtureHosts = await startFixtureHosts();
  const results = new Map<string, {project: LighthouseResult[]; stock: LighthouseResult[]}>();
  try {
    for (let round = 0; round < options.runs; round++) {
      for (const type of pages) {
        const entry = results.get(type.name) ?? {project: [], stock: []};
        results.set(type.name, entry);
        const lighthouse = {cpuSlowdown: options.cpuSlowdown};
        entry.project.push(await runLighthouse(project.url + type.path, 1, fixtureHosts.chromeFlags, lighthouse));
        entry.stock.push(await runLighthouse(stock.url + type.path, 1, fixtureHosts.chromeFlags, lighthouse));
      }
      console.log(`  round ${round + 1} of ${options.runs} done`);
    }
  } finally {
    fixtureHosts.close();
    project.close();
    stock.close();
  }
  for (const type of pages) {
    const {project: mine, stock: theirs} = results.get(type.name)!;
    const pick = (list: LighthouseResult[], key: keyof LighthouseResult) => median(list.map((r) => r[key]));
    const group = `lighthouse (mobile, median of ${options.runs}): ${type.name}`;
    const row = (name: string, key: keyof LighthouseResult, unit: string, targets: CompareRow['targets']) =>
      rows.push({group, name, unit, project: pick(mine, key), stock: pick(theirs, key), targets});
    row('performance', 'performance', '', [
      {kind: 'atLeast', value: TARGETS.performance},
      {kind: 'aboveStockBy', value: TARGETS.performanceAboveStock},
    ]);
    row('accessibility', 'accessibility', '', [{kind: 'atLeast', value: 100}]);
    row('best practices', 'bestPractices', '', [{kind: 'atLeast', value: 100}]);
    row('SEO', 'seo', '', [{kind: 'atLeast', value: 100}]);
    row(
      'total blocking time',
      'tbt',
      'ms',
      type.name === 'docs (longest)' ? [{kind: 'atMost', value: TARGETS.tbtLongestDocsMs}] : [],
    );
    row('cumulative layout shift', 'cls', '', [{kind: 'atMost', value: 0}]);
    row('largest contentful paint', 'lcp', 'ms', []);
  }
  // How fast this machine was during the runs, which decides what Lighthouse's slowdown emulates.
  const indices = [...results.values()].flatMap(({project: mine, stock: theirs}) =>
    [...mine, ...theirs].map((result) => result.benchmarkIndex),
  );
  if (indices.length > 0) {
    rows.push({
      group: 'machine',
      name: 'Lighthouse benchmark index (median of all runs)',
      unit: '',
      project: median(indices),
      stock: Number.NaN,
      targets: [],
    });
  }
  return rows;
}

/** The report's summary lines: how many page types meet every first-load and Lighthouse target. */
function pageTypesMeeting(rows: CompareRow[]): string[] {
  return (['first load', 'lighthouse'] as const).flatMap((prefix) => {
    const {met, of} = groupsMeeting(rows, prefix);
    return of === 0
      ? []
      : [`${prefix === 'lighthouse' ? 'Lighthouse' : 'First load'}: ${met} of ${of} page types meet every target.`];
  });
}

/** Prints the figures and writes reports/<reportName>.{json,md}. Returns how many targets are missed. */
export function report(rows: CompareRow[], options: CompareOptions): number {
  const markdown = toMarkdown(rows);
  console.log(`\n${markdown}`);
  const missed = rows.filter((row) => verdict(row) === 'MISS');
  const date = new Date().toISOString();
  const machine = {cpus: cpus().length, node: process.version};
  mkdirSync('reports', {recursive: true});
  const name = `reports/${options.reportName ?? 'compare-stock'}`;
  writeFileSync(
    `${name}.json`,
    `${JSON.stringify({date, machine, options, stubs: STUBS, rows: rows.map((row) => ({...row, ratio: ratio(row), verdict: verdict(row) || undefined}))}, null, 2)}\n`,
  );
  writeFileSync(
    `${name}.md`,
    [
      `# Project vs stock Docusaurus, ${date}`,
      '',
      `${machine.cpus} CPUs, Node ${machine.node}; Lighthouse median of ${options.runs}, CPU slowdown ${options.cpuSlowdown ?? 4}× (${options.cpuSlowdown === undefined ? 'its default' : '--cpu-slowdown'}); ${options.skipBuild ? 'existing builds (--skip-build), no build time' : `${options.buildRounds} cold build(s) each`}.`,
      '',
      'The stock twin leaves out or stubs:',
      '',
      ...STUBS.map((stub) => `- ${stub}`),
      '',
      markdown,
      ...pageTypesMeeting(rows),
      `${missed.length} figure(s) miss their target.`,
      '',
    ].join('\n'),
  );
  for (const line of pageTypesMeeting(rows)) console.log(line);
  console.log(`${missed.length} figure(s) miss their target; written to ${name}.{json,md}`);
  return missed.length;
}
