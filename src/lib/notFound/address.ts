/**
 * The words of a missing path to search for, e.g. `/docs/how-to-rerender-feedstock/` →
 * "how to rerender feedstock". Apart from the closest addresses (index.ts): the not-found content
 * is in the bundle of every docs page (the docs' root shows it for an unknown doc), and the
 * ranking loads only on a 404, with its list.
 */
import {decodeOrKeep} from '../routing/decode';

/** First path segments that name a section of the site rather than the page that was wanted. */
const SECTIONS = new Set(['docs', 'blog', 'news', 'community', 'status', 'packages', 'download', 'search']);

/** Words beyond this many are dropped: a search query, not a whole address. */
export const MAX_QUERY_WORDS = 8;

/** The words of each segment of a path that may name the page (see queryFromPath), in order. */
export function segmentWords(pathname: string): string[][] {
  const segments = pathname
    .split('/')
    .map((segment) => decodeOrKeep(segment))
    .map((segment) => segment.replace(/\.(html?|mdx?|php|aspx?)$/i, ''))
    .filter(Boolean);
  if (segments.length > 0 && SECTIONS.has(segments[0].toLowerCase())) segments.shift();
  return segments
    .map((segment) =>
      segment
        .split(/[^\p{L}\p{N}]+/u)
        .map((word) => word.toLowerCase())
        .filter((word) => word && word !== 'index' && !/^\d+$/.test(word)),
    )
    .filter((words) => words.length > 0);
}

/**
 * The search words of a path: the section prefix, dates and numbers of post addresses, file
 * extensions (`.html`, `.md`…) and `index` are left out; words are split at anything that is
 * not a letter or digit and lower-cased.
 */
export function queryFromPath(pathname: string): string {
  return segmentWords(pathname).flat().slice(0, MAX_QUERY_WORDS).join(' ');
}
