import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {grammarLoaderModule} from './grammars';
import {styledTypes, tokenCss, type PrismTheme} from './tokenStyles';
import {alias, replacement} from '../patch-guard/patches';
import {patchOn} from '../patch-guard/switches';

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
 *    becomes an empty module) and gives the site's code block `client/highlighter.browser.ts`
 *    for `client/highlighter.ts`: a block hydrated from the server's HTML keeps its highlighted
 *    lines, so no page loads Prism to show its code; a block first rendered in the browser loads
 *    Prism's core and its language's grammars then, from `grammar-loaders.js` (./grammars.ts).
 * 4. writes the token colours of `themeConfig.prism` (light `theme`, dark `darkTheme`) as a
 *    stylesheet of custom properties (./tokenStyles.ts), so highlighted HTML is the same in both
 *    modes and code blocks are never re-rendered after hydration (src/theme/CodeBlock), and, for
 *    the browser's highlighter, which token types those themes style (`styled-types.json`).
 * Node-side imports (the Prism themes in config/theme.ts) are untouched.
 */
export default function leanPrism(context: LoadContext): Plugin {
  const {prism} = context.siteConfig.themeConfig as {
    prism?: {theme?: PrismTheme; darkTheme?: PrismTheme; additionalLanguages?: string[]};
  };
  if (!prism?.theme || !prism.darkTheme) {
    throw new Error('lean-prism: themeConfig.prism needs both `theme` and `darkTheme`');
  }
  const dir = path.join(context.generatedFilesDir, 'lean-prism');
  const stylesheet = path.join(dir, 'tokens.css');
  mkdirSync(dir, {recursive: true});
  writeFileSync(stylesheet, tokenCss(prism.theme, prism.darkTheme));
  // What the browser's highlighter needs of the themes (the site config it gets has no token styles).
  writeFileSync(path.join(dir, 'styled-types.json'), JSON.stringify(styledTypes([prism.theme, prism.darkTheme])));
  // The browser's on-demand grammars (client/highlighter.browser.ts).
  writeFileSync(path.join(dir, 'grammar-loaders.js'), grammarLoaderModule(prism.additionalLanguages ?? []));
  return {
    name: 'lean-prism',
    getClientModules: () => [stylesheet],
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const noop = path.join(__dirname, 'client/noop.js');
      const highlighter = patchOn('lean-prism/highlighter');
      const onDemand = !isServer && patchOn('lean-prism/on-demand');
      return {
        resolve: {
          alias: highlighter
            ? {[alias('lean-prism/highlighter', 'prism-react-renderer')]: path.join(__dirname, 'client/highlight.tsx')}
            : {},
        },
        plugins: [
          ...(highlighter
            ? [
                new NormalModuleReplacementPlugin(
                  replacement('lean-prism/highlighter', 'lib/prism-include-languages.js'),
                  noop,
                ),
              ]
            : []),
          ...(onDemand
            ? [
                new NormalModuleReplacementPlugin(
                  replacement('lean-prism/on-demand', 'plugins/lean-prism/client/all-grammars.ts'),
                  noop,
                ),
                new NormalModuleReplacementPlugin(
                  replacement('lean-prism/on-demand', 'plugins/lean-prism/client/highlighter.ts'),
                  path.join(__dirname, 'client/highlighter.browser.ts'),
                ),
              ]
            : []),
        ],
      };
    },
  };
}
