/**
 * Index time: the site's vocabulary (each word and how many pages hold it), written next to the
 * Pagefind index for typo correction (src/lib/search/query.ts), and the check of the synonyms table
 * against it. Read from the text Pagefind indexed (its fragments), so both see the same words.
 * Build-side only: nothing here reaches the browser but the files it writes.
 */
import {queryWords, STOP_WORDS, SYNONYM_WORDS, wordParts} from './query';
import type {SynonymEntry} from './synonyms';

/** The words a page's text is matched by: each word whole (punctuation removed) and each of its parts. */
export function pageTerms(content: string): Set<string> {
  const terms = new Set<string>();
  for (const raw of content.toLowerCase().split(/\s+/)) {
    const parts = wordParts(raw);
    if (parts.length > 1) terms.add(parts.join(''));
    for (const part of parts) terms.add(part);
  }
  return terms;
}

/** For each word, the pages (by number) that hold it. */
export function pagesByTerm(contents: readonly string[]): Map<string, Set<number>> {
  const pages = new Map<string, Set<number>>();
  contents.forEach((content, page) => {
    for (const term of pageTerms(content)) {
      let set = pages.get(term);
      if (!set) pages.set(term, (set = new Set()));
      set.add(page);
    }
  });
  return pages;
}

/** Words shorter than this are never corrected, and words longer than the limit are not words. */
export const VOCABULARY_MIN = 4;
export const VOCABULARY_MAX = 40;

/**
 * The vocabulary file: `{"<pages>": "word word …"}`, words grouped by how many pages hold them
 * (about a third smaller gzipped than one count per word). Words of VOCABULARY_MIN to
 * VOCABULARY_MAX characters that hold a letter and are not hexadecimal hashes.
 */
export function vocabularyFile(pages: ReadonlyMap<string, ReadonlySet<number>>): Record<string, string> {
  const groups = new Map<number, string[]>();
  for (const [term, set] of pages) {
    if (term.length < VOCABULARY_MIN || term.length > VOCABULARY_MAX) continue;
    if (!/\p{L}/u.test(term) || /^[0-9a-f]{7,}$/.test(term)) continue;
    const group = groups.get(set.size);
    if (group) group.push(term);
    else groups.set(set.size, [term]);
  }
  return Object.fromEntries(
    [...groups].sort((a, b) => b[0] - a[0]).map(([count, terms]) => [String(count), terms.sort().join(' ')]),
  );
}

/** How many pages hold every part of `text` (its words and their parts). */
export function pagesHolding(pages: ReadonlyMap<string, ReadonlySet<number>>, text: string): number {
  const sets = [...pageTerms(text)].map((term) => pages.get(term));
  if (sets.length === 0 || sets.some((set) => !set)) return 0;
  const [first, ...rest] = sets as Array<ReadonlySet<number>>;
  return [...first].filter((page) => rest.every((set) => set.has(page))).length;
}

/**
 * What is wrong with the synonyms table, one line per problem (empty: nothing): a replacement that
 * no page holds, a word or phrase that a query could never hold as written (upper case, edge
 * punctuation, more than SYNONYM_WORDS words, a stop word), or one claimed by two entries.
 */
export function synonymProblems(
  entries: readonly SynonymEntry[],
  pages: ReadonlyMap<string, ReadonlySet<number>>,
): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const {when, search} of entries) {
    if (pagesHolding(pages, search) === 0) problems.push(`"${search}" is on no page (for ${when.join(', ')})`);
    for (const phrase of when) {
      const words = queryWords(phrase);
      if (words.join(' ') !== phrase || words.length > SYNONYM_WORDS) {
        problems.push(`"${phrase}" is not a query phrase: lower-case words, at most ${SYNONYM_WORDS}`);
      }
      if (words.some((word) => STOP_WORDS.has(word)))
        problems.push(`"${phrase}" holds a stop word, which is never matched`);
      if (seen.has(phrase)) problems.push(`"${phrase}" has two entries`);
      if (phrase === search) problems.push(`"${phrase}" is its own replacement`);
      seen.add(phrase);
    }
  }
  return problems;
}
