/**
 * A value made on first use, then kept. For Intl formatters: the first one of a kind that a page
 * builds costs 13–15 ms of main-thread time on this machine (ICU loads its data), so a module that
 * a page evaluates while it hydrates must not build one at its top level; the formatter is made
 * when the first value to format arrives.
 */
export function once<T>(make: () => T): () => T {
  let made: {value: T} | undefined;
  return () => {
    made ??= {value: make()};
    return made.value;
  };
}

/** A value loaded on first use (`load()`), kept once it has loaded (`current()`). */
export interface AsyncOnce<T> {
  (): Promise<T>;
  current(): T | undefined;
}

/**
 * `load` run on the first call and its result kept; calls while it runs share it, and a failed
 * load is tried again by the next call. For code loaded on demand (a renderer, a page's body, the
 * search engine).
 */
export function asyncOnce<T>(load: () => Promise<T>): AsyncOnce<T> {
  let loaded: {value: T} | undefined;
  let pending: Promise<T> | undefined;
  const get = (): Promise<T> => {
    pending ??= load().then(
      (value) => {
        loaded = {value};
        return value;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  return Object.assign(get, {current: () => loaded?.value});
}
