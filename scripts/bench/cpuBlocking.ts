/**
 * Main-thread blocking of a page load, from the CPU time of its tasks: a total-blocking-time
 * figure that a busy machine disturbs less than Lighthouse's, for comparing two builds of the same
 * page (scripts/bench/ablate.ts).
 *
 * Lighthouse's TBT sums, over the main-thread tasks between the first contentful paint and the
 * page becoming interactive, what each lasts beyond 50 ms, with each task's observed time
 * multiplied by the CPU slowdown it simulates. Two things make that figure jump between loads of
 * the same page here: the observed (wall) time of a task grows whenever another process takes the
 * core, and the page's first large task (about 80–110 ms of CPU on the longest docs page) falls
 * sometimes just before the paint, sometimes just after it. So this sum differs in two ways: it
 * takes each task's thread time (`tdur` in Chromium's trace: the CPU time the main thread spent in
 * it) multiplied by the slowdown, and it counts every top-level task of the load, from navigation
 * until the page has hydrated (its deferred body too) and two more seconds have passed. One load
 * gives the figure for every slowdown.
 */
import type {Browser, BrowserContext} from 'playwright-core';
import {recordHydration} from './firstLoad';

/** One event of Chromium's trace (the fields used here). */
export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {name?: string};
}

const LONG_TASK_MS = 50;
const CATEGORIES = ['toplevel', 'disabled-by-default-devtools.timeline', 'blink.user_timing'];

/** The renderer's main thread that ran the most task time (the page's, not about:blank's). */
function mainThread(events: TraceEvent[]): {pid: number; tid: number} | undefined {
  const mains = events.filter(
    (event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  let best: {pid: number; tid: number; time: number} | undefined;
  for (const {pid, tid} of mains) {
    const time = events
      .filter((event) => event.pid === pid && event.tid === tid && event.name === 'RunTask' && event.ph === 'X')
      .reduce((sum, event) => sum + (event.tdur ?? event.dur ?? 0), 0);
    if (!best || time > best.time) best = {pid, tid, time};
  }
  return best && {pid: best.pid, tid: best.tid};
}

/** The key of the main thread's whole CPU time (ms, not slowed down) in blockingFromTrace's result. */
export const CPU_KEY = 'cpu';
/**
 * The key of the CPU time of the tasks up to the one that hydrated the page (ms): the start-up
 * work alone, which varies less between loads than the whole (no deferred body, no prefetches).
 */
export const CPU_TO_HYDRATION_KEY = 'cpu to hydration';
/** The user-timing mark the bench's hydration recorder sets (./firstLoad.ts). */
const HYDRATED_MARK = 'cf-hydrated';

/**
 * Blocking time (ms) per slowdown: Σ max(0, CPU ms × slowdown − 50) over the main thread's
 * top-level tasks; and under CPU_KEY, their CPU time summed (ms). The blocking sum depends on how
 * the work is cut into tasks, which React's time slicing decides by the clock, so it still jumps
 * between loads; the CPU sum follows the amount of work.
 */
export function blockingFromTrace(events: TraceEvent[], slowdowns: readonly number[]): Record<string, number> {
  const thread = mainThread(events);
  const result: Record<string, number> = Object.fromEntries([
    ...slowdowns.map((slowdown) => [`${slowdown}×`, 0]),
    [CPU_KEY, 0],
    [CPU_TO_HYDRATION_KEY, 0],
  ]);
  if (!thread) return result;
  const onThread = (event: TraceEvent) => event.pid === thread.pid && event.tid === thread.tid;
  const tasks = events
    .filter((event) => onThread(event) && event.name === 'RunTask' && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const hydrated = events.find((event) => event.name === HYDRATED_MARK && event.pid === thread.pid);
  let end = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    if (task.ts < end) continue; // nested in the previous task
    end = task.ts + (task.dur ?? 0);
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    result[CPU_KEY] += cpuMs;
    if (hydrated && task.ts <= hydrated.ts) result[CPU_TO_HYDRATION_KEY] += cpuMs;
    for (const slowdown of slowdowns) {
      result[`${slowdown}×`] += Math.max(0, cpuMs * slowdown - LONG_TASK_MS);
    }
  }
  return result;
}

/**
 * Loads `url` in a fresh context, waits until it has hydrated, its deferred body too, and the
 * page has settled, and returns its blocking time per slowdown.
 */
export async function measureBlocking(
  browser: Browser,
  url: string,
  slowdowns: readonly number[],
  prepare: (context: BrowserContext) => Promise<void> = async () => {},
): Promise<Record<string, number>> {
  const context = await browser.newContext({viewport: {width: 412, height: 823}});
  try {
    await prepare(context);
    await recordHydration(context);
    const page = await context.newPage();
    await browser.startTracing(page, {categories: CATEGORIES});
    await page.goto(url);
    await page.waitForFunction(
      () =>
        (window as unknown as {cfHydratedAt?: number}).cfHydratedAt !== undefined &&
        !document.documentElement.hasAttribute('data-deferred-hydration'),
      undefined,
      {timeout: 60_000},
    );
    // What runs right after hydration (prefetches, deferred work) belongs to the load too.
    await page.waitForTimeout(2000);
    const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as {traceEvents: TraceEvent[]};
    return blockingFromTrace(trace.traceEvents, slowdowns);
  } finally {
    await context.close();
  }
}
