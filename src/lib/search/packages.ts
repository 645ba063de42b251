/**
 * Packages in site search: when a query is a package's name (or the start of one), the modal and
 * the search page show a "Packages" group first, each package linking to its row on /packages/
 * (`?q=^name$`) and to the feedstock that builds it. The names come from the same data as
 * /packages/ (the feedstock-outputs map, src/lib/packages) and the same session cache, so either
 * page reuses what the other loaded; it is fetched only for such a query, once its docs results
 * are on screen, and a failure to load it leaves search quiet (no group).
 */
import {fetchText} from '../data/fetchData';
import {loadOnce} from '../data/sessionCache';
import {buildIndexInSteps, describeFeedstocks, searchPackages, type PackageIndex} from '../packages/index';
import {STOP_WORDS} from './query';

/** At most this many packages in the group: the exact name, then the shortest names it starts. */
export const PACKAGE_GROUP_LIMIT = 3;

/** A query of this many characters or more may name a package (shorter ones start thousands). */
export const MIN_PACKAGE_QUERY = 3;

export interface PackageLink {
  name: string;
  /** The package's row on /packages/. */
  href: string;
  /** The feedstocks that build it: repository URL, or null for a name GitHub would not allow. */
  feedstocks: Array<{name: string; url: string | null}>;
}

/**
 * The package name a query could be or start: one word of a package name's characters, of
 * MIN_PACKAGE_QUERY characters or more and not a stop word; null for any other query.
 */
export function packageName(query: string): string | null {
  const name = query.trim().toLowerCase();
  if (name.length < MIN_PACKAGE_QUERY || STOP_WORDS.has(name)) return null;
  return /^[a-z0-9][a-z0-9._+-]*$/.test(name) ? name : null;
}

/** The address of a package's row on /packages/ (the filter's exact-name form). */
export function packagePageUrl(name: string): string {
  return `/packages/?q=${encodeURIComponent(`^${name}$`)}`;
}

/**
 * The packages a query names: the exact name first, then the names that start with it, shortest
 * (closest) first, at most `limit`; none when the query cannot be a package name.
 */
export function packageGroup(index: PackageIndex, query: string, limit = PACKAGE_GROUP_LIMIT): PackageLink[] {
  const name = packageName(query);
  if (!name) return [];
  return searchPackages(index, `^${name}`, limit).results.map((entry) => ({
    name: entry.name,
    href: packagePageUrl(entry.name),
    feedstocks: describeFeedstocks(entry.name, entry.feedstocks).feedstocks,
  }));
}

/** The package map at `url`, loaded once per session and shared with /packages/ (the same cache key). */
export function loadPackageIndex(url: string): Promise<PackageIndex> {
  return loadOnce<PackageIndex>(url, async () => buildIndexInSteps(await fetchText(url)));
}
