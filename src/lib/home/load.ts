/**
 * The home page's live figures, fetched and checked. HomeStats imports this module only once the
 * page has hydrated: the fetch helpers and the parser are not needed to show the page.
 */
import {fetchJson} from '../data/fetchData';
import {parseLiveCounts, type StatTile} from './parse';

export function loadLiveCounts(url: string, signal: AbortSignal): Promise<StatTile[]> {
  return fetchJson(url, parseLiveCounts, {signal});
}
