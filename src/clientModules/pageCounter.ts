import type {ClientModule} from '@docusaurus/types';

interface PageCounter {
  count: (view?: {path: string; title: string}) => void;
}

declare global {
  interface Window {
    goatcounter?: PageCounter;
  }
}

/**
 * Counts client-side navigations. The first page view is counted by /js/count.js itself when it
 * loads; this only reports the later route changes (and does nothing when the counter is off).
 * The new page's <title> is written by the head manager on the next animation frame, after this
 * hook runs: the count waits for that frame, then reports the new path (without its query string)
 * and the new title.
 */
const pageCounter: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (!previousLocation || previousLocation.pathname === location.pathname) return;
    const path = location.pathname;
    requestAnimationFrame(() => setTimeout(() => window.goatcounter?.count({path, title: document.title}), 0));
  },
};

export default pageCounter;
