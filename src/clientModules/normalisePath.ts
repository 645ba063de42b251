/**
 * Spec §2: a path ending in `/index.html` is normalised by removing that suffix. A static host
 * serves `/docs/user/faq/index.html` as the page itself; before the router reads the address
 * (this module runs before the app renders), the address is replaced by `/docs/user/faq/`, so
 * links, the page counter and a copied URL all use the canonical form. The host redirect files
 * do the same with a 301 where the host allows it (plugins/host-redirects).
 *
 * The same replacement makes the address decodable (src/lib/routing/decode.ts): a path or hash with
 * malformed percent-encoding (`/status/#%ZZ`) gets each `%` written `%25`, so the router's history
 * (decodeURI of the path) and Docusaurus's scroll to the hash after a navigation
 * (decodeURIComponent) read the text as written instead of throwing. A hash the visitor changes
 * later is mended the same way, in a `popstate` listener added before the router's. Only an
 * address of this origin is ever written.
 */
import {canonicalPath} from '@site/src/lib/routing/canonicalPath';
import {decodable} from '@site/src/lib/routing/decode';

function mend(): void {
  const {pathname, search, hash, href, origin} = window.location;
  const next = canonicalPath(decodable(pathname, decodeURI)) + search + (hash && `#${decodable(hash.slice(1))}`);
  if (next === pathname + search + hash) return;
  const target = new URL(next, href);
  if (target.origin === origin) window.history.replaceState(window.history.state, '', target.href);
}

if (typeof window !== 'undefined') {
  mend();
  window.addEventListener('popstate', mend);
}

export {};
