/**
 * Package search over the feedstock-outputs map, and the channel's recent uploads, for /packages/.
 * Pure functions, no React; unit-tested in tests/unit/packages.test.ts. The parsers that build
 * these values from the remote data live in ./parse.ts, loaded only once the page has hydrated:
 * this module must not import them.
 */

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
  /** Keys left out: past MAX_PACKAGES names, or longer than MAX_NAME_LENGTH. */
  omitted: number;
}

/** The most names read from feedstock-outputs.json (the real map has about 30,000). */
export const MAX_PACKAGES = 250_000;

/** Longer keys are not package names and are left out (counted in `omitted`). */
export const MAX_NAME_LENGTH = 256;

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

/**
 * How a query matches names:
 * - `exact`: the whole name (`"python"` or `^python$`);
 * - `prefix`: the start of a name (`^py`, and any plain query of one or two characters);
 * - `suffix`: the end of a name (`arrow$`);
 * - `contains`: anywhere in a name (a plain query of three or more characters).
 */
export type MatchKind = 'exact' | 'prefix' | 'suffix' | 'contains';

export interface PackageQuery {
  kind: MatchKind;
  /** The text to match, without quotes or anchors, lower-cased. */
  text: string;
}

/** Reads the filter's text; null when nothing is left to match (empty, `^`, `""`…). */
export function parseQuery(raw: string): PackageQuery | null {
  const query = normaliseQuery(raw);
  const quoted = /^"(.*)"$/.exec(query);
  if (quoted) {
    const text = quoted[1].trim();
    return text ? {kind: 'exact', text} : null;
  }
  const start = query.startsWith('^');
  const end = query.length > (start ? 1 : 0) && query.endsWith('$');
  const text = query.slice(start ? 1 : 0, end ? -1 : undefined).trim();
  if (!text) return null;
  if (start && end) return {kind: 'exact', text};
  if (start) return {kind: 'prefix', text};
  if (end) return {kind: 'suffix', text};
  return {kind: text.length < 3 ? 'prefix' : 'contains', text};
}

/** Whether a (lower-cased) name matches a parsed query. */
export function matchesQuery(name: string, query: PackageQuery): boolean {
  switch (query.kind) {
    case 'exact':
      return name === query.text;
    case 'prefix':
      return name.startsWith(query.text);
    case 'suffix':
      return name.endsWith(query.text);
    default:
      return name.includes(query.text);
  }
}

/**
 * The query as a needle in the index text, where each name sits on its own line: a line break
 * before the text anchors the start of a name, one after it anchors the end.
 */
function needleOf({kind, text}: PackageQuery): string {
  if (kind === 'exact') return `\n${text}\n`;
  if (kind === 'prefix') return `\n${text}`;
  if (kind === 'suffix') return `${text}\n`;
  return text;
}

