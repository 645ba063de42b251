/**
 * A highlighter that loads Prism on demand: the logic of ./highlighter.browser.ts, apart from
 * webpack's imports so that it can be tested with stand-ins.
 */
import type {LineToken} from './tokens';

export type Tokenize = (code: string, language: string) => LineToken[][];

export interface Loaders {
  /** Loads Prism's core and returns its tokeniser. */
  core: () => Promise<Tokenize>;
  /** A loader per grammar id. */
  grammars: Record<string, () => Promise<unknown>>;
  /** Fence language (lower case) → grammar ids to load, in order. */
  orders: Record<string, string[]>;
}

export interface OnDemandHighlighter {
  /** The block's tokens, or `null` while its language is not loaded. */
  tokensNow: (code: string, language: string) => LineToken[][] | null;
  /** Loads the core and the grammars of `language`, once; a failed load can be tried again. */
  loadLanguage: (language: string) => Promise<void>;
}

export function onDemandHighlighter({core, grammars, orders}: Loaders): OnDemandHighlighter {
  let tokenize: Tokenize | undefined;
  const ready = new Set<string>();
  const loading = new Map<string, Promise<void>>();

  async function load(language: string): Promise<void> {
    const loaded = await core();
    // In order: a grammar reads the grammars it extends when it runs.
    for (const id of orders[language.toLowerCase()] ?? []) await grammars[id]();
    tokenize = loaded;
    ready.add(language);
  }

  return {
    tokensNow: (code, language) => (tokenize && ready.has(language) ? tokenize(code, language) : null),
    loadLanguage(language) {
      let pending = loading.get(language);
      if (!pending) {
        pending = load(language);
        loading.set(language, pending);
        pending.catch(() => loading.delete(language));
      }
      return pending;
    },
  };
}
