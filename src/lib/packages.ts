/**
 * Package search over the feedstock-outputs map, and the channel's recent uploads, for /packages/.
 * Pure functions, no React; unit-tested in tests/unit/packages.test.ts.
 */
import {DataError, expectRecord} from './fetchData';

export interface PackageEntry {
  /** The package name, lower-cased. */
  name: string;
  /** Feedstock names without the `-feedstock` suffix. */
  feedstocks: string[];
}

/** The searchable map: entries ordered by name length, then name (see searchPackages). */
export interface PackageIndex {
  entries: PackageEntry[];
  byName: Map<string, PackageEntry>;
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
    const name = key.toLowerCase();
    const known = byName.get(name);
    if (known) known.feedstocks = [...new Set([...known.feedstocks, ...feedstocks])];
    else byName.set(name, {name, feedstocks: [...feedstocks]});
  }
  if (byName.size === 0) throw new DataError('Unexpected data: feedstock-outputs.json lists no packages.');
  const entries = [...byName.values()].sort((a, b) => a.name.length - b.name.length || (a.name < b.name ? -1 : 1));
  return {entries, byName};
}

/** Levenshtein distance with a single reused row (O(min(a,b)) memory). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length < b.length) [a, b] = [b, a];
  const row = Array.from({length: b.length + 1}, (_, i) => i);
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
  return query.trim().toLowerCase();
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

/**
 * Finds packages: 1–2 characters match by prefix, 3 or more by substring. Matches are ranked by
 * edit distance to the query, normalised by the longer length, then by name.
 *
 * Cheap by construction: the index is ordered by name length and a name's edit distance to a
 * query it contains is at least their length difference, so the first RANK_CAP matches of the
 * scan hold the best ones; only those get an edit distance. Every other name costs one
 * startsWith/includes.
 */
export function searchPackages(index: PackageIndex, rawQuery: string, limit = 100): SearchResult {
  const query = normaliseQuery(rawQuery);
  if (!query) return {total: 0, results: []};
  const candidates: PackageEntry[] = [];
  let total = 0;
  for (const entry of index.entries) {
    if (!matchesQuery(entry.name, query)) continue;
    total++;
    if (candidates.length < Math.max(RANK_CAP, limit)) candidates.push(entry);
  }
  const results = candidates
    .map((entry) => ({entry, score: editDistance(entry.name, query) / Math.max(entry.name.length, query.length)}))
    .sort((a, b) => a.score - b.score || (a.entry.name < b.entry.name ? -1 : 1))
    .slice(0, limit)
    .map(({entry}) => entry);
  return {total, results};
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

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'"};

function decodeXmlText(text: string): string {
  const cdata = /^\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*$/.exec(text);
  if (cdata) return cdata[1].trim();
  return text
    .replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (whole, entity: string) => {
      if (entity[0] !== '#') return ENTITIES[entity.toLowerCase()] ?? whole;
      const code = entity[1].toLowerCase() === 'x' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .trim();
}

function childText(item: string, tag: string): string {
  const match = new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'i').exec(item);
  return match ? decodeXmlText(match[1]) : '';
}

/**
 * Reads the channel's RSS feed: each `<item>` gives the package (first word of its title) and
 * the publication date as written. The channel's own `<title>` sits outside the items and is
 * skipped. A document that is not a complete RSS channel is a DataError.
 */
export function parseChannelRss(xml: string): RecentUpload[] {
  if (!/<rss[\s>]/i.test(xml) || !/<channel[\s>]/i.test(xml)) {
    throw new DataError('Unexpected data: the channel feed is not an RSS feed.');
  }
  if (!/<\/channel>\s*<\/rss>\s*$/i.test(xml)) {
    throw new DataError('The channel feed could not be read (it is incomplete or malformed).');
  }
  const uploads: RecentUpload[] = [];
  for (const [, item] of xml.matchAll(/<item(?:\s[^>]*)?>([\s\S]*?)<\/item>/gi)) {
    const name = childText(item, 'title').split(/\s+/)[0];
    if (name) uploads.push({name, published: childText(item, 'pubDate')});
  }
  return uploads;
}
