/**
 * Lighthouse (mobile defaults: emulated phone, throttled CPU and network) against the served
 * build with Debian's Chromium, median of N runs per page. Lighthouse runs through its own CLI in
 * a child process, outside the TypeScript loader of the benchmark.
 */
import {execFile} from 'node:child_process';
import {createRequire} from 'node:module';
import path from 'node:path';
import {promisify} from 'node:util';
import {median} from './stats';
import {CHROMIUM_FLAGS, CHROMIUM_PATH} from '../chromium';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

export interface LighthouseResult {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** ms */
  tbt: number;
  cls: number;
  /** ms */
  lcp: number;
  /** Lighthouse's measure of this machine's CPU speed (higher is faster), taken before each run. */
  benchmarkIndex: number;
}

export interface LighthouseOptions {
  /**
   * Lighthouse's CPU slowdown (default 4: a high-end desktop made a mid-tier phone). On a faster
   * machine the default leaves little to measure; Lighthouse's own guide ("CPU throttling",
   * docs/throttling.md) sets it from the machine's benchmark index.
   */
  cpuSlowdown?: number;
}

interface Lhr {
  categories: Record<string, {score: number | null}>;
  audits: Record<string, {numericValue?: number}>;
  environment?: {benchmarkIndex?: number};
}

async function once(url: string, extraFlags: string[], options: LighthouseOptions): Promise<LighthouseResult> {
  const cli = path.join(path.dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');
  const {stdout} = await run(
    process.execPath,
    [
      cli,
      url,
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--only-categories=performance,accessibility,best-practices,seo',
      ...(options.cpuSlowdown === undefined ? [] : [`--throttling.cpuSlowdownMultiplier=${options.cpuSlowdown}`]),
      `--chrome-flags=${['--headless', ...CHROMIUM_FLAGS, ...extraFlags].map(quoteFlag).join(' ')}`,
    ],
    {env: {...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM_PATH}, maxBuffer: 64 * 1024 * 1024},
  );
  const {categories, audits, environment} = JSON.parse(stdout) as Lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    benchmarkIndex: environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** `--name=value with spaces` → `--name="value with spaces"`, as Lighthouse's flag parser reads it. */
function quoteFlag(flag: string): string {
  const at = flag.indexOf('=');
  return at > 0 && flag.includes(' ') ? `${flag.slice(0, at + 1)}"${flag.slice(at + 1)}"` : flag;
}

/** Median of `runs` Lighthouse runs; `extraFlags` go to Chromium (e.g. host rules for fixtures). */
export async function runLighthouse(
  url: string,
  runs: number,
  extraFlags: string[] = [],
  options: LighthouseOptions = {},
): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  for (let i = 0; i < runs; i++) results.push(await once(url, extraFlags, options));
  const pick = (key: keyof LighthouseResult) => median(results.map((r) => r[key]));
  return {
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    bestPractices: pick('bestPractices'),
    seo: pick('seo'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    lcp: pick('lcp'),
    benchmarkIndex: pick('benchmarkIndex'),
  };
}
