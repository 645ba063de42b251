/**
 * The quality report's probe (bundled by ../search-quality.mts and run in the built site's page):
 * the modal's and the search page's own search functions, as they run in the browser.
 */
import {searchGrouped, searchRanked, type Backend} from '../../src/lib/search/backend';
import {searchContext} from '../../src/lib/search/index';
import {loadPackageIndex, packageGroup, packageName} from '../../src/lib/search/packages';
import {DEFAULT_SOURCES} from '../../src/lib/data/sources';

export interface Probe {
  /** The Packages group, in order (shown first in both views). */
  packages: string[];
  /** The search page's first results, in order. */
  page: string[];
  /** The modal's options, in order. */
  modal: string[];
  total: number;
  notices: string[];
}

declare global {
  interface Window {
    cfSearchQuality: (query: string) => Promise<Probe>;
  }
}

const backend: Backend = {kind: 'pagefind', baseUrl: '/'};
// The context of a page outside the docs, as the navbar's search runs it: each docs plugin's current version.
const context = searchContext('en', ['docs-default-current', 'docs-community-current']);

window.cfSearchQuality = async (query) => {
  const page = await searchRanked(backend, query, context, null, 10);
  const modal = await searchGrouped(backend, query, context);
  const understood = page.understood;
  // As the modal and the page do, once the docs results are in (the runner serves the map).
  const packages = packageName(query)
    ? packageGroup(await loadPackageIndex(DEFAULT_SOURCES.feedstockOutputs), query).map((pkg) => pkg.name)
    : [];
  return {
    packages,
    page: page.hits.map((hit) => hit.url),
    modal: modal.groups.flatMap((group) => group.hits.map((hit) => hit.url)),
    total: page.total,
    notices: understood
      ? [
          ...understood.corrections.map(([from, to]) => `${from} → ${to}`),
          ...(understood.all.length ? [`relaxed to "${understood.searched}"`] : []),
        ]
      : [],
  };
};
