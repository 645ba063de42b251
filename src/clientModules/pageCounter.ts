import type {ClientModule} from '@docusaurus/types';
import {pageCounterScript} from '@site/src/lib/analytics/pageCounter';

interface PageCounter {
  count: (view?: {path: string; title: string}) => void;
}

declare global {
  interface Window {
    goatcounter?: PageCounter;
  }
}

/**
 * The page counter. /js/count.js (static/js/count.js) reports each page view to the GoatCounter
 * endpoint named in its data-goatcounter attribute, without cookies or personal data: the path
 * without its query string (search terms and package filters never leave the page), the title,
 * the screen size, and the referrer on a visit's first view only (later views are moves within
 * the site), cut to its origin and path: a page opened from `/search/?q=…` in a new tab would
 * otherwise send the search terms. No address it sends carries a query or a hash.
 *
 * Production pages name the script in a meta element (src/lib/analytics/pageCounter.ts); this module loads
 * it at the first idle moment after the page has hydrated, and the script counts the first page view when it runs. The
 * module then reports the later route changes (and does nothing when the counter is off). The new
 * page's <title> is written by the head manager on the next animation frame, after this hook
 * runs: the count waits for that frame, then reports the new path (without its query string) and
 * the new title.
 */
/** Loads the counter (when the page names one) at the first idle moment after this first render. */
function loadCounter(): void {
  const load = () => {
    const script = pageCounterScript(document);
    if (script) document.head.append(script);
  };
  if (typeof requestIdleCallback === 'function') requestIdleCallback(load, {timeout: 2000});
  else setTimeout(load, 0);
}

const pageCounter: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    // The first call comes as the hydrated page commits: the counter loads after that.
    if (!previousLocation) {
      loadCounter();
      return;
    }
    if (previousLocation.pathname === location.pathname) return;
    const path = location.pathname;
    requestAnimationFrame(() => setTimeout(() => window.goatcounter?.count({path, title: document.title}), 0));
  },
};

export default pageCounter;
