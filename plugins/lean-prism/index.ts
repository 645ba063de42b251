import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Smaller syntax highlighting, same output.
 *
 * The classic theme highlights code with prism-react-renderer, whose bundle carries Prism and
 * about fifteen grammars (JSX, Swift, Kotlin, Go, C++…), and it registers the extra languages
 * from a start-up client module, so all of it sits in the main bundle of every page. This plugin
 * 1. aliases `prism-react-renderer` in the site's bundles to `client/highlight.tsx`: Prism's core
 *    plus `markup` and the languages of `themeConfig.prism.additionalLanguages`, with the same
 *    `Highlight` render props the theme uses;
 * 2. replaces the start-up client module with an empty one, so the highlighter is only loaded
 *    with the pages that render code blocks;
 * 3. in the browser bundle, leaves the grammars out of the highlighter (`client/all-grammars.ts`
 *    becomes an empty module): pages import the grammars they use (see `client/prism.ts`).
 * Node-side imports (the Prism themes in config/theme.ts) are untouched.
 */
export default function leanPrism(): Plugin {
  return {
    name: 'lean-prism',
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const noop = path.join(__dirname, 'client/noop.js');
      return {
        resolve: {alias: {'prism-react-renderer$': path.join(__dirname, 'client/highlight.tsx')}},
        plugins: [
          new NormalModuleReplacementPlugin(/theme-classic[\\/]lib[\\/]prism-include-languages\.js$/, noop),
          ...(isServer ? [] : [new NormalModuleReplacementPlugin(/^\.\/all-grammars$/, noop)]),
        ],
      };
    },
  };
}
