import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {PatchError} from '../patch-guard/index.cjs';
import {replacement} from '../patch-guard/patches';
import {patchOn} from '../patch-guard/switches';
import {pendingBodies, resetPendingBodies} from './bodies.cjs';
import {SPLIT_PAGES_FILE, splitPages} from './pages';

export interface Options {
  /** Content folders (relative to the site) whose Markdown pages hydrate their body after the page. */
  contentDirs: string[];
  /**
   * Only pages whose Markdown file has at least this many bytes are split. Each split page is one
   * chunk more, and the runtime of every page lists every chunk's hash (about 10 bytes gzip each):
   * a short body costs less loaded with the page than as a chunk of its own.
   */
  minSourceBytes: number;
}

/**
 * Markdown pages whose body hydrates after the rest of the page.
 *
 * A long docs page's compiled body (~19 KB gzip on the longest) and the components it alone uses
 * (code blocks, tabs) used to load before the page could hydrate. Here, in the browser build, each
 * page's module keeps only its facts (title, table of contents, metadata), and its body is a chunk
 * of its own, loaded once the page has hydrated (./split.cjs, src/lib/render/deferredBody.ts); the
 * server renders the page whole, as before. React hydrates the body when its chunk arrives, in
 * slices, and until then leaves it as the server wrote it (src/components/DeferredHydration).
 * Pages reached by client-side navigation load their body before they render, so nothing shows
 * half-drawn.
 *
 * React 19's server renderer would write a long body's boundary apart, after `</main>`, and move
 * it in by script; the server build's `renderToHtml` turns that off (./renderToHtml.ts), so the
 * body stays where the search indexer and the first paint read it. The split pages and a phrase
 * from the end of each body are listed in `.docusaurus/deferred-mdx/split-pages.json` (./pages.ts)
 * for the output check that proves it.
 *
 * A production build compiles each split page once: its body is the module the page was split from
 * (./bodies.cjs), handed out by the loader's pitch (the bundler's documented loader API). After the
 * build, the body of every page split in it must have come from there (a page Rspack's persistent
 * cache restored was not split in this build).
 */
export default function deferredMdx(context: LoadContext, pluginOptions: unknown): Plugin {
  const options = pluginOptions as Options;
  const include = options.contentDirs.map((dir) => path.resolve(context.siteDir, dir));
  let reuseCompiled = false;
  if (!patchOn('deferred-mdx/split')) return {name: 'deferred-mdx'};
  return {
    name: 'deferred-mdx',
    allContentLoaded({allContent}) {
      const file = path.join(context.generatedFilesDir, SPLIT_PAGES_FILE);
      mkdirSync(path.dirname(file), {recursive: true});
      writeFileSync(file, JSON.stringify(splitPages(allContent, context.siteDir, options), null, 1));
    },
    configureWebpack(config, isServer, {currentBundler}) {
      reuseCompiled = config.mode === 'production';
      if (!isServer) resetPendingBodies();
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        // The server's render writes every Suspense boundary in place (./renderToHtml.ts).
        plugins: isServer
          ? [
              new NormalModuleReplacementPlugin(
                replacement('deferred-mdx/split', 'lib/client/renderToHtml.js'),
                path.join(__dirname, 'renderToHtml.ts'),
              ),
            ]
          : [],
        module: {
          rules: [
            {
              // After Docusaurus's MDX loader, whose output this reads. A pattern, which the bundler
              // matches itself, not a function it would call back for every module.
              enforce: 'post',
              test: /\.mdx?$/,
              include,
              use: [
                {
                  loader: path.join(__dirname, 'loader.cjs'),
                  options: {
                    isServer,
                    minSourceBytes: options.minSourceBytes,
                    reuseCompiled,
                    runtime: path.join(context.siteDir, 'src/components/DeferredHydration/page.tsx'),
                  },
                },
              ],
            },
          ],
        },
      };
    },
    postBuild() {
      const pending = [...pendingBodies().keys()];
      if (reuseCompiled && pending.length > 0) {
        const named = pending.slice(0, 3).map((file) => path.relative(context.siteDir, file));
        throw new PatchError(
          'deferred-mdx/split',
          'the browser build',
          `the body of ${pending.length} split page(s) did not reuse the compiled page (${named.join(', ')})`,
        );
      }
    },
  };
}
