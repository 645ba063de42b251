import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {browserIdleScheduler, createIdleQueue} from '../lib/prefetch/idleQueue';

/**
 * Docusaurus prefetches the code of each internal link as soon as the link scrolls into view.
 * Right after hydration that is every visible link at once, each a scan of the route registry
 * plus a <link rel="prefetch">: one long task of ~80 ms on a mid-range phone, just when the
 * reader starts to scroll or tap. Here the same prefetches run in idle time, a few at a time.
 * Hovering or touching a link still loads its route at once (Docusaurus's `preload`).
 *
 * The client entry assigns `window.docusaurus` after the client modules have been evaluated; a
 * property setter catches that assignment and wraps `prefetch` before any link is visible. If
 * that stops happening (Docusaurus assigns it earlier, renames it, or `prefetch` is gone), the
 * first rendered route reports it with `console.error`, which the e2e console guard turns into a
 * failing test.
 */
type Docusaurus = Window['docusaurus'];

let wrapped = false;

function withIdlePrefetch(docusaurus: Docusaurus): Docusaurus {
  if (typeof docusaurus.prefetch !== 'function') {
    console.error('[idle-prefetch] window.docusaurus has no prefetch function; links prefetch as Docusaurus does.');
    return docusaurus;
  }
  wrapped = true;
  const enqueue = createIdleQueue<string>((path) => void docusaurus.prefetch(path), browserIdleScheduler());
  return {
    ...docusaurus,
    prefetch: (path: string) => {
      enqueue(path);
      return false;
    },
  };
}

if (ExecutionEnvironment.canUseDOM && !('docusaurus' in window)) {
  let current: Docusaurus | undefined;
  Object.defineProperty(window, 'docusaurus', {
    configurable: true,
    enumerable: true,
    get: () => current,
    set: (value: Docusaurus) => {
      current = value ? withIdlePrefetch(value) : value;
    },
  });
}

/** After the first render, the wrapper must be in place. */
export function onRouteDidUpdate(): void {
  if (ExecutionEnvironment.canUseDOM && !wrapped) {
    console.error(
      '[idle-prefetch] window.docusaurus was never assigned through the setter: prefetches are not deferred.',
    );
  }
}
