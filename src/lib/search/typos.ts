/**
 * Typo correction (./query.ts): a word that no page holds is corrected to the word of the site it
 * was most likely meant to be, read from the build's vocabulary file (./lexicon.ts). Only fetched
 * and run when a query holds such a word; not part of the search page's prepaint script, which
 * leaves such a query to the page (./prepaint.ts).
 */
import {allowedEdits} from './query';

/**
 * Edit distance with adjacent transpositions (optimal string alignment), or `max + 1` as soon as it
 * exceeds `max`: "feedstok" → "feedstock" is 1, "windwos" → "windows" is 1.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2] + 1);
      row.push(d);
      least = Math.min(least, d);
    }
    if (least > max) return max + 1;
    before = previous;
    previous = row;
  }
  return previous[b.length];
}

/** The site's words and how many pages hold each (the build's vocabulary file, read). */
export interface Vocabulary {
  /** Words in code-point order. */
  words: string[];
  pages: Map<string, number>;
}

/**
 * Reads the vocabulary file: `{"<pages>": "word word …"}`, the words grouped by how many pages
 * hold them. Anything else in it is ignored; words are bounded in number and length.
 */
export function parseVocabulary(data: unknown): Vocabulary {
  const pages = new Map<string, number>();
  if (data && typeof data === 'object') {
    for (const [count, list] of Object.entries(data)) {
      const n = Number(count);
      if (!(n > 0) || typeof list !== 'string') continue;
      for (const word of list.split(' ')) {
        if (word && word.length <= 40 && pages.size < 100_000) pages.set(word, n);
      }
    }
  }
  return {words: [...pages.keys()].sort(), pages};
}

/** Whether some word of the site is `part` or starts with it (the index matches prefixes). */
export function isKnown(vocabulary: Vocabulary, part: string): boolean {
  const {words} = vocabulary;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (words[mid] < part) low = mid + 1;
    else high = mid;
  }
  return low < words.length && words[low].startsWith(part);
}

/**
 * The word of the site `part` was most likely meant to be: among the words within its allowed
 * edits, the one most pages hold (then the closer, then the first in order); null when none.
 */
export function correct(vocabulary: Vocabulary, part: string): string | null {
  const max = allowedEdits(part);
  let best: string | null = null;
  let bestPages = 0;
  let bestDistance = max + 1;
  if (max === 0) return null;
  for (const word of vocabulary.words) {
    const distance = editDistance(part, word, max);
    if (distance > max) continue;
    const pages = vocabulary.pages.get(word) ?? 0;
    if (pages > bestPages || (pages === bestPages && distance < bestDistance)) {
      best = word;
      bestPages = pages;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * A word with each of its parts that no page has corrected (the word unchanged when every part is
 * known); null when a part is on no page and no word of the site is close to it.
 */
export function correctWord(vocabulary: Vocabulary, word: string): string | null {
  let lost = false;
  const fixed = word.replace(/[\p{L}\p{N}]+/gu, (part) => {
    if (allowedEdits(part) === 0 || isKnown(vocabulary, part)) return part;
    const close = correct(vocabulary, part);
    lost ||= close === null;
    return close ?? part;
  });
  return lost ? null : fixed;
}
