import {asyncOnce} from '../data/once';
import {whenHydrated} from '../render/hydration';

/**
 * The status pages' data code (./load.ts), imported once the page has hydrated and then kept; a
 * failed import (offline) is tried again by the next call, so Retry works.
 */
export const statusData = asyncOnce(() => whenHydrated().then(() => import('./load')));
