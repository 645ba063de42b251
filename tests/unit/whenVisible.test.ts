import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createVisibilityPrefetcher, type ObserverFactory} from '../../src/lib/prefetch/whenVisible';

type Entry = {target: Element; isIntersecting: boolean; intersectionRatio: number};

/** A fake IntersectionObserver: records what it watches and lets the test report entries. */
function fakeObservers() {
  const made: {watching: Set<Element>; report: (entries: Entry[]) => void}[] = [];
  const factory: ObserverFactory = (callback) => {
    const watching = new Set<Element>();
    made.push({watching, report: (entries) => callback(entries)});
    return {observe: (element) => watching.add(element), unobserve: (element) => watching.delete(element)};
  };
  return {made, factory};
}

const el = (name: string) => ({name}) as unknown as Element;

test('one observer for every link; a link prefetches once, when it is first on screen', () => {
  const {made, factory} = fakeObservers();
  const prefetched: string[] = [];
  const watch = createVisibilityPrefetcher(factory, (href) => prefetched.push(href));
  const a = el('a');
  const b = el('b');
  watch(a, '/docs/a/');
  watch(b, '/docs/b/');
  assert.equal(made.length, 1);
  assert.deepEqual([...made[0].watching], [a, b]);
  made[0].report([{target: a, isIntersecting: false, intersectionRatio: 0}]);
  assert.deepEqual(prefetched, []);
  made[0].report([{target: a, isIntersecting: true, intersectionRatio: 0.5}]);
  assert.deepEqual(prefetched, ['/docs/a/']);
  assert.deepEqual([...made[0].watching], [b]);
  // Reported again (the observer's queue), it is not prefetched twice.
  made[0].report([{target: a, isIntersecting: true, intersectionRatio: 1}]);
  assert.deepEqual(prefetched, ['/docs/a/']);
});

test('a link that unmounts is no longer watched', () => {
  const {made, factory} = fakeObservers();
  const prefetched: string[] = [];
  const watch = createVisibilityPrefetcher(factory, (href) => prefetched.push(href));
  const a = el('a');
  const stop = watch(a, '/docs/a/');
  stop();
  assert.deepEqual([...made[0].watching], []);
  made[0].report([{target: a, isIntersecting: true, intersectionRatio: 1}]);
  assert.deepEqual(prefetched, []);
  stop();
});

test('without IntersectionObserver, the page is prefetched at once', () => {
  const prefetched: string[] = [];
  const watch = createVisibilityPrefetcher(undefined, (href) => prefetched.push(href));
  watch(el('a'), '/docs/a/')();
  assert.deepEqual(prefetched, ['/docs/a/']);
});
