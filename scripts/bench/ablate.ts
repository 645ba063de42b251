/**
 * `npm run bench -- --ablate`: what each patch point buys on this site (issue #34, item 2).
 *
 * Each point is switched off alone (CF_PATCHES_OFF, plugins/patch-guard/switches.ts; the points
 * that work through it go off with it) and the site is built cold and measured against the site
 * with every point on:
 * - first-load JavaScript (gzip) of every page type (scripts/bench/pageTypes.ts), deterministic;
 * - blocking time of the longest docs page at Lighthouse's default CPU slowdown (4×) and at 10×,
 *   from the CPU time of its main-thread tasks (./cpuBlocking.ts, which says why not Lighthouse's
 *   own figure on this shared machine): `--runs` pairs of loads, the two sites in turn, and the
 *   median of the pairs' differences; for the points that do not already clear the size
 *   threshold (all of them with `--tbt-all`);
 * - cold `docusaurus build` seconds: with --build-pairs N, N pairs of cold builds compared by
 *   their CPU seconds (less disturbed than wall time by the machine's other work, though not
 *   immune; the rule's 0.5 s is applied to them, see buildGainResolved); otherwise one build
 *   without the point, against the site's own cold builds, taken at the start, after every fifth
 *   point and at the end, a gain counting only beyond their spread (buildGainBeyondNoise).
 * Each cold build starts with `docusaurus clear`, which also deletes ./build.
 * A point pays its way when any gain clears its threshold (GAIN_THRESHOLDS, the rule of the
 * registry's GAIN_TOO_SMALL). Points that cannot be left out (`noSwitch`) are not measured.
 *
 * Options: --points "id,id" (default all), --runs N (paired loads, default 7; 0 measures no
 * blocking time), --tbt-all, --build-pairs N (see AblationOptions), --report NAME
 * (reports/NAME.{md,json}, default ablation).
 */
import {execSync} from 'node:child_process';
import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import type {Server} from 'node:http';
import {loadavg} from 'node:os';
import {chromium, type Browser, type BrowserContext} from 'playwright-core';
import {PATCH_POINTS} from '../../plugins/patch-guard/patches';
import {PATCHES_OFF_ENV, switchedOff} from '../../plugins/patch-guard/switches';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';
import {startServer} from '../serve.mjs';
import {measureFirstLoad, recordHydration} from './firstLoad';
import {CPU_KEY, CPU_TO_HYDRATION_KEY, measureBlocking} from './cpuBlocking';
import {PAGE_TYPES} from './pageTypes';
import {median} from './stats';

/** Issue #34's rule: a point whose gains are all below these is deleted. */
export const GAIN_THRESHOLDS = {firstLoadKb: 2, tbtMs: 20, buildSeconds: 0.5} as const;
const LONGEST_DOCS = PAGE_TYPES.find((type) => type.name === 'docs (longest)')!;
const DEFAULT_SLOWDOWN = 4;
const SLOWDOWNS = [DEFAULT_SLOWDOWN, 10] as const;
const KB = 1024;
const BASE_DIR = '.tmp/ablate/base';
const OFF_DIR = '.tmp/ablate/off';
const BASE_BUILD_EVERY = 5;

export interface AblationOptions {
  points: string[];
  runs: number;
  tbtAll: boolean;
  /**
   * Cold builds in pairs (the site's own, then without the point, the order alternating) per
   * point; 0 for one build without the point against the site's own builds of the whole run.
   */
  buildPairs: number;
  reportName: string;
}

export interface PointResult {
  id: string;
  /** Every point the switch took off (the point and those that require it). */
  off: string[];
  /** Why the build without it failed, if it did. */
  buildError?: string;
  /** Why the site built without it could not be measured (a page that never hydrates…). */
  measureError?: string;
  buildSeconds?: number;
  /** With --build-pairs: each pair's difference (without − with) in CPU seconds of the build. */
  buildPairs?: number[];
  /** KB gzip of first-load JavaScript per page type, without the point minus with it. */
  firstLoadKb: Record<string, number>;
  /**
   * ms of blocking time on the longest docs page per slowdown, without minus with: the median of
   * the paired loads' differences (when measured).
   */
  tbtMs?: Record<string, number>;
  /** Every pair's difference per slowdown, for the spread. */
  tbtPairs?: Record<string, number[]>;
}

