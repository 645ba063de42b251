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
 * The page counter. /js/count.js (static/js/count.js, loaded by a script tag in production builds)
 * reports each page view to the GoatCounter endpoint named in its data-goatcounter attribute,
 * without cookies or personal data: the path without its query string (search terms and package
 * filters never leave the page), the title, the screen size, and the referrer on a visit's first
 * view only (later views are moves within the site), cut to its origin and path: a page opened
 * from `/search/?q=…` in a new tab would otherwise send the search terms. No address it sends
 * carries a query or a hash.
 *
 * This module counts client-side navigations. The first page view is counted by /js/count.js itself when it
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
