/**
 * The Pagefind backend: loads the index built by `npm run build` (served under /pagefind/) and
 * turns its results into SearchHits. Every query carries the contextual filters (language and
 * docs version) and runs once per section, so results can be grouped and ranked (docs first)
 * without loading the details of results that are never shown.
 */
import {
  CRUMB_SEPARATOR,
  PAGE_SIZE,
  SECTIONS,
  SearchError,
  rankScore,
  rerank,
  toSegments,
  type RankedPage,
  type SearchContext,
  type SearchHit,
  type Section,
} from './index';
import {describeMatch, queryTerms, toPageText, type FragmentText, type PageText} from './excerpt';
import {
  allowedEdits,
  contentWords,
  dropOrder,
  expansions,
  queryWords,
  toSlots,
  wordParts,
  type Slot,
  type Understood,
} from './query';
import type {Corrector, Lexicon} from './lexicon';
import {asyncOnce, type AsyncOnce} from '../data/once';
import {
  BOOT_BASE,
  BOOT_CONTEXT,
  EARLY_PAGEFIND,
  PAGEFIND_OPTIONS,
  contextFilters,
  isDevServer,
  runtimeOf,
  type Filters,
} from './pagefindBoot';

export interface PagefindResultData extends FragmentText {
  excerpt: string;
  filters?: Record<string, string[]>;
}

export interface PagefindResult {
  /** The page's id: the same page has the same id in every query. */
  id: string;
  score: number;
  /** Word positions of the match in the page's text. */
  words: number[];
  data: () => Promise<PagefindResultData>;
}

export interface PagefindSearchResponse {
  results: PagefindResult[];
  filters?: Record<string, Record<string, number>>;
}

export interface Pagefind {
  search: (query: string, options?: {filters?: Filters}) => Promise<PagefindSearchResponse | null>;
  options: (opts: Record<string, unknown>) => Promise<void>;
  init?: () => Promise<void>;
  preload?: (query: string, options?: {filters?: Filters}) => Promise<void>;
}

declare global {
  interface Window {
    [EARLY_PAGEFIND]?: Promise<Pagefind>;
    [BOOT_CONTEXT]?: SearchContext;
    [BOOT_BASE]?: string;
    /** Set by the boot script while the prepaint script runs: the entry scripts wait for it (config/ssrTemplate.ts). */
    cfHoldScripts?: Promise<void>;
    /** Resolves `cfHoldScripts`. */
    cfReleaseScripts?: () => void;
  }
}

/** The runtime the boot script started, if any; a failure there leaves it to a fresh import. */
async function earlyPagefind(): Promise<Pagefind | undefined> {
  const early = typeof window === 'undefined' ? undefined : window[EARLY_PAGEFIND];
  return early?.catch(() => undefined);
}

let runtime: AsyncOnce<Pagefind> | undefined;

/** Imports the Pagefind runtime once (the site has one base URL); a failure can be retried. */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  if (isDevServer()) {
    return Promise.reject(new SearchError('no-index', 'The development server has no search index.'));
  }
  runtime ??= asyncOnce(async () => {
    const early = await earlyPagefind();
    if (early) return early;
    const {url, options} = runtimeOf(baseUrl);
    const pagefind = (await import(/* webpackIgnore: true */ url)) as Pagefind;
    await pagefind.options(options);
    return pagefind;
  });
  return runtime().catch((error: unknown) => {
    throw new SearchError('network', error instanceof Error ? error.message : 'Pagefind did not load.');
  });
}

/** Runs a query in each section, with the contextual filters: each section's results, in Pagefind's order. */
export function searchBySection(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
): Promise<Array<{section: Section; results: PagefindResult[]}>> {
  return Promise.all(
    SECTIONS.map(async (section) => {
      const response = await pagefind.search(query, {filters: contextFilters(section, context)});
      // Pagefind answers null when a newer search replaced this one (its debounce); treat as empty.
      return {section, results: response?.results ?? []};
    }),
  );
}