export interface SearchResult {
  /** How many packages match in all. */
  total: number;
  /** The best matches, at most `limit`. */
  results: PackageEntry[];
  /** The query as it was understood; null for an empty one. */
  query: PackageQuery | null;
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

/** Positions (in index order) of every entry whose line contains `needle`. */
function scanText(index: PackageIndex, needle: string): number[] {
  // A needle that starts with the line break before a name belongs to the line after it.
  const lead = needle.startsWith('\n') ? 1 : 0;
  const found: number[] = [];
  let from = 0;
  for (;;) {
    const at = index.text.indexOf(needle, from);
    if (at < 0) return found;
    const line = lineAt(index.starts, at + lead);
    found.push(line);
    // From the line break that ends this line: the next match is on a later line.
    from = index.starts[line + 1] - 1;
  }
}

/**
 * Returns a search function over the index (see parseQuery for the query forms); matches are
 * ranked by edit distance to the query text, normalised by the longer length, then by name, so a
 * plain query shows the exact name first.
 *
 * Cheap per keystroke by construction:
 * - short prefix queries read a precomputed bucket;
 * - any other query (an exact name too: one line of the text) is a native indexOf scan over all names, or, when its needle extends the
 *   previous query's, a filter of the previous matches only (typing narrows the set);
 * - the index is ordered by length, and a name's edit distance to a query it contains is
 *   exactly their length difference, so a longer name never ranks above a shorter one: only the
 *   first `limit` matches (and ties with the last of them, at most RANK_CAP) get an edit distance.
 */
export function createSearch(index: PackageIndex): (rawQuery: string, limit?: number) => SearchResult {
  let previous: {needle: string; matches: number[]} | null = null;
  const matchesOf = (query: PackageQuery): number[] => {
    if (query.kind === 'prefix' && query.text.length <= 2) return index.prefixes.get(query.text) ?? [];
    const needle = needleOf(query);
    const matches =
      previous && needle.includes(previous.needle)
        ? previous.matches.filter((i) => matchesQuery(index.entries[i].name, query))
        : scanText(index, needle);
    previous = {needle, matches};
    return matches;
  };
  return (rawQuery, limit = 100) => {
    const query = parseQuery(rawQuery);
    if (!query) return {total: 0, results: [], query};
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
        const score = editDistance(entry.name, query.text) / Math.max(entry.name.length, query.text.length);
        return {entry, score};
      })
      .sort((a, b) => a.score - b.score || (a.entry.name < b.entry.name ? -1 : 1))
      .slice(0, limit)
      .map(({entry}) => entry);
    return {total: matches.length, results, query};
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

/** Splits a name around the part that matched the query. */
export function splitMatch(name: string, query: PackageQuery | null): Highlighted {
  const lower = name.toLowerCase();
  let at = -1;
  if (query && matchesQuery(lower, query)) {
    if (query.kind === 'suffix') at = lower.length - query.text.length;
    else if (query.kind === 'contains') at = lower.indexOf(query.text);
    else at = 0;
  }
  if (at < 0) return {before: name, match: '', after: ''};
  const end = at + query!.text.length;
  return {before: name.slice(0, at), match: name.slice(at, end), after: name.slice(end)};
}

/* ---------------------------------------------------------------- feedstocks */

/** A feedstock name as GitHub allows it for a repository (the `-feedstock` suffix left off). */
const FEEDSTOCK_NAME = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

/**
 * What to say about the feedstocks that build a package:
 * - `same`: one feedstock of the package's own name;
 * - `renamed`: one feedstock of another name (worth saying: guessing `<package>-feedstock` fails);
 * - `several`: more than one feedstock produces it;
 * - `unknown`: the map names none.
 * Each feedstock carries its repository URL, or null when its name is not a valid repository name
 * (it is then shown as text).
 */
export interface FeedstockNote {
  kind: 'same' | 'renamed' | 'several' | 'unknown';
  feedstocks: Array<{name: string; url: string | null}>;
}

export function feedstockUrl(name: string): string | null {
  return FEEDSTOCK_NAME.test(name) ? `https://github.com/conda-forge/${name}-feedstock` : null;
}

export function describeFeedstocks(packageName: string, feedstocks: readonly string[]): FeedstockNote {
  const listed = [...new Set(feedstocks)].map((name) => ({name, url: feedstockUrl(name)}));
  if (listed.length === 0) return {kind: 'unknown', feedstocks: listed};
  if (listed.length > 1) return {kind: 'several', feedstocks: listed};
  return {kind: listed[0].name.toLowerCase() === packageName.toLowerCase() ? 'same' : 'renamed', feedstocks: listed};
}

/** A `?feedstock=` value as the map names feedstocks: lower-cased, without `-feedstock`. */
export function normaliseFeedstock(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/-feedstock$/, '');
}

const producedBy = new WeakMap<PackageIndex, Map<string, PackageEntry[]>>();

/** Every package a feedstock produces, by name (the reverse map is built on first use). */
export function packagesOfFeedstock(index: PackageIndex, feedstock: string): PackageEntry[] {
  let reverse = producedBy.get(index);
  if (!reverse) {
    reverse = new Map();
    for (const entry of index.entries) {
      for (const name of entry.feedstocks) {
        const key = name.toLowerCase();
        const list = reverse.get(key);
        if (list?.at(-1) === entry) continue; // the same feedstock named twice (in any case)
        if (list) list.push(entry);
        else reverse.set(key, [entry]);
      }
    }
    for (const list of reverse.values()) list.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    producedBy.set(index, reverse);
  }
  return reverse.get(normaliseFeedstock(feedstock)) ?? [];
}

/**
 * A package or feedstock name in the pieces a narrow column may break it into: after each `_` and
 * `.` (browsers already break after `-`), never inside a word. `importlib_metadata` →
 * `importlib_`, `metadata`. A name without such a separator is one piece.
 */
export function nameBreaks(name: string): string[] {
  return name.match(/[^_.]+[_.]*|[_.]+/g) ?? [];
}

/* ---------------------------------------------------------------- channel RSS */

export interface RecentUpload {
  name: string;
  /** The version from the item title, or '' when the title names none. */
  version: string;
  /** The publication date as written in the feed. */
  published: string;
  /** The publication time in ms since the epoch, or null when the date cannot be read. */
  time: number | null;
}

export interface ChannelFeed {
  uploads: RecentUpload[];
  /** The feed has more items than the RSS_ITEM_LIMIT read (their uploads are not listed). */
  more: boolean;
}

/** The most items read from the feed; the channel publishes far fewer. */
export const RSS_ITEM_LIMIT = 500;
