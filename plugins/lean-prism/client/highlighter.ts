/**
 * Tokens for a code block on the server (package.json maps `#highlighter` here under the `node`
 * condition, which only the server bundle and Node use): every grammar of the site is loaded, so a
 * block is highlighted at once and every page's HTML carries its colours. The browser gets
 * ./highlighter.browser.ts: the same functions, loading Prism only when a block is rendered there.
 */
import {tokenize} from './tokenize';
import './all-grammars';
import type {LineToken} from './tokens';

/** The block's tokens now. */
export function tokensNow(code: string, language: string): LineToken[][] | null {
  return tokenize(code, language);
}

/** Resolves once `language` can be tokenised (here, at once). */
export function loadLanguage(_language: string): Promise<void> {
  return Promise.resolve();
}
