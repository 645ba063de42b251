/**
 * A per-page-session cache of loads: each key is loaded once while the page lives (a client
 * navigation away and back reuses it). A load is not tied to one visit, so leaving a page early
 * does not waste it; a failed load is forgotten, so Retry loads again.
 */
const cache = new Map<string, Promise<unknown>>();

export function loadOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = load();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