/** A page as every hit on it needs it: its fragment's metadata and its prepared text. */
export interface PageEntry {
  data: PagefindResultData;
  text: PageText;
}

/**
 * Pages already loaded this session, by id. Pagefind's `data()` recomputes an excerpt and every
 * sub-result on each call; a page's text is prepared once here and later queries only describe
 * their match (./excerpt.ts).
 */
const pages = new Map<string, Promise<PageEntry>>();

export function loadPage(ref: PagefindResult): Promise<PageEntry> {
  let entry = pages.get(ref.id);
  if (!entry) {
    entry = ref.data().then((data) => ({data, text: toPageText(data)}));
    pages.set(ref.id, entry);
    // A failed load (network) is retried by the next query.
    entry.catch(() => pages.delete(ref.id));
  }
  return entry;
}

/** A result found by one of a query's expansions, with that expansion's terms (its sections are chosen by them). */
export interface Found {
  ref: PagefindResult;
  section: Section;
  /** Score after the section's weight (and a synonym's). */
  score: number;
  terms: string[];
}

/** A hit for a match at word positions `locations` of a page: best heading, its path and snippet. */
export function toHit(
  {data, text}: PageEntry,
  locations: readonly number[],
  section: Section,
  score: number,
  terms: readonly string[] = [],
): SearchHit {
  const match = describeMatch(text, locations, PAGEFIND_OPTIONS.excerptLength, terms);
  const crumbs = (data.meta.crumbs ?? '')
    .split(CRUMB_SEPARATOR)
    .map((c) => c.trim())
    .filter(Boolean);
  return {
    id: match.url,
    url: match.url,
    title: text.title,
    path: [...crumbs, text.title, ...(match.heading ? [match.heading] : [])],
    snippet: toSegments(match.excerpt || data.excerpt),
    section,
    language: data.meta.language || data.filters?.language?.[0] || 'en',
    versionTag: data.meta.version || data.filters?.version?.[0] || 'default',
    versionLabel: data.meta.version_label ?? '',
    score,
    answered: match.answered,
    focus: match.focus,
  };
}

/** Loads the hits of ranked results (each page's text the first time it is shown). */
export function loadHits(found: readonly Found[]): Promise<SearchHit[]> {
  return Promise.all(
    found.map(async ({ref, section, score, terms}) => toHit(await loadPage(ref), ref.words, section, score, terms)),
  );
}

/** Runs the queries that answer `slots` (./query.ts expansions): each page once, at its best weighted score. */
async function runSlots(pagefind: Pagefind, slots: readonly Slot[], context: SearchContext): Promise<Ranked> {
  const runs = expansions(slots);
  const lists = await Promise.all(runs.map(({text}) => searchBySection(pagefind, text, context)));
  const found = new Map<string, Found>();
  runs.forEach(({text, weight}, i) => {
    const terms = queryTerms(text);
    for (const {section, results} of lists[i]) {
      for (const ref of results) {
        const score = rankScore(section, ref.score) * weight;
        const known = found.get(ref.id);
        if (!known || score > known.score) found.set(ref.id, {ref, section, score, terms});
      }
    }
  });
  const order = (s: Section) => SECTIONS.indexOf(s);
  const ranked = [...found.values()].sort((a, b) => b.score - a.score || order(a.section) - order(b.section));
  const counts: Partial<Record<Section, number>> = {};
  for (const {section} of ranked) counts[section] = (counts[section] ?? 0) + 1;
  return {ranked, counts};
}

/** What a query found, and what it was understood as (./query.ts). */
export interface Ranked {
  ranked: Found[];
  counts: Partial<Record<Section, number>>;
  understood?: Understood;
}

