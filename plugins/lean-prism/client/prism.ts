/**
 * Prism's core with `markup` (which `markdown` extends). Which grammars come with it depends on
 * the bundle:
 * - server: every language of `themeConfig.prism.additionalLanguages` (./all-grammars.ts), so the
 *   HTML of every page is highlighted whatever order pages render in;
 * - browser: none here (../index.ts points ./all-grammars at an empty module). This module is
 *   loaded only when a code block is first rendered in the browser, then the grammars of the
 *   block's language (./highlighter.browser.ts).
 */
import './setup';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import './all-grammars';

export default Prism;
