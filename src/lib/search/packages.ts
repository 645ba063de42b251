/**
 * Packages in site search: when a query is a package's name (or the start of one), the modal and
 * the search page show a "Packages" group first, each package linking to its row on /packages/
 * (`?q=^name$`) and to the feedstock that builds it. The names come from the same data as
 * /packages/ (the feedstock-outputs map, src/lib/packages) and the same session cache, so either
 * page reuses what the other loaded; it is fetched only for such a query, once its docs results
 * are on screen, and a failure to load it leaves search quiet (no group).
 *
 * This module is itself loaded on demand (src/components/SearchResults/hooks.ts): the first query
 * that may name a package (./packageQuery.ts) downloads it, with the package map, after its docs
 * results; a question or any other query never does.
 */
import {resolveSources} from '../data/sources';
import {describeFeedstocks, searchPackages, type PackageIndex} from '../packages/index';
import {loadPackageIndex} from '../packages/load';
import {packageName} from './packageQuery';

export {MIN_PACKAGE_QUERY, packageName} from './packageQuery';
/** The package map at `url`, loaded once per session and shared with /packages/ (the same loader). */
export {loadPackageIndex} from '../packages/load';

/** At most this many packages in the group: the exact name, then the shortest names it starts. */
export const PACKAGE_GROUP_LIMIT = 3;

export interface PackageLink {
  name: string;
  /** The package's row on /packages/. */
  href: string;
  /** The feedstocks that build it: repository URL, or null for a name GitHub would not allow. */
  feedstocks: Array<{name: string; url: string | null}>;
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

/**
 * The Packages group of `query`, from the package map of the site's data sources
 * (`customFields.dataSources`, the overrides useSources reads): loaded once per session.
 */
export async function loadPackageGroup(query: string, dataSources: unknown): Promise<PackageLink[]> {
  if (!packageName(query)) return [];
  return packageGroup(await loadPackageIndex(resolveSources(dataSources).feedstockOutputs), query);
}
