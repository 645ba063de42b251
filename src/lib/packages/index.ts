/**
 * Package search over the feedstock-outputs map, and the channel's recent uploads, for /packages/.
 * Pure functions, no React; unit-tested in tests/unit/packages.test.ts.
 */
import {DataError, expectRecord} from '../data/fetchData';

export interface PackageEntry {
  /** The package name, lower-cased. */
  name: string;
  /** Feedstock names without the `-feedstock` suffix. */
  feedstocks: string[];
}

/**
 * The searchable map, built once when the map arrives:
 * - `entries` ordered by name length, then name (see createSearch for why);
 * - `text`: every name on its own line (`\nname\n…`), so a substring search is a few native
 *   indexOf calls instead of 25,000 JavaScript calls; `starts[i]` is where entry i's line begins;
 * - `prefixes`: entry positions by their first one and two characters, for short queries.
 */
export interface PackageIndex {
  entries: PackageEntry[];
  byName: Map<string, PackageEntry>;
  text: string;
  starts: Int32Array;
  prefixes: Map<string, number[]>;
}

/**
 * Validates feedstock-outputs.json (`{output: [feedstock, …]}`) and builds the index. Names are
 * lower-cased once here, so a search never lower-cases the 25,000 names again; two keys that
 * differ only in case are merged.
 */
export function parseFeedstockOutputs(data: unknown): PackageIndex {
  const root = expectRecord(data, 'feedstock-outputs.json');
  const byName = new Map<string, PackageEntry>();
  for (const [key, feedstocks] of Object.entries(root)) {
    if (!Array.isArray(feedstocks) || !feedstocks.every((f) => typeof f === 'string')) {
      throw new DataError(`Unexpected data: the feedstocks of "${key}" are not a list of names.`);
    }
    const name = key.toLowerCase().replace(/\n/g, ' ');
    const known = byName.get(name);
    if (known) known.feedstocks = [...new Set([...known.feedstocks, ...feedstocks])];
    else byName.set(name, {name, feedstocks: [...feedstocks]});
  }
  if (byName.size === 0) throw new DataError('Unexpected data: feedstock-outputs.json lists no packages.');
  const entries = [...byName.values()].sort((a, b) => a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  const starts = new Int32Array(entries.length + 1);
  const prefixes = new Map<string, number[]>();
  let offset = 1;
  entries.forEach((entry, i) => {
    starts[i] = offset;
    offset += entry.name.length + 1;
    for (const prefix of new Set([entry.name.slice(0, 1), entry.name.slice(0, 2)])) {
      const bucket = prefixes.get(prefix);
      if (bucket) bucket.push(i);
      else prefixes.set(prefix, [i]);
    }
  });
  starts[entries.length] = offset;
  return {entries, byName, text: `\n${entries.map((e) => e.name).join('\n')}\n`, starts, prefixes};
}

let distanceRow = new Int32Array(64);

/** Levenshtein distance with a single row, reused across calls (no allocation per call). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  if (distanceRow.length < b.length + 1) distanceRow = new Int32Array(b.length + 1);
  const row = distanceRow;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

/** The query as it is matched: trimmed and lower-cased. */
export function normaliseQuery(query: string): string {
  return query.trim().toLowerCase().replace(/\n/g, ' ');
}

/** 1–2 characters match the start of a name, 3 or more match anywhere in it. */
export function matchesQuery(name: string, query: string): boolean {
  return query.length < 3 ? name.startsWith(query) : name.includes(query);
}

export interface SearchResult {
  /** How many packages match in all. */
  total: number;
  /** The best matches, at most `limit`. */
  results: PackageEntry[];
}

/** Ranking work is capped: at most this many matches get an edit distance. */
export const RANK_CAP = 500;

/** The entry whose line holds text position `at` (binary search over the line starts). */
function lineAt(starts: Int32Array, at: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if (starts[mid] <= at) low = mid;
    else high = mid - 1;
  }
  return low;
}

/** Positions (in index order) of every entry whose name contains `query`. */
function scanText(index: PackageIndex, query: string): number[] {
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = index.text.indexOf(query, from);
    if (at < 0) return found;
    const line = lineAt(index.starts, at);
    found.push(line);
    from = index.starts[line + 1];
  }
}

/**
 * Returns a search function over the index: 1–2 characters match by prefix, 3 or more by
 * substring; matches are ranked by edit distance to the query, normalised by the longer length,
 * then by name.
 *
 * Cheap per keystroke by construction:
 * - prefix queries read a precomputed bucket;
 * - a substring query is a native indexOf scan over all names, or, when it extends the previous
 *   query, a filter of the previous matches only (typing narrows the set);
 * - the index is ordered by length, and a name's edit distance to a query it contains is
 *   exactly their length difference, so a longer name never ranks above a shorter one: only the
 *   first `limit` matches (and ties with the last of them, at most RANK_CAP) get an edit distance.
 */
