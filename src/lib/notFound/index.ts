/**
 * The not-found page's suggestions: the site's pages whose address comes closest to a missing
 * path. The words of the path itself are in address.ts.
 */
import {segmentWords} from './address';

export {MAX_QUERY_WORDS, queryFromPath} from './address';

/* ---------------------------------------------------------------- the closest addresses */

/** Where the build publishes the site's pages with their titles (plugins/not-found-routes). */
export const ROUTE_LIST_FILE = 'not-found-routes.json';

/** The most pages read from the route list (the site has about 420). */
export const MAX_ROUTES = 5000;

export interface RouteEntry {
  /** The page's path, e.g. `/docs/maintainer/adding_pkgs/`. */
  path: string;
  title: string;
}

/**
 * Validates the route list: `[{path, title}]`, paths that start with a single `/` and titles of
 * reasonable length; anything else is dropped.
 */
export function parseRouteList(data: unknown): RouteEntry[] {
  if (!Array.isArray(data)) return [];
  const routes: RouteEntry[] = [];
  for (const item of data.slice(0, MAX_ROUTES)) {
    if (typeof item !== 'object' || item === null) continue;
    const {path, title} = item as Record<string, unknown>;
    if (typeof path !== 'string' || !/^\/(?!\/)[^\s?#]{0,300}$/.test(path)) continue;
    if (typeof title !== 'string' || title.trim() === '' || title.length > 300) continue;
    routes.push({path, title: title.trim()});
  }
  return routes;
}

/** Lower-case words of a text: runs of letters and digits. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * How well a word of the missing address matches a word of a page: the same word (1); one the
 * start of the other, "config" and "configuration" (0.8); an abbreviation, the shorter word's
 * letters in order in the longer one from the same first letter, "pkgs" in "packages" (0.7).
 */
export function wordMatch(wanted: string, word: string): number {
  if (wanted === word) return 1;
  const [short, long] = wanted.length <= word.length ? [wanted, word] : [word, wanted];
  if (short.length < 3 || short[0] !== long[0]) return 0;
  if (long.startsWith(short)) return 0.8;
  let at = 0;
  for (const char of long) if (char === short[at]) at++;
  return at === short.length ? 0.7 : 0;
}

/** Below this, a page is no match for the address. */
export const MIN_ROUTE_SCORE = 0.6;

/**
 * The site's pages whose address and title come closest to a missing path, best first: each word
 * of the path is matched against the words of a page's address and title (see wordMatch); the
 * words of the last segment, the page's own name, count twice. A page's address words that match
 * nothing count a little against it, so a short, exact address wins over a long one that merely
 * contains the words. Pages scoring below MIN_ROUTE_SCORE are left out.
 */
export function closestRoutes(pathname: string, routes: readonly RouteEntry[], limit = 3): RouteEntry[] {
  const segments = segmentWords(pathname);
  if (segments.length === 0) return [];
  const wanted = segments.flatMap((segment, i) =>
    segment.map((word) => ({word, weight: i === segments.length - 1 ? 2 : 1})),
  );
  const total = wanted.reduce((sum, {weight}) => sum + weight, 0);
  const scored = routes.map((route) => {
    const pathWords = segmentWords(route.path).flat();
    const candidates = [...pathWords, ...words(route.title)];
    let matched = 0;
    for (const {word, weight} of wanted) {
      matched += weight * Math.max(0, ...candidates.map((candidate) => wordMatch(word, candidate)));
    }
    const unmatched = pathWords.filter((word) => !wanted.some((w) => wordMatch(w.word, word) > 0)).length;
    return {route, score: matched / (total + 0.25 * unmatched)};
  });
  return scored
    .filter(({score}) => score >= MIN_ROUTE_SCORE)
    .sort((a, b) => b.score - a.score || a.route.path.length - b.route.path.length)
    .slice(0, limit)
    .map(({route}) => route);
}
