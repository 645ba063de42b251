/**
 * Prism's core with only the grammars this site uses: `markup` (which `markdown` extends) here,
 * then every language of `themeConfig.prism.additionalLanguages` through the classic theme's
 * `@theme/prism-include-languages` (the theme restricts its dynamic require to that list).
 */
import './setup';
import Prism from 'prismjs/components/prism-core';
import 'prismjs/components/prism-markup';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism as never);

export default Prism;
