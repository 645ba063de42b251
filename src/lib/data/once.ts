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
