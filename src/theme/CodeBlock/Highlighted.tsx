/**
 * The lazily loaded half of the code block: the classic theme's CodeBlock with Prism and the
 * extra languages of `themeConfig.prism.additionalLanguages` (registered here instead of at
 * start-up; see plugins/deferred-highlighting).
 */
import {Prism} from 'prism-react-renderer';
import prismIncludeLanguages from '@theme/prism-include-languages';
import CodeBlock from '@theme-original/CodeBlock';

prismIncludeLanguages(Prism);

export default CodeBlock;
