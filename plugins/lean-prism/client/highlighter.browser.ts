/**
 * Tokens for a code block in the browser (package.json's `#highlighter` import, for every
 * condition but `node`).
 *
 * No page loads Prism to show its code: a block that hydration renders keeps the server's
 * highlighted lines (src/components/CodeBlock). Only a block first rendered in the browser — after
 * a client-side navigation, or drawn from fetched data — needs tokens: it asks for its language,
 * which loads Prism's core and that language's grammars (each after the ones it extends) as chunks
 * of their own, once per page load, and shows the code plain until then.
 */
import {grammars, orders} from '@generated/lean-prism/grammar-loaders';
import {onDemandHighlighter} from './onDemand';

export const {tokensNow, loadLanguage} = onDemandHighlighter({
  core: () => import('./tokenize').then((module) => module.tokenize),
  grammars,
  orders,
});
