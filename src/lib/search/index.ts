/**
 * Site search: the shapes every backend (Pagefind, DocSearch) returns, the sections results are
 * grouped into and how they rank, highlighted snippets, recent searches and the messages' links.
 * Pure and typed: no React, no DOM beyond an optional storage slot.
 */
import type {createStorageSlot} from '@docusaurus/theme-common';
import type {Understood} from './query';
import {SECTIONS, type Section} from './context';

export {
  DEFAULT_CONTEXT,
  DEFAULT_LANGUAGE,
  DEFAULT_VERSION_TAG,
  SECTIONS,
  docsVersionTags,
  searchContext,
  type SearchContext,
  type Section,
} from './context';

/**
 * How much a section's scores count when all sections are ranked in one list (the search page).
 * Docs and guides keep their score. Posts and minutes mention many topics in passing; measured
 * on ordinary queries (cuda, python, windows, abi, noarch…), raw Pagefind scores put news, blog
 * posts and minutes first, so these need a much stronger match (3.5× to 6×) to outrank the docs.
 */
export const SECTION_WEIGHT: Record<Section, number> = {
  Docs: 1,
  'How-to': 1,
  Community: 0.6,
  Pages: 0.6,
  Blog: 0.28,
  News: 0.25,
  Minutes: 0.15,
};

/**
 * How many results each group shows in the modal (ten at most). Each result shown for the first
 * time costs one fragment download (its page's text), so the first query of a session stays
 * within its transfer budget.
 */
export const MODAL_GROUP_LIMIT: Record<Section, number> = {
  Docs: 3,
  'How-to': 2,
  Community: 1,
  Pages: 1,
  Blog: 1,
  News: 1,
  Minutes: 1,
};

/**
 * Queries shorter than this are not run: a single letter matches nearly every page and would
 * download a large share of the index for nothing.
 */
export const MIN_QUERY_LENGTH = 2;

/**
 * The search page shows this many results, and "Load more" adds as many again. As in the modal,
 * each result shown for the first time downloads its page's text.
 */
export const PAGE_SIZE = 10;

/** Separator of breadcrumb labels in the index metadata and in displayed heading paths. */
export const CRUMB_SEPARATOR = ' › ';

/** The section of a page, from its path. */
export function sectionOf(url: string): Section {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (path.startsWith('/community/minutes/')) return 'Minutes';
  if (path.startsWith('/docs/how-to/') || path.startsWith('/docs/tutorials/')) return 'How-to';
  if (path.startsWith('/docs/')) return 'Docs';
  if (path.startsWith('/community/')) return 'Community';
  if (path.startsWith('/blog/')) return 'Blog';
  if (path.startsWith('/news/')) return 'News';
  return 'Pages';
}

export function isSection(value: unknown): value is Section {
  return typeof value === 'string' && (SECTIONS as readonly string[]).includes(value);
}

/** A piece of a snippet: plain text, or text matching the query (shown highlighted). */
export interface Segment {
  text: string;
  match: boolean;
}

/** One result, the same whichever backend found it. */
export interface SearchHit {
  /** Stable key (URL of the result, with its heading anchor). */
  id: string;
  url: string;
  title: string;
  /** Where the result sits: e.g. ["Maintainer docs", "Pinning deps", "Updating pins"]. */
  path: string[];
  snippet: Segment[];
  section: Section;
  /** Language of the page (`en`). */
  language: string;
  /** Docusaurus search tag: `docs-{plugin}-{version}` for docs pages, `default` elsewhere. */
  versionTag: string;
  /** Version label shown to readers (e.g. "Next"), empty outside the docs. */
  versionLabel: string;
  /** Ranking score, after the section weight. */
  score: number;
  /** The share (0–1) of the query's words that the result's title and heading answer (Pagefind only). */
  answered?: number;
  /** The share (0–1) of the title's words that the query names, when it opens at the top (Pagefind only). */
  focus?: number;
}

/** One page of the search page's ranked list, with the counts its facets show. */
export interface RankedPage {
  hits: SearchHit[];
  /** Results in the chosen section (or all). */
  total: number;
  /** Results per section, for the facets. */
  counts: Partial<Record<Section, number>>;
  /** What the query was understood as, when that is not the words typed (a correction, words left out). */
  understood?: Understood;
}

export interface SearchGroup {
  section: Section;
  hits: SearchHit[];
  /** How many results the section has in all (may exceed hits.length). */
  total: number;
}

/** What a query returns to the modal: groups in section order, and the overall count. */
export interface GroupedResults {
  groups: SearchGroup[];
  total: number;
  understood?: Understood;
}

/** A result's score in the one ranking of the modal and the search page: its section's weight applied. */
export function rankScore(section: Section, rawScore: number): number {
  return rawScore * SECTION_WEIGHT[section];
}