/** A run's results, understood as the slots (some of them corrected) and, after relaxation, only some of them. */
function understoodAs(run: Ranked, corrections: Array<[string, string]>, slots: readonly Slot[], kept = slots): Ranked {
  const relaxed = kept.length < slots.length;
  if (corrections.length === 0 && !relaxed) return run;
  const searched = kept.map((slot) => slot.typed).join(' ');
  return {...run, understood: {corrections, all: relaxed ? slots.map((slot) => slot.typed) : [], searched}};
}

/** The words (whole and in parts, lower-case) at which the results matched, from their loaded texts. */
async function matchedTerms(found: readonly Found[]): Promise<string[]> {
  const terms = new Set<string>();
  const texts = await Promise.all(found.map(({ref}) => loadPage(ref)));
  for (const [i, {text}] of texts.entries()) {
    for (const at of found[i].ref.words) {
      const parts = wordParts(text.words[at] ?? '');
      terms.add(parts.join(''));
      for (const part of parts) terms.add(part);
    }
  }
  return [...terms];
}

/**
 * Slots (by index) whose words could be typos: of a correctable length, without a synonym. With
 * `seen` (the words the shown results matched at), those whose words none of them starts with:
 * Pagefind's loose prefix matching finds "feed" for "feedstcok", which is no match of the word.
 */
function typoSuspects(slots: readonly Slot[], seen?: readonly string[]): number[] {
  const found = (part: string) => allowedEdits(part) === 0 || !!seen?.some((term) => term.startsWith(part));
  return slots.flatMap((slot, i) => (slot.alternatives.length === 1 && !wordParts(slot.typed).every(found) ? [i] : []));
}

/**
 * Puts the corrections of the suspect slots in place (./lexicon.ts Corrector); returns them as
 * [typed, corrected], and the suspects that no page holds and nothing is close to (`unknown`).
 */
function applyCorrections(
  slots: Slot[],
  suspects: readonly number[],
  correct: Corrector,
): {corrections: Array<[string, string]>; unknown: number[]} {
  const corrections: Array<[string, string]> = [];
  const unknown: number[] = [];
  for (const i of suspects) {
    const fixed = correct(slots[i].typed);
    if (fixed === null) unknown.push(i);
    else if (fixed !== slots[i].typed) {
      corrections.push([slots[i].typed, fixed]);
      slots[i] = {typed: fixed, alternatives: [fixed]};
    }
  }
  return {corrections, unknown};
}

/** How many pages (in the search context, any section) hold a slot, by the best of its alternatives. */
async function slotPages(pagefind: Pagefind, slot: Slot, context: SearchContext): Promise<number> {
  const filters = {language: context.language, version: {any: context.versionTags}};
  const counts = await Promise.all(
    slot.alternatives.map(async (text) => (await pagefind.search(text, {filters}))?.results.length ?? 0),
  );
  return Math.max(...counts);
}

/**
 * A query that the words as typed do not answer: some words seem to be typos (`suspects`, found
 * only by loose prefix matching), or no page has them all. Words that no page holds are corrected
 * (`corrector`) or, when nothing is close to them, left out; a `verbatim` query (one in double
 * quotes) is never corrected, its words that no page holds are only left out. Then, while no page
 * has every word, the least informative (./query.ts dropOrder: held by the most pages) are left
 * out, one at a time. Passed in
 * SearchOptions by the modal and the page; the prepaint script does without (it leaves such a
 * query to the page), so this code stays out of it.
 */
