/**
 * The status pages' data code: the fetch helpers and every parser. The dashboard's views reach it
 * through statusData() (./data.ts) once the page has hydrated, so none of it is needed to make the
 * page interactive.
 */
import {fetchJson} from '../data/fetchData';
import {createLimiter} from '../data/limiter';
import {parseMigrationDetails} from './parse';
import type {MigrationDetails} from './migration';

export {fetchJson, fetchJsonDated, fetchText} from '../data/fetchData';
export * from './parse';

/** The dashboard asks for at most this many migrations' details files at once. */
const DETAILS_IN_FLIGHT = 6;
const detailsLimit = createLimiter(DETAILS_IN_FLIGHT);

/** One migration's details file (migration_json), queued behind the others being fetched. */
export function loadMigrationDetails(url: string, signal: AbortSignal): Promise<MigrationDetails> {
  return detailsLimit(() => fetchJson(url, parseMigrationDetails, {signal}));
}
