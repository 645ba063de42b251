/**
 * Results before the app: on /search/?q=…, the first page of results is painted by a small script
 * (about 4 KB gzip, built apart by plugins/search-prepaint) instead of waiting for the site's
 * entry scripts (over 100 KB gzip) to download, start React and run the search.
 *
 * The sequence, all on the search page with a query in its URL:
 * 1. The boot script in <head> (pagefindBootScript in ./pagefind.ts) starts Pagefind, holds the
 *    entry scripts (`cfHoldScripts`, read by config/ssrTemplate.ts) and adds this script.
 * 2. This script runs the page's own query (same ranking, same first page and the search context
 *    the page was rendered with, ./pagefind.ts), writes the results into the server-rendered
 *    region (./resultsMarkup.ts), leaves them for the page (`cfSearchPrepainted`), waits for the
 *    frame that shows them, and releases the entry scripts.
 *    Any failure, an empty result or a page that is already running releases them at once: the
 *    page then searches as it always did, with its messages and retry.
 * 3. The page starts with those results (adoptPrepainted) and renders the same elements, so
 *    nothing on screen changes; its later searches (typing, facets, Load more) are its own.
 *
 * The entry scripts start within three seconds whatever happens (config/ssrTemplate.ts).
 */
import {DEFAULT_CONTEXT, MIN_QUERY_LENGTH, PAGE_SIZE, parseSearchParams} from './index';
import type {SearchContext, Section} from './index';
import {rankedPage, type Pagefind} from './pagefind';
import {BOOT_BASE, BOOT_CONTEXT, EARLY_PAGEFIND} from './pagefindBoot';
import {synonymsAt} from './lexicon';
import {linksStayOnSite, resultsKey, resultsRegion} from './resultsMarkup';
import {PREPAINTED, SLOT_ATTRIBUTE, shellSearchField, type Prepainted} from './prepaintHandoff';

export {PREPAINTED, SLOT_ATTRIBUTE, adoptPrepainted, shellSearchField, type Prepainted} from './prepaintHandoff';

type PrepaintWindow = Pick<Window, 'location' | 'document' | 'requestAnimationFrame' | 'setTimeout'> & {
  [EARLY_PAGEFIND]?: Promise<Pagefind>;
  [BOOT_CONTEXT]?: SearchContext;
  [BOOT_BASE]?: string;
  [PREPAINTED]?: Prepainted;
};

function documentReady(doc: Document): Promise<void> {
  if (doc.readyState !== 'loading') return Promise.resolve();
  return new Promise((resolve) => doc.addEventListener('DOMContentLoaded', () => resolve(), {once: true}));
}

/**
 * Paints the first page of results of the URL's query into the shell's region; resolves true once
 * the frame showing them has been produced, false when it painted nothing (no query, no runtime,
 * no results, a link that would leave the site, or the page took over first).
 */
export async function prepaintSearch(win: PrepaintWindow): Promise<boolean> {
  const {query, section}: {query: string; section: Section | null} = parseSearchParams(win.location.search);
  const trimmed = query.trim();
  if (trimmed.length < MIN_QUERY_LENGTH) return false;
  // The synonyms file is asked for while the runtime loads (./lexicon.ts). Typo correction is left
  // to the page: a query that needs it paints nothing here.
  const base = win[BOOT_BASE];
  const lexicon = base === undefined ? undefined : synonymsAt(base);
  void lexicon?.synonyms();
  const pagefind = await win[EARLY_PAGEFIND];
  if (!pagefind) return false;
  const context = win[BOOT_CONTEXT] ?? DEFAULT_CONTEXT;
  // Without `recover` (./pagefind.ts), a query the words as typed do not answer (no page has them
  // all, a typo to correct) comes back empty: the page, with the whole of query understanding,
  // searches it.
  const page = await rankedPage(pagefind, trimmed, context, section, PAGE_SIZE, {lexicon});
  if (page.total === 0 || !linksStayOnSite(page)) return false;
  await documentReady(win.document);
  // Ranking and painting in two tasks, not one: the browser handles input (the reader may be
  // typing in the field) and paints between them.
  await new Promise<void>((resolve) => win.setTimeout(resolve, 0));
  const slot = win.document.querySelector(`[${SLOT_ATTRIBUTE}]`);
  if (!slot) return false;
  slot.replaceChildren(...resultsRegion(win.document, trimmed, section, page));
  const input = shellSearchField(win.document);
  // The reader may have started typing in the plain form already: their text stays.
  if (input && input.value === '') input.value = trimmed;
  const record: Prepainted = {key: resultsKey(trimmed, section, PAGE_SIZE), context, page};
  win[PREPAINTED] = record;
  // The painted "Load more" (the region's one button) cannot load more itself; the page does it
  // when it takes over.
  slot.querySelector(':scope > button')?.addEventListener('click', () => {
    record.more = (record.more ?? 0) + 1;
  });
  await new Promise<void>((resolve) => win.requestAnimationFrame(() => win.setTimeout(resolve, 0)));
  return true;
}
