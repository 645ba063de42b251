// Server only (./highlighter.ts): registers every language the site highlights
// (`themeConfig.prism.additionalLanguages`), through the theme's documented extension point.
import Prism from 'prismjs/components/prism-core';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism as never);