export interface AblationReport {
  date: string;
  runs: number;
  loadAverage: number[];
  baseBuildSeconds: number[];
  /** The CPU seconds of the same builds. */
  baseBuildCpuSeconds?: number[];
  baseFirstLoadKb: Record<string, number>;
  points: PointResult[];
}

/**
 * Page types left out of the largest gain: the not-found page's first load varies between loads of
 * the same build (11.3 KB once, where every other page type moved 1.3 KB), so it would credit noise.
 */
const UNSTEADY_PAGE_TYPES = new Set(['404']);

/** The largest first-load gain of a point over the page types (KB). */
export function largestKbGain(result: Pick<PointResult, 'firstLoadKb'>): number {
  return Math.max(
    0,
    ...Object.entries(result.firstLoadKb)
      .filter(([name]) => !UNSTEADY_PAGE_TYPES.has(name))
      .map(([, kb]) => kb),
  );
}

/**
 * The build gain counted for a point: its cold build against the median of the site's own, less
 * the spread of the site's own (what the machine alone moved them by).
 */
export function buildGainBeyondNoise(buildSeconds: number, baseBuilds: number[]): number {
  return buildSeconds - median(baseBuilds) - (Math.max(...baseBuilds) - Math.min(...baseBuilds));
}

/**
 * How often a point that changes nothing would show at least `gains` gains in `pairs` paired
 * loads: each pair is then a coin toss, so this is the binomial tail (a one-sided sign test).
 */
export function chanceOfGains(gains: number, pairs: number): number {
  let coefficient = 1;
  let tail = 0;
  for (let k = 0; k <= pairs; k++) {
    if (k >= gains) tail += coefficient;
    coefficient = (coefficient * (pairs - k)) / (k + 1);
  }
  return tail / 2 ** pairs;
}

/** The chance of crediting noise that the rule accepts: 6 gains in 7 pairs (or 5 in 5, 26 in 40). */
export const NOISE_CHANCE = 1 / 16;

/**
 * Whether paired differences show a gain beyond the machine's noise: so many pairs gained that a
 * point changing nothing would do so at most one time in sixteen (6 of 7 pairs, 5 of 5, 26 of
 * 40). At 10×, 2 ms of CPU is 20 ms of blocking, so a median alone would credit noise.
 */
export function consistentGain(pairs: number[]): boolean {
  const gains = pairs.filter((difference) => difference > 0).length;
  return pairs.length > 0 && chanceOfGains(gains, pairs.length) <= NOISE_CHANCE;
}

/** Sample standard deviation. */
function deviation(values: number[]): number {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / Math.max(1, values.length - 1));
}

/**
 * Whether paired build differences show a gain the machine's noise cannot explain: every pair
 * gained, and the median is at least two standard errors of a pair's difference, estimated from
 * how much the site's own cold builds varied (σ√2/√n). Without own builds to judge by, never.
 */
export function buildGainResolved(pairs: number[], ownCpuSeconds: number[]): boolean {
  if (pairs.length === 0 || ownCpuSeconds.length < 2 || !pairs.every((difference) => difference > 0)) return false;
  const standardError = (deviation(ownCpuSeconds) * Math.SQRT2) / Math.sqrt(pairs.length);
  return median(pairs) >= 2 * standardError;
}

