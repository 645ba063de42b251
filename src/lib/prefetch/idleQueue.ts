/**
 * A queue that runs its jobs in the browser's idle time, in slices short enough never to count
 * as a long task (even on a phone four times slower than this machine). Pure apart from the
 * scheduler and clock it is given, so it is unit-tested with fakes.
 */
export interface IdleDeadlineLike {
  timeRemaining: () => number;
}

export type IdleScheduler = (callback: (deadline: IdleDeadlineLike) => void) => void;

/** Milliseconds of work per slice: with one job running over, a device four times slower still stays under the 50 ms long-task line. */
export const SLICE_MS = 5;

export function createIdleQueue<T>(
  run: (job: T) => void,
  schedule: IdleScheduler,
  now: () => number = () => performance.now(),
): (job: T) => void {
  const jobs: T[] = [];
  let scheduled = false;

  const slice = (deadline: IdleDeadlineLike) => {
    scheduled = false;
    const end = now() + SLICE_MS;
    while (jobs.length > 0 && deadline.timeRemaining() > 1 && now() < end) run(jobs.shift() as T);
    if (jobs.length > 0) request();
  };
  const request = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(slice);
  };
  return (job: T) => {
    jobs.push(job);
    request();
  };
}

/** requestIdleCallback where there is one (not in Safari): otherwise a short timeout. */
export function browserIdleScheduler(): IdleScheduler {
  if (typeof window.requestIdleCallback === 'function') {
    return (callback) => window.requestIdleCallback(callback, {timeout: 3000});
  }
  return (callback) => window.setTimeout(() => callback({timeRemaining: () => SLICE_MS}), 50);
}
