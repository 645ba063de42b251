/**
 * What a search result shows below its title — the heading it matched under and an excerpt with
 * the matched words marked — computed from a page's text and the word positions of the match.
 *
 * Pagefind's `result.data()` computes an excerpt and every sub-result on each call, splitting the
 * page's whole text once per heading with a match: tens of milliseconds per keystroke on the long
 * meeting minutes, even with the text cached. Here a page's words and headings are prepared once
 * per session (`toPageText`), and each query only looks at the positions it matched
 * (`describeMatch`), choosing the section and the excerpt window the way Pagefind does.
 */

import {STOP_WORDS} from './query';

/** Pagefind splits a page's text into words on whitespace (or on zero-width spaces for CJK). */
const WORD_SEPARATORS = /[^\S\uFEFF]+/g;
const ZERO_WIDTH_SPACE = '\u200B';
/** A matched word inside a heading counts this much more than one in running text. */
export const HEADING_WEIGHT = 5;
/**
 * A matched word of the page's own title counts this much: a page whose title answers the query
 * opens at its top, not at a section that mentions the word a few more times.
 */
export const TITLE_WEIGHT = 3 * HEADING_WEIGHT;

export interface PagefindAnchor {
  element: string;
  id: string;
  text?: string;
  title?: string;
  location: number;
}

/** The fields of a Pagefind fragment (`result.data()`) the excerpt needs. */
export interface FragmentText {
  url: string;
  /** The page text with `<` and `>` escaped; Pagefind adds it on first load. */
  raw_content?: string;
  content?: string;
  anchors?: PagefindAnchor[];
  meta: Record<string, string | undefined>;
}

interface Heading {
  title: string;
  url: string;
  /** Word position where the heading starts, and where its own words end. */
  start: number;
  titleEnd: number;
}

export interface PageText {
  words: string[];
  joiner: string;
  title: string;
  url: string;
  /** Headings with an id, in page order: each one opens a section that runs to the next. */
  headings: Heading[];
  /** How many words the page text opens with that are its title (0 when it does not open with it). */
  titleEnd: number;
}

function escapeHtml(text: string): string {
  return text.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Prepares a page once: its words (escaped, as Pagefind marks them) and its headings. */
export function toPageText(fragment: FragmentText): PageText {
  const text = fragment.raw_content ?? escapeHtml(fragment.content ?? '');
  const zws = text.includes(ZERO_WIDTH_SPACE);
  const words = zws ? text.split(ZERO_WIDTH_SPACE) : text.split(WORD_SEPARATORS);
  const pageUrl = fragment.meta.url || fragment.url;
  const headings = (fragment.anchors ?? [])
    .filter((a) => /^h\d$/i.test(a.element) && /\S/.test(a.title || a.text || ''))
    .sort((a, b) => a.location - b.location)
    .map((a) => {
      const title = (a.title || a.text || '').trim();
      const length = zws ? 1 : title.split(WORD_SEPARATORS).length;
      return {title, url: `${pageUrl.split('#')[0]}#${a.id}`, start: a.location, titleEnd: a.location + length};
    });
  const title = fragment.meta.title || pageUrl;
  return {words, joiner: zws ? '' : ' ', title, url: pageUrl, headings, titleEnd: zws ? 0 : openingTitle(words, title)};
}

/** The number of words of `title` that open `words` (the page's <h1>), or 0. */
function openingTitle(words: string[], title: string): number {
  const titleWords = escapeHtml(title).trim().split(WORD_SEPARATORS);
  // Pagefind ends a heading's text with a full stop ("How to rerender a feedstock.").
  const bare = (word: string | undefined) => word?.toLowerCase().replace(/[.:!?]+$/, '');
  const same = titleWords.every((word, i) => bare(words[i]) === bare(word));
  return same ? titleWords.length : 0;
}

export interface MatchDescription {
  /** The heading the best section starts with; empty for the text before the first heading. */
  heading: string;
  /** The page URL, with the heading's anchor when there is one. */
  url: string;
  /** Up to `length` words around the densest matches, matched words in `<mark>`. */
  excerpt: string;
  /** The share (0–1) of the query's terms that the page title and the chosen heading answer. */
  answered: number;
  /**
   * For a result that opens at the page's top (its title answers the query best), the share (0–1)
   * of the title's words that the query names, stop words aside: "feedstock" names the page "The
   * feedstock" whole, and half of "How to rerender a feedstock". 0 for a result that opens at a
   * section: a heading names a part of a page, not what the page is about.
   */
  focus: number;
}

/** Index of the section (0: before the first heading) that holds word position `location`. */
function sectionOf(text: PageText, location: number): number {
  let low = 0;
  let high = text.headings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (text.headings[mid].start <= location) low = mid + 1;
    else high = mid;
  }
  return low;
}

function weightOf(text: PageText, section: number, location: number): number {
  if (section === 0) return location < text.titleEnd ? TITLE_WEIGHT : 1;
  const heading = text.headings[section - 1];
  return location < heading.titleEnd ? HEADING_WEIGHT : 1;
}