/** Which thresholds a point's gains clear; empty when it does not pay its way. */
export function clearedThresholds(result: PointResult, baseBuilds: number[], ownCpuSeconds: number[] = []): string[] {
  if (result.buildError) return ['the site does not build without it'];
  if (result.measureError) return ['the site breaks without it'];
  const cleared: string[] = [];
  const kb = largestKbGain(result);
  if (kb >= GAIN_THRESHOLDS.firstLoadKb) cleared.push(`first-load JS +${kb.toFixed(1)} KB without it`);
  for (const slowdown of SLOWDOWNS) {
    const ms = result.tbtMs?.[`${slowdown}×`] ?? 0;
    if (ms >= GAIN_THRESHOLDS.tbtMs && consistentGain(result.tbtPairs?.[`${slowdown}×`] ?? [])) {
      cleared.push(`blocking +${Math.round(ms)} ms without it at ${slowdown}×`);
    }
  }
  // The CPU time saved, slowed down 4×, bounds what TBT can gain at Lighthouse's default: the
  // threshold applied to that bound, when the blocking sum is too noisy to resolve 20 ms.
  for (const key of [CPU_KEY, CPU_TO_HYDRATION_KEY]) {
    const cpu = result.tbtMs?.[key] ?? 0;
    if (cpu * DEFAULT_SLOWDOWN >= GAIN_THRESHOLDS.tbtMs && consistentGain(result.tbtPairs?.[key] ?? [])) {
      cleared.push(
        `main-thread CPU (${key === CPU_KEY ? 'whole load' : 'to hydration'}) +${Math.round(cpu)} ms without it (+${Math.round(cpu * DEFAULT_SLOWDOWN)} ms at 4×)`,
      );
    }
  }
  if (result.buildPairs) {
    const gain = median(result.buildPairs);
    if (gain >= GAIN_THRESHOLDS.buildSeconds && buildGainResolved(result.buildPairs, ownCpuSeconds)) {
      cleared.push(`build +${gain.toFixed(1)} s of CPU without it (${result.buildPairs.length} pairs)`);
    }
  } else if (result.buildSeconds !== undefined) {
    const gain = buildGainBeyondNoise(result.buildSeconds, baseBuilds);
    if (gain >= GAIN_THRESHOLDS.buildSeconds) cleared.push(`build +${gain.toFixed(1)} s without it (beyond noise)`);
  }
  return cleared;
}

/**
 * The CPU seconds (user + system) of the commands a shell ran, from the last line of bash's
 * `times` (children's totals, which include their threads and waited-for descendants).
 */