/**
 * How much more a result counts when its title and heading answer every word of the query than
 * when they answer none: a page titled "How to rerender a feedstock" outranks one that mentions
 * rerendering in passing as often.
 */
export const ANSWER_BONUS = 1;

/**
 * How much more a result counts when the query names its page's title whole than when it names
 * none of it: for "feedstock", the page titled "The feedstock" before "How to rerender a
 * feedstock", which answers the word as well but is about something else.
 */
export const FOCUS_BONUS = 0.5;

/** A hit's place in the one ranking of the modal and the search page. */
export function finalScore(hit: SearchHit): number {
  return hit.score * (1 + ANSWER_BONUS * (hit.answered ?? 0) + FOCUS_BONUS * (hit.focus ?? 0));
}

/**
 * Reorders loaded hits by finalScore within each window of PAGE_SIZE (the backend's order is
 * kept on ties). Only the loaded hits know what their titles answer, and a window that is shown
 * keeps its order when "Load more" adds the next.
 */
export function rerank(hits: SearchHit[]): SearchHit[] {
  const ranked: SearchHit[] = [];
  for (let start = 0; start < hits.length; start += PAGE_SIZE) {
    const window = hits.slice(start, start + PAGE_SIZE).map((hit, index) => ({hit, index, score: finalScore(hit)}));
    window.sort((a, b) => b.score - a.score || a.index - b.index);
    ranked.push(...window.map(({hit}) => hit));
  }
  return ranked;
}

/**
 * Orders the modal's groups as the search page ranks their results: the group holding the best
 * result first (so the modal's first result is the page's first), ties in SECTIONS order; empty
 * groups are dropped.
 */
export function orderGroups(groups: SearchGroup[]): SearchGroup[] {
  const best = (g: SearchGroup) => Math.max(...g.hits.map(finalScore));
  const order = (g: SearchGroup) => SECTIONS.indexOf(g.section);
  return groups.filter((g) => g.hits.length > 0).sort((a, b) => best(b) - best(a) || order(a) - order(b));
}

/**
 * The modal's view of the search page's first page of results: the same hits in the same order,
 * grouped by section (each group within its limit, the group of the best result first).
 */
export function modalGroups(page: RankedPage): GroupedResults {
  const groups = SECTIONS.flatMap((section) => {
    const inSection = page.hits.filter((hit) => hit.section === section);
    const group = {section, hits: inSection.slice(0, MODAL_GROUP_LIMIT[section]), total: page.counts[section] ?? 0};
    return inSection.length ? [group] : [];
  });
  return {groups: orderGroups(groups), total: page.total, ...(page.understood ? {understood: page.understood} : {})};
}

/** Groups a flat hit list by section, keeping each section's order and the modal limits. */
export function groupHits(hits: SearchHit[], limits: Record<Section, number> = MODAL_GROUP_LIMIT): SearchGroup[] {
  const groups: SearchGroup[] = [];
  for (const section of SECTIONS) {
    const all = hits.filter((h) => h.section === section);
    if (all.length > 0) groups.push({section, hits: all.slice(0, limits[section]), total: all.length});
  }
  return groups;
}

/** A scored reference to a result whose details are not loaded yet. */
export interface ScoredRef<T> {
  ref: T;
  section: Section;
  /** Score as the backend gave it. */
  rawScore: number;
  /** Score after the section weight. */
  score: number;
}

/** Merges per-section result lists into one ranked list: weighted score, then section order. */
export function mergeRanked<T>(
  lists: Array<{section: Section; items: Array<{ref: T; score: number}>}>,
): ScoredRef<T>[] {
  const merged: ScoredRef<T>[] = [];
  for (const {section, items} of lists) {
    for (const {ref, score} of items) {
      merged.push({ref, section, rawScore: score, score: rankScore(section, score)});
    }
  }
  const order = (s: Section) => SECTIONS.indexOf(s);
  return merged.sort((a, b) => b.score - a.score || order(a.section) - order(b.section));
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Decodes the HTML entities a search excerpt may carry. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole;
    }
    const name = code.toLowerCase();
    return Object.hasOwn(ENTITIES, name) ? ENTITIES[name] : whole;
  });
}

/** How matches are marked in an excerpt, and whether the rest of it is HTML-escaped text. */
export interface MarkStyle {
  open: string;
  close: string;
  /** True for Pagefind: drop stray tags and decode entities. False: the text is taken as it is. */
  html: boolean;
}

export const PAGEFIND_MARKS: MarkStyle = {open: '<mark>', close: '</mark>', html: true};

/**
 * Turns an excerpt whose matches are wrapped in markers into text segments, so that the result
 * is rendered as text: nothing from an index or a query ever reaches the page as HTML.
 */
