// Server bundle only (see ./prism.ts): registers every language the site highlights.
import Prism from 'prismjs/components/prism-core';
import prismIncludeLanguages from '@theme/prism-include-languages';

prismIncludeLanguages(Prism as never);