export function childrenCpuSeconds(timesOutput: string): number {
  const last = timesOutput.trim().split('\n').at(-1) ?? '';
  const values = [...last.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  if (values.length !== 2) throw new Error(`ablate: cannot read bash's times from "${last}"`);
  return values[0] + values[1];
}

interface Built {
  /** Wall seconds. */
  seconds: number;
  /** CPU seconds of the build's processes and threads: what a busy machine disturbs least. */
  cpuSeconds: number;
  error?: string;
}

function coldBuild(outDir: string, off: string): Built {
  execSync('npx docusaurus clear', {stdio: 'ignore'});
  rmSync(outDir, {recursive: true, force: true});
  const start = performance.now();
  let times: string;
  try {
    times = execSync(`bash -c 'npx docusaurus build --out-dir ${outDir} > /dev/null && times'`, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {...process.env, [PATCHES_OFF_ENV]: off},
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const lines = String((error as {stderr?: Buffer}).stderr ?? error).split('\n');
    // Docusaurus's first [ERROR] line is often only "Unable to build website"; the cause follows.
    const cause =
      lines.find((text) => /\[cause\]|PatchError|Module not found|Cannot find|is not defined/.test(text)) ??
      lines.find((text) => /\[ERROR\]|Error:/.test(text)) ??
      lines.slice(0, 3).join(' ');
    return {seconds: Number.NaN, cpuSeconds: Number.NaN, error: cause.trim().slice(0, 400)};
  }
  return {seconds: (performance.now() - start) / 1000, cpuSeconds: childrenCpuSeconds(times)};
}

async function serve(dir: string): Promise<{url: string; close: () => void}> {
  const {server, url} = (await startServer({dir, port: 0})) as {server: Server; url: string};
  return {url, close: () => server.close()};
}

/** Answers only the served site; every other host is refused (the live sources show their error). */
async function sameOriginOnly(context: BrowserContext, origin: string): Promise<void> {
  await context.route('**/*', (route) =>
    new URL(route.request().url()).origin === origin ? route.fallback() : route.abort('blockedbyclient'),
  );
}

async function firstLoads(browser: Browser, dir: string): Promise<Record<string, number>> {
  const site = await serve(dir);
  const sizes: Record<string, number> = {};
  try {
    for (const type of PAGE_TYPES) {
      const context = await browser.newContext();
      await sameOriginOnly(context, site.url);
      await recordHydration(context);
      sizes[type.name] = (await measureFirstLoad(await context.newPage(), site.url + type.path, dir)).js / KB;
      await context.close();
    }
  } finally {
    site.close();
  }
  return sizes;
}

/** Paired blocking-time differences (without − with) on the longest docs page, the two sites in turn. */
async function blockingPairs(browser: Browser, runs: number): Promise<Record<string, number[]>> {
  const base = await serve(BASE_DIR);
  const off = await serve(OFF_DIR);
  const differences: Record<string, number[]> = Object.fromEntries(
    [...SLOWDOWNS.map((s) => `${s}×`), CPU_KEY, CPU_TO_HYDRATION_KEY].map((key) => [key, []]),
  );
  try {
    const measure = (site: {url: string}) =>
      measureBlocking(browser, site.url + LONGEST_DOCS.path, SLOWDOWNS, (context) => sameOriginOnly(context, site.url));
    for (let round = 0; round < runs; round++) {
      // Alternate which site goes first, so neither always meets the same moment of the machine.
      let withIt: Record<string, number>;
      let without: Record<string, number>;
      if (round % 2 === 0) {
        withIt = await measure(base);
        without = await measure(off);
      } else {
        without = await measure(off);
        withIt = await measure(base);
      }
      for (const key of Object.keys(differences)) differences[key].push(without[key] - withIt[key]);
    }
  } finally {
    base.close();
    off.close();
  }
  return differences;
}

function loadAverage(): number[] {
  return loadavg().map((value) => Math.round(value * 10) / 10);
}

export async function ablate(options: AblationOptions): Promise<AblationReport> {
  const candidates = PATCH_POINTS.filter((point) => !point.noSwitch).map((point) => point.id);
  const ids = options.points.length > 0 ? options.points : candidates;
  for (const id of ids) switchedOff({[PATCHES_OFF_ENV]: id}); // fails at once on a wrong or kept id
  mkdirSync('.tmp/ablate', {recursive: true});
  const report: AblationReport = {
    date: new Date().toISOString(),
    runs: options.runs,
    loadAverage: loadAverage(),
    baseBuildSeconds: [],
    baseBuildCpuSeconds: [],
    baseFirstLoadKb: {},
    points: [],
  };
  const baseBuild = (): Built => {
    const built = coldBuild(BASE_DIR, '');
    if (built.error) throw new Error(`ablate: the site does not build with every point on: ${built.error}`);
    report.baseBuildSeconds.push(built.seconds);
    report.baseBuildCpuSeconds?.push(built.cpuSeconds);
    console.log(`  own cold build: ${built.seconds.toFixed(1)} s (CPU ${built.cpuSeconds.toFixed(1)} s)`);
    return built;
  };
  console.log(`ablation: ${ids.length} point(s), ${options.runs} paired loads each for blocking time`);
  baseBuild();
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS});
  try {
    report.baseFirstLoadKb = await firstLoads(browser, BASE_DIR);
    for (const [index, id] of ids.entries()) {
      if (options.buildPairs === 0 && index > 0 && index % BASE_BUILD_EVERY === 0) baseBuild();
      const off = [...switchedOff({[PATCHES_OFF_ENV]: id})];
      const result: PointResult = {id, off, firstLoadKb: {}};
      report.points.push(result);
      // With --build-pairs, the pairs' last builds (the site's own, and without the point) are the
      // ones measured below; otherwise one build without the point.
      const pairs: number[] = [];
      let built: Built = {seconds: Number.NaN, cpuSeconds: Number.NaN};
      for (let round = 0; round < options.buildPairs && !built.error; round++) {
        let withIt = built;
        if (round % 2 === 0) withIt = baseBuild();
        built = coldBuild(OFF_DIR, id);
        if (round % 2 === 1) withIt = baseBuild();
        console.log(`  without ${id}: ${built.seconds.toFixed(1)} s (CPU ${built.cpuSeconds.toFixed(1)} s)`);
        pairs.push(Math.round((built.cpuSeconds - withIt.cpuSeconds) * 10) / 10);
      }
      if (options.buildPairs > 0 && !built.error) result.buildPairs = pairs;
      else if (options.buildPairs === 0) built = coldBuild(OFF_DIR, id);
      if (built.error) {
        result.buildError = built.error;
        console.log(`- ${id}: the build fails without it (${built.error})`);
        continue;
      }
      result.buildSeconds = built.seconds;
      try {
        const sizes = await firstLoads(browser, OFF_DIR);
        for (const [name, kb] of Object.entries(sizes)) {
          result.firstLoadKb[name] = Math.round((kb - report.baseFirstLoadKb[name]) * 10) / 10;
        }
        if (options.runs > 0 && (options.tbtAll || largestKbGain(result) < GAIN_THRESHOLDS.firstLoadKb)) {
          result.tbtPairs = await blockingPairs(browser, options.runs);
          result.tbtMs = Object.fromEntries(
            Object.entries(result.tbtPairs).map(([key, pairs]) => [key, Math.round(median(pairs))]),
          );
        }
      } catch (error) {
        result.measureError = String((error as Error).message ?? error).split('\n')[0];
        console.log(`- ${id}: could not be measured without it (${result.measureError})`);
        continue;
      }
      console.log(
        `- ${id}: build ${built.seconds.toFixed(1)} s, first load +${largestKbGain(result).toFixed(1)} KB at most` +
          (result.tbtMs ? `, TBT ${JSON.stringify(result.tbtMs)}` : ''),
      );
      writeFileSync(`reports/${options.reportName}.json`, JSON.stringify(report, null, 1));
    }
    baseBuild();
  } finally {
    await browser.close();
    rmSync(OFF_DIR, {recursive: true, force: true});
  }
  writeFileSync(`reports/${options.reportName}.json`, JSON.stringify(report, null, 1));
  writeFileSync(`reports/${options.reportName}.md`, toMarkdown(report));
  console.log(toMarkdown(report));
  return report;
}

