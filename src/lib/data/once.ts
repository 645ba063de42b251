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