/**
 * Start of the `length`-word window with the most weight in [from, to): the middle one when
 * several windows tie, as Pagefind does. Only windows that start at a match (or at `from`) can
 * be the densest; they are visited in order with a running sum, so a page that matches hundreds
 * of times costs one sort per result and keystroke.
 */
export function densestWindow(weights: Map<number, number>, from: number, to: number, length: number): number {
  if (to - from <= length) return from;
  const positions = [...weights.keys()].filter((p) => p >= from && p < to).sort((a, b) => a - b);
  const weight = (i: number) => weights.get(positions[i]) ?? 0;
  let sum = 0;
  let first = 0;
  let next = 0;
  let best = -1;
  let bestStarts: number[] = [];
  for (const candidate of [from, ...positions.filter((p) => p > from)]) {
    const start = Math.min(candidate, to - length);
    while (next < positions.length && positions[next] < start + length) sum += weight(next++);
    while (first < next && positions[first] < start) sum -= weight(first++);
    if (sum > best) {
      best = sum;
      bestStarts = [start];
    } else if (sum === best && bestStarts[bestStarts.length - 1] !== start) {
      bestStarts.push(start);
    }
  }
  return bestStarts[Math.floor((bestStarts.length - 1) / 2)];
}

/** Lower-case words of letters and digits, of two characters or more: how titles and queries are compared. */
export function queryTerms(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 2);
}

/**
 * Adds to `into` the indices of the `terms` that `words` cover: a word covers a term it starts
 * with ("bots" covers "bot"), or that starts with it when the word has three letters or more
 * ("bot" covers "bots", but "to" does not cover "tools").
 */
function covered(words: string[], terms: readonly string[], into = new Set<number>()): Set<number> {
  terms.forEach((term, i) => {
    if (words.some((word) => word.startsWith(term) || (word.length >= 3 && term.startsWith(word)))) into.add(i);
  });
  return into;
}

/** The share of a line's words, stop words aside, that the query's `terms` name (the converse of `covered`). */
function named(line: string, terms: readonly string[]): number {
  const words = queryTerms(line).filter((word) => !STOP_WORDS.has(word));
  return words.length ? covered(terms.slice(), words).size / words.length : 0;
}

/**
 * The section whose heading, read with the page title, answers most of the query's terms: 0 (the
 * page's top) when the title alone answers as much as any heading does, -1 when neither title
 * nor any matched section's heading answers any term.
 */
function answeringSection(
  text: PageText,
  terms: readonly string[],
  scores: Map<number, number>,
): {section: number; count: number} {
  const title = covered(queryTerms(text.title), terms);
  let best = title.size > 0 ? 0 : -1;
  let bestCount = title.size;
  for (const section of [...scores.keys()].sort((a, b) => a - b)) {
    if (section === 0) continue;
    const count = covered(queryTerms(text.headings[section - 1].title), terms, new Set(title)).size;
    const better = count > bestCount || (count === bestCount && best > 0 && scores.get(section)! > scores.get(best)!);
    if (count > 0 && better) {
      best = section;
      bestCount = count;
    }
  }
  return {section: best, count: bestCount};
}

/**
 * The best section of a page for matches at `locations`, and an excerpt of it. With the query's
 * `terms`, the section whose heading (with the title) answers most of them is chosen, so "bot" on
 * the page titled "How to talk to the bots" opens at its top and "conda-forge.yml bot" at the
 * `bot` section; otherwise, or when no heading answers any term, the section where the matches
 * weigh most.
 */
export function describeMatch(
  text: PageText,
  locations: readonly number[],
  length: number,
  terms: readonly string[] = [],
): MatchDescription {
  const scores = new Map<number, number>();
  for (const location of locations) {
    const section = sectionOf(text, location);
    scores.set(section, (scores.get(section) ?? 0) + weightOf(text, section, location));
  }
  const answer = terms.length > 0 ? answeringSection(text, terms, scores) : {section: -1, count: 0};
  let best = answer.section;
  let bestScore = -1;
  if (best < 0) {
    best = 0;
    for (const [section, score] of [...scores].sort((a, b) => a[0] - b[0])) {
      if (score > bestScore) {
        best = section;
        bestScore = score;
      }
    }
  }
  const heading = text.headings[best - 1];
  const from = heading ? heading.start : 0;
  const to = text.headings[best]?.start ?? text.words.length;
  const inSection = locations.filter((l) => l >= from && l < to);
  const weights = new Map(inSection.map((l) => [l, weightOf(text, best, l)]));
  const start = densestWindow(weights, from, to, length);
  const end = Math.min(start + length, to);
  const marked = new Set(inSection);
  const words: string[] = [];
  for (let i = start; i < end; i++) {
    const word = text.words[i] ?? '';
    words.push(marked.has(i) ? `<mark>${word}</mark>` : word);
  }
  return {
    heading: heading && heading.title !== text.title ? heading.title : '',
    url: heading && heading.title !== text.title ? heading.url : text.url,
    excerpt: words.join(text.joiner).trim(),
    answered: terms.length > 0 ? answer.count / terms.length : 0,
    focus: answer.section === 0 ? named(text.title, terms) : 0,
  };
}
