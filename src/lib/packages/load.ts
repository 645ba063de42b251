/**
 * The data code of /packages/: the fetch helper and the parsers (./parse.ts). The page's views
 * import this module only once the page has hydrated, so none of it is needed to make the page
 * interactive. Site search reuses loadPackageIndex (src/lib/search/packages.ts).
 *
 * Each source is loaded once per page session (loadOnce, keyed by its URL) and the load is not
 * tied to one visit: it takes no abort signal, so leaving the page early does not waste it, and
 * /packages/ and site search share one package map.
 */
import {fetchText} from '../data/fetchData';
import {loadOnce} from '../data/sessionCache';
import {buildIndexInSteps, feedItemsPast, parseChannelRssInSteps} from './parse';
import type {ChannelFeed, PackageIndex} from './index';

/** The package map at `url` (feedstock-outputs.json), indexed in steps. */
export function loadPackageIndex(url: string): Promise<PackageIndex> {
  return loadOnce<PackageIndex>(url, async () => buildIndexInSteps(await fetchText(url)));
}

/** The channel's recent uploads, read from its RSS feed at `url` in steps; the download stops past the items read. */
export function loadChannelFeed(url: string): Promise<ChannelFeed> {
  return loadOnce<ChannelFeed>(url, async () =>
    parseChannelRssInSteps(await fetchText(url, {enough: feedItemsPast()})),
  );
}
