/**
 * Runs async tasks with at most `limit` of them in flight; the rest wait in order. Used for the
 * per-migration details files, of which there can be a hundred.
 * Hand-written rather than a package (p-limit): a dozen lines with unit tests, and p-limit's
 * current releases are ESM-only with a dependency of their own, all for what this does.
 */
export function createLimiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: Array<() => void> = [];
  const next = () => {
    active -= 1;
    waiting.shift()?.();
  };
  return <T>(task: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      const start = () => {
        active += 1;
        let running: Promise<T>;
        try {
          running = task();
        } catch (error) {
          running = Promise.reject(error);
        }
        running.then(resolve, reject).finally(next);
      };
      if (active < limit) start();
      else waiting.push(start);
    });
}
