/**
 * Spec §2: a path ending in `/index.html` is normalised by removing that suffix. A static host
 * serves `/docs/user/faq/index.html` as the page itself; before the router reads the address
 * (this module runs before the app renders), the address is replaced by `/docs/user/faq/`, so
 * links, the page counter and a copied URL all use the canonical form. The host redirect files
 * do the same with a 301 where the host allows it (plugins/host-redirects).
 */
import {canonicalPath} from '@site/src/lib/routing/canonicalPath';

if (typeof window !== 'undefined') {
  const canonical = canonicalPath(window.location.pathname);
  if (canonical !== window.location.pathname) {
    window.history.replaceState(window.history.state, '', canonical + window.location.search + window.location.hash);
  }
}

export {};