export async function recover(
  pagefind: Pagefind,
  slots: Slot[],
  context: SearchContext,
  run: Ranked,
  suspects: readonly number[],
  corrector?: () => Promise<Corrector | null>,
  verbatim = false,
): Promise<Ranked> {
  const fix = corrector ? await corrector() : null;
  // Words as typed: a word is kept when some page holds it, never replaced.
  const correct: Corrector | null = fix && verbatim ? (word) => (fix(word) === word ? word : null) : fix;
  const corrections: Array<[string, string]> = [];
  /** Every slot as searched at first (corrected): what "No page has all of …" names. */
  let all = slots;
  if (run.ranked.length > 0) {
    // Some words were found only loosely: correct them, and leave out those nothing is close to.
    if (!correct) return run;
    const fixed = applyCorrections(slots, suspects, correct);
    corrections.push(...fixed.corrections);
    all = slots.slice();
    slots = slots.filter((_, i) => !fixed.unknown.includes(i));
    if (corrections.length === 0 && slots.length === all.length) return run;
    if (slots.length === 0) return {ranked: [], counts: {}};
    run = await runSlots(pagefind, slots, context);
    if (run.ranked.length > 0 || slots.length === 1) return understoodAs(run, corrections, all, slots);
  }
  const pages = () => Promise.all(slots.map((slot) => slotPages(pagefind, slot, context)));
  let counts = await pages();
  if (correct && all === slots) {
    const fixed = applyCorrections(
      slots,
      typoSuspects(slots).filter((i) => counts[i] === 0),
      correct,
    ).corrections;
    if (fixed.length > 0) {
      corrections.push(...fixed);
      run = await runSlots(pagefind, slots, context);
      if (run.ranked.length > 0) return understoodAs(run, corrections, all);
      counts = await pages();
    }
  }
  const left = new Set(slots);
  for (const i of dropOrder(counts).slice(0, -1)) {
    left.delete(slots[i]);
    const kept = slots.filter((slot) => left.has(slot));
    run = await runSlots(pagefind, kept, context);
    if (run.ranked.length > 0) return understoodAs(run, corrections, all, kept);
  }
  return understoodAs(run, corrections, all, slots);
}

/** What searching changes the rules by. */
export interface SearchOptions {
  /** The synonyms and corrector of the index (./lexicon.ts); without it, words are searched as typed. */
  lexicon?: Lexicon;
  /** What to do with a query the words as typed do not answer (`recover` above); without it, nothing. */
  recover?: typeof recover;
}

/**
 * All results of a query, ranked in one list (weighted by section), with per-section counts and
 * what the query was understood as (./query.ts): stop words do not decide what matches, synonyms
 * add their own matches; words that seem to be typos and queries no page answers whole go to
 * `recover` (without it, they have no results). A query with a double quote is taken as typed:
 * nothing in it is corrected (./query.ts verbatimQuery). `limit`: how many results are shown first (their texts tell whether a word was
 * really found).
 */
export async function rankedResults(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
  {lexicon, recover}: SearchOptions = {},
  limit = PAGE_SIZE,
): Promise<Ranked> {
  const slots = toSlots(contentWords(queryWords(query)), lexicon ? await lexicon.synonyms() : []);
  const run = await runSlots(pagefind, slots, context);
  const found = run.ranked.length > 0;
  const suspects = found && lexicon ? typoSuspects(slots, await matchedTerms(run.ranked.slice(0, limit))) : [];
  if ((found && suspects.length === 0) || slots.length === 0) return run;
  // Without `recover` (the prepaint script), such a query has no results here: the page searches it.
  if (!recover) return {ranked: [], counts: {}};
  return recover(pagefind, slots, context, run, suspects, lexicon?.corrector, query.includes('"'));
}

/**
 * The first `limit` results of a query in one ranked list (optionally one section), with the facet
 * counts: the search page's view, whether its scripts run it or the prepaint script (./prepaint.ts).
 */
export async function rankedPage(
  pagefind: Pagefind,
  query: string,
  context: SearchContext,
  section: Section | null,
  limit: number,
  options: SearchOptions = {},
): Promise<RankedPage> {
  const {ranked, ...found} = await rankedResults(pagefind, query, context, options, limit);
  const chosen = section ? ranked.filter((r) => r.section === section) : ranked;
  return {...found, hits: rerank(await loadHits(chosen.slice(0, limit))), total: chosen.length};
}