/** The report's table: one row per point, its gains and whether it pays its way. */
export function toMarkdown(report: AblationReport): string {
  const base = report.baseBuildSeconds;
  const lines = [
    `# What each patch point buys (${report.date.slice(0, 10)})`,
    '',
    `\`npm run bench -- --ablate\`: each point switched off alone, cold build, first-load JavaScript of` +
      ` every page type, blocking time of ${LONGEST_DOCS.path} from its tasks' CPU time (./cpuBlocking.ts;` +
      ` median of ${report.runs} paired loads, alternated with the full site; a gain counts when it reaches` +
      ` the threshold and so many pairs gained that a point changing nothing would do so at most one time in sixteen: 6 of 7, 26 of 40). The site's own cold builds: ${base.map((s) => s.toFixed(1)).join(', ')} s.` +
      ` Load average at the start: ${report.loadAverage.join(', ')}.`,
    '',
    '| point | also off | first load, largest gain (KB) | blocking-time gain 4× / 10× (ms; pairs that gained) | main-thread CPU gain, whole load / to hydration (ms; pairs) | build without it (s) | pays its way |',
    '|---|---|--:|--:|--:|--:|---|',
  ];
  for (const point of report.points) {
    const cleared = clearedThresholds(point, base, report.baseBuildCpuSeconds);
    const gains = (key: string) => {
      const pairs = point.tbtPairs?.[key] ?? [];
      const gained = pairs.filter((difference) => difference > 0).length;
      return `${Math.round(point.tbtMs?.[key] ?? Number.NaN)} (${gained}/${pairs.length})`;
    };
    const cpuCell = (key: string) => (point.tbtPairs?.[key]?.length ? gains(key) : '–');
    const tbt = point.tbtMs
      ? `${SLOWDOWNS.map((slowdown) => gains(`${slowdown}×`)).join(' / ')} | ${cpuCell(CPU_KEY)} / ${cpuCell(CPU_TO_HYDRATION_KEY)}`
      : 'not measured | not measured';
    lines.push(
      `| ${point.id} | ${point.off.filter((id) => id !== point.id).join(', ') || '–'} | ` +
        `${point.buildError ? '–' : largestKbGain(point).toFixed(1)} | ${tbt} | ` +
        `${point.buildSeconds?.toFixed(1) ?? '–'} | ${cleared.length > 0 ? `yes: ${cleared.join('; ')}` : 'no'} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
