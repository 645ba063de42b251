/**
 * Query understanding: what a search query asks for, the same for the modal, the search page and
 * the search page's prepaint script (so every rule here weighs on that script's size: keep it lean).
 *
 * - Stop words ("how do I", "what is", "my", "the"…) do not decide whether a page matches and are
 *   not highlighted; a query made of nothing else is searched as typed.
 * - Synonyms (a reviewed table, src/lib/search/synonyms.ts, checked and written by the index build)
 *   add a second way to find a word or phrase: "apple silicon" is also searched as "osx-arm64".
 * - Typos: a word no page has is corrected to the most frequent word of the site within one edit
 *   (words of 4–7 letters) or two (8 or more), read from the build's vocabulary (./typos.ts).
 * - Relaxation: when no page has every word, the least informative word (the one most pages hold)
 *   is left out, one at a time, and the reader is told.
 * The searching itself is in ./pagefind.ts; this module is pure.
 */

/**
 * Words that carry no topic of their own: question words, pronouns, auxiliaries, articles and
 * the commonest prepositions. Nearly every page holds them, so they can only exclude pages.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an and are as at be but by can could did do does for from how i if in is it its me my of on or our ' +
    'should so that the this to was we what when where which who why will with would you your'
  ).split(' '),
);

/** The words of a query as they are matched: lower-case, without punctuation at their ends ("fork?" → "fork"). */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/\s+/)
    .map((raw) => raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter(Boolean);
}

/** The words that decide what matches: all but the stop words, or every word when all are stop words. */
export function contentWords(words: readonly string[]): string[] {
  const content = words.filter((word) => !STOP_WORDS.has(word));
  return content.length > 0 ? content : [...words];
}

/**
 * The synonyms table as the browser gets it: each entry maps a word or phrase (lower-case words
 * separated by single spaces) to the text searched for it as well.
 */
export type Synonyms = ReadonlyArray<readonly [from: string, to: string]>;

/** The longest phrase a synonym entry may have, in words. */
export const SYNONYM_WORDS = 3;

/**
 * One part of the query that a page must answer: a word, or a phrase of the synonyms table.
 * `alternatives[0]` is the text as typed (or as corrected); a synonym adds a second.
 */
export interface Slot {
  typed: string;
  alternatives: string[];
}

/** Groups the content words into slots, each phrase of the synonyms table (longest first) as one. */
export function toSlots(words: readonly string[], synonyms: Synonyms): Slot[] {
  const table = new Map(synonyms);
  const slots: Slot[] = [];
  for (let i = 0; i < words.length;) {
    let n = Math.min(SYNONYM_WORDS, words.length - i);
    while (n > 1 && !table.has(words.slice(i, i + n).join(' '))) n--;
    const typed = words.slice(i, i + n).join(' ');
    const to = table.get(typed);
    slots.push({typed, alternatives: to && to !== typed ? [typed, to] : [typed]});
    i += n;
  }
  return slots;
}

/** At most this many queries run for one search (each synonym doubles them). */
export const MAX_EXPANSIONS = 4;
/**
 * A match through a synonym counts this much of a match of the words as typed: a page that uses
 * the reader's own words comes first when both match about as well.
 */
export const SYNONYM_WEIGHT = 0.6;

/** One query to run: its text, and how much its matches count. */
export interface Expansion {
  text: string;
  weight: number;
}

/**
 * The queries that together answer the slots: the words as typed first, then with one synonym in
 * place, then two…, at most MAX_EXPANSIONS.
 */
export function expansions(slots: readonly Slot[]): Expansion[] {
  let all: Array<{words: string[]; swaps: number}> = [{words: [], swaps: 0}];
  for (const slot of slots) {
    all = all.flatMap(({words, swaps}) =>
      slot.alternatives.map((alternative, i) => ({words: [...words, alternative], swaps: swaps + (i > 0 ? 1 : 0)})),
    );
  }
  return all
    .sort((a, b) => a.swaps - b.swaps)
    .slice(0, MAX_EXPANSIONS)
    .map(({words, swaps}) => ({text: words.join(' '), weight: swaps > 0 ? SYNONYM_WEIGHT : 1}));
}

/** The parts of a word that are matched on their own: its runs of letters and digits. */
export function wordParts(word: string): string[] {
  return word
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** How many edits a typo of `word` may be from the word meant: 1 for 4–7 letters, 2 from 8, none below 4. */
export function allowedEdits(word: string): number {
  if (!/^\p{L}[\p{L}\p{N}]*$/u.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/**
 * The order in which slots are left out when no page has them all: those no page holds first (in
 * query order), then the least informative, held by the most pages (the later word on a tie).
 */
export function dropOrder(pages: readonly number[]): number[] {
  const rank = (i: number) => (pages[i] === 0 ? Infinity : pages[i]);
  return pages.map((_, i) => i).sort((a, b) => rank(b) - rank(a) || (pages[a] === 0 ? a - b : b - a));
}

/**
 * The query as typed, marked so that nothing in it is corrected: in double quotes, the usual sign
 * for "these very words" (the link of a correction's notice searches it).
 */
export function verbatimQuery(query: string): string {
  return `"${query.replace(/"/g, '').trim()}"`;
}

/** What the query was understood as, when that differs from the words typed. */
export interface Understood {
  /** Corrected words: [as typed, as searched]. */
  corrections: Array<[string, string]>;
  /** The content words as typed, when some had to be left out (empty otherwise). */
  all: string[];
  /** What was searched in the end (words as corrected, without the ones left out). */
  searched: string;
}

/** A piece of a notice: text, or a link (to the search page). */
export type NoticePart = string | {text: string; href: string};

const quoted = (text: string) => `“${text}”`;

function list(words: readonly string[]): string {
  const q = words.map(quoted);
  return q.length > 1 ? `${q.slice(0, -1).join(', ')} and ${q[q.length - 1]}` : q.join('');
}

/**
 * The notices shown above the results, each a list of parts: the correction (with a link that
 * searches the words as typed, `verbatimHref`) and the words left out.
 */
export function notices(understood: Understood | undefined, verbatimHref: string): NoticePart[][] {
  if (!understood) return [];
  const out: NoticePart[][] = [];
  const {corrections, all, searched} = understood;
  if (corrections.length > 0) {
    const typed = corrections.map(([from]) => from);
    out.push([
      `Showing results for ${list(corrections.map(([, to]) => to))}. Did you mean `,
      {text: typed.map(quoted).join(' '), href: verbatimHref},
      '?',
    ]);
  }
  if (all.length > 0) out.push([`No page has all of ${list(all)}; showing results for ${quoted(searched)}.`]);
  return out;
}
