/** Package search over the feedstock-outputs map, for /packages/. */
import {DataError, expectRecord} from './fetchData';

export interface PackageEntry {
  name: string;
  feedstocks: string[];
}

/** Validates feedstock-outputs.json (`{output: [feedstock, …]}`); names are lower-cased. */
export function parseFeedstockOutputs(data: unknown): PackageEntry[] {
  const root = expectRecord(data, 'feedstock-outputs.json');
  const entries: PackageEntry[] = [];
  for (const [name, feedstocks] of Object.entries(root)) {
    if (!Array.isArray(feedstocks) || !feedstocks.every((f) => typeof f === 'string')) {
      throw new DataError(`Unexpected data: the feedstocks of "${name}" are not a list of names.`);
    }
    entries.push({name: name.toLowerCase(), feedstocks});
  }
  return entries.sort((a, b) => a.name.localeCompare(b.name));
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

/**
 * Finds packages: 1–2 characters match by prefix, 3 or more by substring; results are ranked by
 * edit distance to the query, normalised by the longer length, then by name.
 */
export function searchPackages(entries: PackageEntry[], rawQuery: string, limit = 100): PackageEntry[] {
  const query = rawQuery.trim().toLowerCase();
  if (!query) return [];
  const byPrefix = query.length < 3;
  const hits = entries.filter((e) => (byPrefix ? e.name.startsWith(query) : e.name.includes(query)));
  const score = (name: string) => editDistance(name, query) / Math.max(name.length, query.length);
  return hits
    .map((entry) => ({entry, score: score(entry.name)}))
    .sort((a, b) => a.score - b.score || a.entry.name.localeCompare(b.entry.name))
    .slice(0, limit)
    .map(({entry}) => entry);
}

/** Splits a name around the first match of the query, for highlighting. */
export function splitMatch(name: string, rawQuery: string): [before: string, match: string, after: string] {
  const query = rawQuery.trim().toLowerCase();
  const at = query ? name.indexOf(query) : -1;
  if (at < 0) return [name, '', ''];
  return [name.slice(0, at), name.slice(at, at + query.length), name.slice(at + query.length)];
}

export interface RecentUpload {
  name: string;
  published: string;
}

/** Reads the channel RSS (title's first word is the package; the channel's own title is skipped). */
export function parseChannelRss(xml: string, parser: DOMParser): RecentUpload[] {
  const doc = parser.parseFromString(xml, 'application/xml');
  if (doc.querySelector('parsererror')) throw new DataError('The channel feed could not be read.');
  return [...doc.querySelectorAll('item')].map((item) => ({
    name: (item.querySelector('title')?.textContent ?? '').trim().split(/\s+/)[0],
    published: (item.querySelector('pubDate')?.textContent ?? '').trim(),
  })).filter((u) => u.name);
}
