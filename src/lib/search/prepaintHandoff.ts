/**
 * The search page's side of the prepaint (./prepaint.ts): where the painted results wait, the
 * shell's slot and field, and whether the page may start from those results. Apart from the
 * prepaint script itself, which imports the whole Pagefind backend: the page reads these while it
 * hydrates and downloads the search engine later (src/pages/search/_components/SearchPage).
 */
import type {RankedPage, SearchContext} from './index';

/** The window property where the results the prepaint script painted wait for the page. */
export const PREPAINTED = 'cfSearchPrepainted';
/** The attribute of the server-rendered element the prepaint script fills (the search page's shell). */
export const SLOT_ATTRIBUTE = 'data-prepaint-slot';

export interface Prepainted {
  key: string;
  context: SearchContext;
  page: RankedPage;
  /** How often the reader pressed the painted "Load more" before the page took over. */
  more?: number;
}

/**
 * How many pages of results the page starts with: one, and one more for each press of the painted
 * "Load more" (at most 20), which only the page can answer.
 */
export function prepaintedPages(record: Prepainted | undefined): number {
  const more = record?.more;
  return 1 + (typeof more === 'number' && Number.isFinite(more) ? Math.min(Math.max(Math.floor(more), 0), 20) : 0);
}

declare global {
  interface Window {
    [PREPAINTED]?: Prepainted;
  }
}

/** The server-rendered search field beside the slot, while the shell is on the page. */
export function shellSearchField(doc: Pick<Document, 'querySelector'>): HTMLInputElement | null {
  return (
    doc.querySelector(`[${SLOT_ATTRIBUTE}]`)?.parentElement?.querySelector<HTMLInputElement>('input[name="q"]') ?? null
  );
}

function sameContext(a: SearchContext, b: SearchContext): boolean {
  return a.language === b.language && a.versionTags.join('\n') === b.versionTags.join('\n');
}

/**
 * The prepainted page of results when it answers the page's first search exactly (same query,
 * section, number of results and search context); otherwise null and the page searches itself.
 */
export function adoptPrepainted(
  record: Prepainted | undefined,
  key: string,
  context: SearchContext,
): RankedPage | null {
  return record && record.key === key && sameContext(record.context, context) ? record.page : null;
}
