import type {Plugin} from '@docusaurus/types';

/** V8's explicit compile hint for a whole file (it must be the file's first line). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Tells V8 that each JavaScript file of the browser build calls its functions as soon as it has
 * loaded, so that V8 compiles them on the background thread that streams the file in, instead of
 * one function at a time on the main thread when each is first called. Chromium 136 and later read
 * the hint; other browsers see a comment.
 *
 * It holds for the files a page starts with: React's DOM renderer, the router, the theme's layout
 * and the page's own chunks all run while the page hydrates. A file loaded later (the search
 * dialog, a diagram) is also mostly run when it arrives; what it does not run costs background
 * compile time and some memory, not main-thread time. Measured on 29 November 2026
 * (reports/2026-11-29-compile-hints.md): at a 4× CPU slowdown V8's lazy compiling on the main thread
 * of the longest docs page fell from 586–912 ms to 113–225 ms, and Lighthouse's total blocking time
 * there from 594 to 295 ms (median of 3; 431 ms with the entry files alone hinted). Taking it off
 * `main.js` alone raised that page's blocking time from 345 to 534 ms (median of 6, 30 November,
 * reports/2026-11-30-long-page-layout.md): V8 then compiled React DOM's functions one by one on the
 * main thread while hydrating.
 *
 * The hint is added by the bundler's own BannerPlugin (public Rspack API) after the minifier ran,
 * which would drop the comment, and before the content hashes are computed, so that the file
 * names stay true to their content. tests/e2e/buildOutput.test.ts checks the built files.
 */
export default function compileHints(): Plugin {
  return {
    name: 'compile-hints',
    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer) return {};
      const {BannerPlugin, Compilation} = currentBundler.instance;
      return {
        plugins: [
          new BannerPlugin({
            banner: COMPILE_HINT,
            raw: true,
            test: /\.js$/,
            stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE,
          }),
        ],
      };
    },
  };
}
