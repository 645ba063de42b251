/**
 * The Markdown renderer (marked) and the sanitiser (DOMPurify) of ./markdown, about 23 KB gzip
 * together, load with the data that needs them (incidents, version errors, migration notes and
 * graphs), not with the pages that show that data: those pages hydrate without them, and the
 * renderer arrives while their data is fetched.
 */
import type * as MarkdownModule from './markdown';
import {asyncOnce} from './once';
import {whenHydrated} from '../render/hydration';

export type Markup = typeof MarkdownModule;

const markup = asyncOnce(() => whenHydrated().then(() => import('./markdown')));

/**
 * Loads the renderer and sanitiser once per page, after the page has hydrated (the data that needs
 * them is still on its way then); a failed load is tried again on the next call.
 */
export function loadMarkup(): Promise<Markup> {
  return markup();
}

/** The renderer and sanitiser if they have loaded, for rendering without waiting. */
export function loadedMarkup(): Markup | undefined {
  return markup.current();
}