export function createSearch(index: PackageIndex): (rawQuery: string, limit?: number) => SearchResult {
  let previous: {query: string; matches: number[]} | null = null;
  const matchesOf = (query: string): number[] => {
    if (query.length < 3) return index.prefixes.get(query) ?? [];
    const matches =
      previous && query.includes(previous.query)
        ? previous.matches.filter((i) => index.entries[i].name.includes(query))
        : scanText(index, query);
    previous = {query, matches};
    return matches;
  };
  return (rawQuery, limit = 100) => {
    const query = normaliseQuery(rawQuery);
    if (!query) return {total: 0, results: []};
    const matches = matchesOf(query);
    // Candidates: the first `limit` matches plus any of the same length as the last of them
    // (ties), at most RANK_CAP. A longer name is further from the query than all of these.
    let end = Math.min(matches.length, limit);
    if (end > 0) {
      const longest = index.entries[matches[end - 1]].name.length;
      while (end < matches.length && end < RANK_CAP && index.entries[matches[end]].name.length === longest) end++;
    }
    const results = matches
      .slice(0, end)
      .map((i) => {
        const entry = index.entries[i];
        return {entry, score: editDistance(entry.name, query) / Math.max(entry.name.length, query.length)};
      })
      .sort((a, b) => a.score - b.score || (a.entry.name < b.entry.name ? -1 : 1))
      .slice(0, limit)
      .map(({entry}) => entry);
    return {total: matches.length, results};
  };
}

/** One search without memory of the previous query (see createSearch). */
export function searchPackages(index: PackageIndex, rawQuery: string, limit = 100): SearchResult {
  return createSearch(index)(rawQuery, limit);
}

export interface Highlighted {
  before: string;
  match: string;
  after: string;
}

/** Splits a name around the part that matched the query (the start for 1–2 characters). */
export function splitMatch(name: string, rawQuery: string): Highlighted {
  const query = normaliseQuery(rawQuery);
  const lower = name.toLowerCase();
  const at = !query ? -1 : query.length < 3 ? (lower.startsWith(query) ? 0 : -1) : lower.indexOf(query);
  if (at < 0) return {before: name, match: '', after: ''};
  return {before: name.slice(0, at), match: name.slice(at, at + query.length), after: name.slice(at + query.length)};
}

/* ---------------------------------------------------------------- channel RSS */

export interface RecentUpload {
  name: string;
  published: string;
}

/** The most items read from the feed; the channel publishes far fewer. */
export const RSS_ITEM_LIMIT = 500;

/** What parseChannelRss needs of a DOMParser (the browser's, or a stand-in in tests). */
export type XmlParser = Pick<DOMParser, 'parseFromString'>;

/** The trimmed text of an element's first child element named `tag` (CDATA and entities decoded). */
function childText(item: Element, tag: string): string {
  return item.getElementsByTagName(tag)[0]?.textContent?.trim() ?? '';
}

/**
 * Reads the channel's RSS feed with an XML parser: each `<item>` gives the package (first word of
 * its title) and the publication date as written, for the first RSS_ITEM_LIMIT items. The
 * channel's own `<title>` sits outside the items and is skipped. A document that is not
 * well-formed XML with an `<rss>` root and a `<channel>` is a DataError.
 */
export function parseChannelRss(xml: string, parser: XmlParser = new DOMParser()): RecentUpload[] {
  const notRss = new DataError('Unexpected data: the channel feed is not an RSS feed.');
  // JSON, an HTML error page or an empty answer: not a feed at all, rather than a broken one.
  if (!/<rss[\s>]/i.test(xml)) throw notRss;
  const malformed = new DataError('The channel feed could not be read (it is incomplete or malformed).');
  let doc: Document;
  try {
    doc = parser.parseFromString(xml, 'text/xml');
  } catch {
    throw malformed;
  }
  if (doc.getElementsByTagName('parsererror').length > 0) throw malformed;
  const root = doc.documentElement;
  const channel = root?.nodeName === 'rss' ? root.getElementsByTagName('channel')[0] : undefined;
  if (!channel) throw notRss;
  const uploads: RecentUpload[] = [];
  const items = channel.getElementsByTagName('item');
  for (let i = 0; i < items.length && uploads.length < RSS_ITEM_LIMIT; i++) {
    const name = childText(items[i], 'title').split(/\s+/)[0];
    if (name) uploads.push({name, published: childText(items[i], 'pubDate')});
  }
  return uploads;
}
