/**
 * One entry point for the modal and the search page, whichever backend the site uses: the local
 * Pagefind index (default) or the opt-in DocSearch index. Also gathers the passages for AI answers.
 */
import {loadPagefind, rankedPage, recover, type Pagefind, type SearchOptions} from './pagefind';
import {lexiconAt} from './lexicon';
import {markSearchWarm} from './typingPause';

export {COLD_QUERY_PAUSE_MS, markSearchWarm, whenTypingPauses} from './typingPause';

/** The DocSearch backend is only downloaded by sites that opt in. */
const docsearch = () => import('./docsearch');
import type {DocSearchConfig} from './config';
import {
  SearchError,
  groupHits,
  modalGroups,
  PAGE_SIZE,
  type GroupedResults,
  type RankedPage,
  type SearchContext,
  type Section,
} from './index';

export type Backend =
  | {kind: 'pagefind'; baseUrl: string}
  | {kind: 'docsearch'; config: DocSearchConfig; siteUrl: string; labels: Record<string, string>};

/** Any failure becomes a SearchError; the dev server's missing index keeps its own kind. */
function asSearchError(error: unknown): never {
  if (error instanceof SearchError) throw error;
  if (error instanceof DOMException && error.name === 'AbortError') throw error;
  // Every Error, a fetch's DataError included, keeps its message.
  throw new SearchError('network', error instanceof Error ? error.message : 'Search failed.');
}

/** Runs a query with either backend: an answer warms the session, any failure becomes a SearchError. */
async function answer<T>(query: () => Promise<T>): Promise<T> {
  try {
    const result = await query();
    markSearchWarm();
    return result;
  } catch (error) {
    return asSearchError(error);
  }
}

/**
 * The Pagefind runtime and the full rules of query understanding: the index's lexicon (synonyms,
 * typo corrections: ./lexicon.ts) and relaxation. The synonyms file is asked for together with the
 * runtime, so the first query does not wait for it.
 */
async function pagefindWithLexicon(baseUrl: string): Promise<{pagefind: Pagefind; options: SearchOptions}> {
  const lexicon = lexiconAt(baseUrl);
  const synonyms = lexicon.synonyms();
  const pagefind = await loadPagefind(baseUrl);
  await synonyms;
  return {pagefind, options: {lexicon, recover}};
}

/** Results grouped by section for the modal (the group of the best result first, each group limited). */
export function searchGrouped(
  backend: Backend,
  query: string,
  context: SearchContext,
  signal?: AbortSignal,
): Promise<GroupedResults> {
  return answer(async () => {
    if (backend.kind === 'docsearch') {
      const {hits, total} = await (
        await docsearch()
      ).docsearchQuery(backend.config, query, context, backend.siteUrl, backend.labels, signal);
      return {groups: groupHits(hits), total};
    }
    // The modal shows the search page's first page of results (the same fragments, loaded once
    // for both), in the same order, grouped by section.
    const {pagefind, options} = await pagefindWithLexicon(backend.baseUrl);
    return modalGroups(await rankedPage(pagefind, query, context, null, PAGE_SIZE, options));
  });
}

/** The first `limit` results of a query in one ranked list (optionally one section), with facet counts. */
export function searchRanked(
  backend: Backend,
  query: string,
  context: SearchContext,
  section: Section | null,
  limit: number,
  signal?: AbortSignal,
): Promise<RankedPage> {
  return answer(async () => {
    if (backend.kind === 'docsearch') {
      const {hits} = await (
        await docsearch()
      ).docsearchQuery(backend.config, query, context, backend.siteUrl, backend.labels, signal);
      const counts: Partial<Record<Section, number>> = {};
      for (const hit of hits) counts[hit.section] = (counts[hit.section] ?? 0) + 1;
      const chosen = section ? hits.filter((h) => h.section === section) : hits;
      return {hits: chosen.slice(0, limit), total: chosen.length, counts};
    }
    const {pagefind, options} = await pagefindWithLexicon(backend.baseUrl);
    return rankedPage(pagefind, query, context, section, limit, options);
  });
}