export function toSegments(excerpt: string, marks: MarkStyle = PAGEFIND_MARKS): Segment[] {
  const segments: Segment[] = [];
  const push = (raw: string, match: boolean) => {
    const text = marks.html ? decodeEntities(raw.replace(/<[^>]*>/g, '')) : raw;
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += text;
    else segments.push({text, match});
  };
  let rest = excerpt;
  while (rest) {
    const start = rest.indexOf(marks.open);
    if (start === -1) break;
    const end = rest.indexOf(marks.close, start + marks.open.length);
    if (end === -1) break;
    push(rest.slice(0, start), false);
    push(rest.slice(start + marks.open.length, end), true);
    rest = rest.slice(end + marks.close.length);
  }
  push(rest, false);
  return segments;
}

export {searchPageUrl} from './url';

/** Reads `q` and `section` from a location's query string. */
export function parseSearchParams(search: string): {query: string; section: Section | null} {
  const params = new URLSearchParams(search);
  const section = params.get('section');
  return {query: params.get('q') ?? '', section: isSection(section) ? section : null};
}

/** Recent searches, newest first, kept in local storage. */
export const RECENT_KEY = 'searchRecent';
export const RECENT_LIMIT = 5;

/** One stored value: the shape of Docusaurus's fail-safe `createStorageSlot(RECENT_KEY)`. */
export type StoredValue = Pick<ReturnType<typeof createStorageSlot>, 'get' | 'set' | 'del'>;

export function readRecent(slot: StoredValue | undefined): string[] {
  try {
    const raw = slot?.get();
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, RECENT_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Puts a query first (once, case-insensitively) and keeps the newest RECENT_LIMIT. */
export function addRecent(list: string[], query: string): string[] {
  const q = query.trim();
  if (!q) return list;
  return [q, ...list.filter((item) => item.toLowerCase() !== q.toLowerCase())].slice(0, RECENT_LIMIT);
}

/** Remembers a query (the slot is fail-safe: with storage full or disabled, it is not kept). */
export function saveRecent(slot: StoredValue | undefined, query: string): string[] {
  const next = addRecent(readRecent(slot), query);
  slot?.set(JSON.stringify(next));
  return next;
}

export function clearRecent(slot: StoredValue | undefined): void {
  slot?.del();
}

/** Why a search could not run; the UI picks its message from the kind. */
export class SearchError extends Error {
  constructor(
    readonly kind: 'network' | 'no-index',
    message: string,
  ) {
    super(message);
    this.name = 'SearchError';
  }
}

/** What the search page shows for a query: how many results, and how many in each section. */
export type SearchPageTotals = {total: number; counts: Partial<Record<Section, number>>};

/**
 * The search page's status line: what the page is doing. While the next query runs, the previous results
 * stay, so the count would name the wrong query: the line says "Searching…" instead. Messages
 * with their own status (no results, no index, an error) leave it empty.
 */
/** What a query too short to search is told, in the modal and on the search page. */
export const KEEP_TYPING = 'Keep typing to search.';

export function searchStatusText(
  query: string,
  status: 'idle' | 'loading' | 'ready' | 'error',
  page: SearchPageTotals | null,
  section: Section | null,
): string {
  if (query.length === 0) return 'Type two characters or more to search the docs, community pages, blog and news.';
  if (query.length < MIN_QUERY_LENGTH) return KEEP_TYPING;
  if (status === 'loading') return 'Searching…';
  if (status !== 'ready' || !page || page.total === 0) return '';
  return `${page.total} result${page.total === 1 ? '' : 's'} for “${query}”${section ? ` in ${section}` : ''}`;
}

/** Where a search of the modal or the search page stands. */
export type SearchState<T> =
  | {status: 'idle'}
  | {status: 'loading'; query: string; previous: T | null}
  | {status: 'ready'; query: string; results: T}
  | {status: 'error'; query: string; kind: SearchError['kind']};

/**
 * The state as it stands for `query`. The render in which the query changes comes before the effect
 * that starts its search, so for that render the state still belongs to the previous query: it is
 * reported as loading (keeping the previous results on screen), never as results or an error of the
 * new query. Without this, the search page said "12 results for “skip build”" over the previous
 * query's list for one render.
 */
/** The results a search shows: its own when ready, the previous query's while it loads. */
export function resultsOnScreen<T>(state: SearchState<T>): T | null {
  return state.status === 'ready' ? state.results : state.status === 'loading' ? state.previous : null;
}

export function stateForQuery<T>(state: SearchState<T>, query: string | null): SearchState<T> {
  if (query === null) return {status: 'idle'};
  if (state.status === 'idle' || state.query === query) return state;
  return {status: 'loading', query, previous: resultsOnScreen(state)};
}
