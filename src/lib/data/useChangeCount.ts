import {useRef} from 'react';

/**
 * How many times `deps` has changed (by `Object.is`, item by item) since the component mounted:
 * a value an effect can depend on in place of a list of unknown length. A module of its own, so
 * that search, which uses it, does not download the data-fetching code of ./useRemoteData.ts.
 */
export function useChangeCount(deps: ReadonlyArray<unknown>): number {
  const seen = useRef({deps, count: 0});
  const previous = seen.current.deps;
  if (previous.length !== deps.length || deps.some((value, index) => !Object.is(value, previous[index]))) {
    seen.current = {deps, count: seen.current.count + 1};
  }
  return seen.current.count;
}
