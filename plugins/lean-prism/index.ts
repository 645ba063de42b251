import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {grammarLoaderModule} from './grammars';
import {styledTypes, tokenCss, type PrismTheme} from './tokenStyles';
import {replacement} from '../patch-guard/patches';
import {patchOn} from '../patch-guard/switches';

/**
 * Syntax highlighting without the classic theme's highlighter.
 *
 * The site's code block (src/components/CodeBlock) highlights with Prism's core and the site's
 * grammars (./client), on the server, and keeps the server's lines in the browser. This plugin
 * 1. replaces the theme's start-up client module (`lib/prism-include-languages.js`), which imports
 *    prism-react-renderer (Prism with about fifteen grammars) into the main bundle of every page
 *    to register the extra languages, with an empty one (patch point `lean-prism/highlighter`);
 * 2. writes the token colours of `themeConfig.prism` (light `theme`, dark `darkTheme`) as a
 *    stylesheet of custom properties (./tokenStyles.ts), so highlighted HTML is the same in both
 *    modes and code blocks are never re-rendered after hydration, and, for the browser's
 *    highlighter, which token types those themes style (`styled-types.json`);
 * 3. writes the browser's table of on-demand grammars (`grammar-loaders.js`, ./grammars.ts): a
 *    block first rendered in the browser loads Prism's core and its language's grammars then.
 * Which highlighter a bundle gets is package.json's `#highlighter` import (`node` for the server).
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
    configureWebpack(_config, _isServer, {currentBundler}) {
      if (!patchOn('lean-prism/highlighter')) return {};
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            replacement('lean-prism/highlighter', 'lib/prism-include-languages.js'),
            path.join(__dirname, 'client/noop.js'),
          ),
        ],
      };
    },
  };
}
