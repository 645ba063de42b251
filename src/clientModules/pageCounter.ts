import type {ClientModule} from '@docusaurus/types';

interface PageCounter {
  count: () => void;
}

declare global {
  interface Window {
    goatcounter?: PageCounter;
  }
}

/**
 * Counts client-side navigations. The first page view is counted by /js/count.js itself when it
 * loads; this only reports the later route changes (and does nothing when the counter is off).
 */
const pageCounter: ClientModule = {
  onRouteDidUpdate({location, previousLocation}) {
    if (!previousLocation || previousLocation.pathname === location.pathname) return;
    window.goatcounter?.count();
  },
};

export default pageCounter;
