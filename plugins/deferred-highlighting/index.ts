import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps syntax highlighting out of the start-up bundle.
 *
 * The classic theme registers Prism's extra languages from a client module, which pulls
 * prism-react-renderer (Prism and its bundled grammars, ~30 KB gzip) into the main bundle of
 * every page. This plugin swaps that client module for an empty one; the languages are then
 * registered by `src/theme/CodeBlock/Highlighted.tsx`, the lazily loaded half of the code block
 * (see `src/theme/CodeBlock/index.tsx`). Server rendering is unchanged: pages ship fully
 * highlighted HTML, and the browser fetches the highlighter only where a code block is shown.
 */
export default function deferredHighlighting(): Plugin {
  return {
    name: 'deferred-highlighting',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'noop.js'),
          ),
        ],
      };
    },
  };
}
