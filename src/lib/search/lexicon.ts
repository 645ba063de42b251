/**
 * The two files the index build writes next to the Pagefind index (scripts/search-index.mts) and
 * query understanding reads (./query.ts): the synonyms table, fetched with the session's first
 * query (about 1 KB), and the vocabulary, fetched only when a query holds a word that no page
 * seems to have (for typo correction). Neither is part of any page's first load or bundle. A
 * file that cannot be fetched leaves search as it is (no synonyms, no corrections) and is asked
 * for again by a later query.
 */
import type {Synonyms} from './query';
import {correctWord, parseVocabulary} from './typos';

/** File names, in the Pagefind output folder (`/pagefind/`). */
export const SYNONYMS_FILE = 'cf-synonyms.json';
export const VOCABULARY_FILE = 'cf-vocabulary.json';

/**
 * Corrects the parts of a word that no page has (./typos.ts correctWord): the word unchanged when
 * every part is on some page, null when a part is on none and nothing is close to it.
 */
export type Corrector = (word: string) => string | null;

export interface Lexicon {
  synonyms: () => Promise<Synonyms>;
  /**
   * The corrector, from the vocabulary file (null when it cannot be fetched). Absent from the
   * prepaint script's lexicon: a query that needs it is left to the page.
   */
  corrector?: () => Promise<Corrector | null>;
}

/** Reads the synonyms file: `[[from, to], …]`; any other entry is left out. */
export function parseSynonyms(data: unknown): Synonyms {
  return Array.isArray(data)
    ? data.filter((pair) => Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string')
    : [];
}

type Fetch = (url: string) => Promise<{ok: boolean; json: () => Promise<unknown>}>;

/** Loads `url` once, read with `parse`; a failure gives `fallback` and is tried again next time. */
function once<T>(url: string, parse: (data: unknown) => T, fallback: T, get: Fetch): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () =>
    (loaded ??= get(url)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(url))))
      .then(parse)
      .catch(() => {
        loaded = undefined;
        return fallback;
      }));
}

const synonymFiles = new Map<string, () => Promise<Synonyms>>();
const lexicons = new Map<string, Lexicon>();
const defaultFetch: Fetch = (url) => fetch(url);

/** The synonyms of the index under `baseUrl`, alone: the prepaint script's lexicon (one per base URL and session). */
export function synonymsAt(baseUrl: string, get: Fetch = defaultFetch): Lexicon {
  let synonyms = synonymFiles.get(baseUrl);
  if (!synonyms)
    synonymFiles.set(baseUrl, (synonyms = once(`${baseUrl}pagefind/${SYNONYMS_FILE}`, parseSynonyms, [], get)));
  return {synonyms};
}

/** The lexicon of the index under `baseUrl`: synonyms and corrector (one per base URL and session). */
export function lexiconAt(baseUrl: string, get: Fetch = defaultFetch): Lexicon {
  let lexicon = lexicons.get(baseUrl);
  if (!lexicon) {
    const vocabulary = once(`${baseUrl}pagefind/${VOCABULARY_FILE}`, parseVocabulary, null, get);
    lexicon = {
      ...synonymsAt(baseUrl, get),
      corrector: async () => {
        const words = await vocabulary();
        return words && ((word: string) => correctWord(words, word));
      },
    };
    lexicons.set(baseUrl, lexicon);
  }
  return lexicon;
}
