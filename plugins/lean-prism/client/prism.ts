/**
 * Prism's core with `markup` (which `markdown` extends), and no other grammar: the server's
 * highlighter adds every site language (./highlighter.ts, through ./all-grammars.ts); in the
 * browser this module is loaded only when a code block is first rendered there, then the grammars
 * of the block's language (./highlighter.browser.ts).
 */
import './setup';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';

export default Prism;
