/**
 * Prism's core with `markup` (which `markdown` extends). Which grammars come with it depends on
 * the bundle:
 * - server: every language of `themeConfig.prism.additionalLanguages` (./all-grammars.ts), so the
 *   HTML of every page is highlighted whatever order pages render in;
 * - browser: none here (../index.ts points ./all-grammars at an empty module). Each page's
 *   content chunk imports the grammars its code blocks use, after this module
 *   (plugins/code-blocks-on-demand/remark.ts); React components that render a code block import
 *   theirs (see src/pages/download/_components/Download).
 */
import './setup';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import './all-grammars';

export default Prism;
