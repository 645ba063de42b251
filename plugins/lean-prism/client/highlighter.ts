/**
 * Tokens for a code block, in the server bundle: every grammar of the site is loaded
 * (./prism.ts), so a block is highlighted at once and every page's HTML carries its colours.
 * The browser bundle gets ./highlighter.browser.ts in its place (see ../index.ts): the same
 * functions, loading Prism only when a block is rendered in the browser.
 */
import {tokenize} from './tokenize';
import type {LineToken} from './tokens';

/** The block's tokens now. */
export function tokensNow(code: string, language: string): LineToken[][] | null {
  return tokenize(code, language);
}

/** Resolves once `language` can be tokenised (here, at once). */
export function loadLanguage(_language: string): Promise<void> {
  return Promise.resolve();
}
