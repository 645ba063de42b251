import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {collectDescriptions} from '../../src/lib/docs/cards';
import {replacement} from '../patch-guard/patches';
import {patchOn} from '../patch-guard/switches';

/**
 * Trims what every page's start-up JavaScript carries for the site's ~420 routes. Each numbered
 * item is one patch point of plugins/patch-guard/patches.ts, named in brackets.
 *
 * 1. The route table [lean-runtime/route-table], browser build, in three parts over the same
 *    generated files:
 *    - chunk files are named by chunk id, and the route registry is an array of chunk loaders
 *      named by index, which the routes' chunk names use (`compact-registry.cjs`): no 8-hex key
 *      twice per module, no module paths or ids (those serve server rendering only, and the server
 *      build keeps them), and one id → hash table instead of an id → name table as well;
 *    - each route's loadable component is built the first time the route is used, not all ~420 of
 *      them while the main bundle starts (`lazy-route-components.cjs`; both bundles);
 *    - the routes matching `deferRoutes` (the meeting minutes: half of all routes) are not named in
 *      the start-up registry and chunk names; one small chunk, loaded when such a route is first
 *      preloaded, adds them (`deferred-routes.cjs`).
 * 2. The browser's copy of the site config leaves out the build-only keys
 *    [lean-runtime/trim-site-config]: plugin options, the HTML template, head tags…
 * 3. `@docusaurus/utils-common` gets one tslib helper instead of all of tslib
 *    [lean-runtime/tslib-import-default].
 * 4. The browser's copy of the global data leaves out the docs under `omitDocPathPrefixes`
 *    [lean-runtime/trim-global-data]: the meeting minutes, listed there for navbar items the site
 *    has not.
 * 5. The docs versions' props leave out every doc's description [lean-runtime/trim-version-props]
 *    (both bundles): only doc cards show them, and they take them from `doc-descriptions.json`,
 *    written here (docs under `omitDocPathPrefixes` left out) and loaded only with the card list
 *    (src/theme/DocCardList, src/lib/docs/cards.ts).
 *
 * (The theme's nprogress route progress bar is kept: replacing it saved 1.3 KB, below the
 * registry's 2 KB rule, in the ablation of 27 November 2026. The theme's dates are written without
 * Intl by the site's own theme components, src/theme/LastUpdated and the blog's.)
 *
 * All are measured by `npm run bench` and guarded by the size budgets in the tests.
 */
/** A bundler rule that runs one of this plugin's loaders. */
interface LoaderRule {
  test: RegExp | string;
  include?: string[];
  use: {loader: string; options?: object}[];
}

export interface Options {
  /** Docs (by path prefix) to leave out of the browser's global data and of the doc cards' descriptions; see (4) and (5) above. */
  omitDocPathPrefixes: string[];
  /** Routes (a regular expression over their paths) whose modules the start-up bundle does not name; see (1) above. */
  deferRoutes?: string;
}

/**
 * The doc card list (our wrapper, the theme's list and card, the descriptions) in one chunk that
 * the index pages share, instead of a copy in each of their content chunks (each module is too
 * small for Docusaurus's chunk rules).
 */
export const DOC_CARDS_CHUNK = {
  test: /[\\/](?:src[\\/]theme[\\/]DocCardList[\\/]|theme-classic[\\/]lib[\\/]theme[\\/]DocCard(?:List)?[\\/]|lean-runtime[\\/]doc-descriptions\.json|src[\\/]lib[\\/]docs[\\/]cards\.ts)/,
  name: 'doc-cards',
  chunks: 'async',
  enforce: true,
  priority: 30,
} as const;

export default function leanRuntime(context: LoadContext, pluginOptions: unknown): Plugin {
  const options: Options = {omitDocPathPrefixes: [], ...(pluginOptions as Partial<Options>)};
  return {
    name: 'lean-runtime',
    allContentLoaded({allContent}) {
      const docs = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Parameters<typeof collectDescriptions>[0];
      const dir = path.join(context.generatedFilesDir, 'lean-runtime');
      mkdirSync(dir, {recursive: true});
      writeFileSync(
        path.join(dir, 'doc-descriptions.json'),
        JSON.stringify(collectDescriptions(docs, options.omitDocPathPrefixes)),
      );
    },
    configureWebpack(_config, isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      const on = (id: string) => patchOn(`lean-runtime/${id}`);
      const lazyRoutes = {
        test: /[\\/]routes\.js$/,
        include: [context.generatedFilesDir],
        use: [{loader: path.join(__dirname, 'lazy-route-components.cjs')}],
      };
      const versionProps = {
        test: /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/,
        include: [context.generatedFilesDir],
        use: [
          {
            loader: path.join(__dirname, 'trim-version-props.cjs'),
          },
        ],
      };
      // A point's rules, or none when it is switched off.
      const when = (id: string, ...rules: LoaderRule[]): LoaderRule[] => (on(id) ? rules : []);
      if (isServer) {
        return {
          module: {
            rules: [...when('route-table', lazyRoutes), ...when('trim-version-props', versionProps)],
          },
        };
      }
      const deferral = {deferRoutes: on('route-table') ? options.deferRoutes : undefined};
      return {
        ...(on('route-table') ? {output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'}} : {}),
        optimization: {splitChunks: {cacheGroups: {docCards: DOC_CARDS_CHUNK}}},
        plugins: [
          ...(on('tslib-import-default')
            ? [
                new NormalModuleReplacementPlugin(
                  replacement('lean-runtime/tslib-import-default', 'tslib.js'),
                  (resource: {context: string; request: string}) => {
                    if (/[\\/]@docusaurus[\\/]utils-common[\\/]/.test(resource.context)) {
                      resource.request = path.join(__dirname, 'tslib-import-default.cjs');
                    }
                  },
                ),
              ]
            : []),
        ],
        module: {
          rules: [
            ...when('route-table', {
              ...lazyRoutes,
              use: [{loader: lazyRoutes.use[0].loader, options: deferral}],
            }),
            ...when('trim-version-props', versionProps),
            ...when('route-table', {
              test: path.join(__dirname, 'deferred-routes.js'),
              use: [
                {
                  loader: path.join(__dirname, 'deferred-routes-loader.cjs'),
                  options: {...deferral, generatedFilesDir: context.generatedFilesDir},
                },
              ],
            }),
            ...when('trim-site-config', {
              test: /[\\/]docusaurus\.config\.mjs$/,
              include: [context.generatedFilesDir],
              use: [{loader: path.join(__dirname, 'trim-site-config.cjs')}],
            }),
            ...when('trim-global-data', {
              test: /[\\/]globalData\.json$/,
              include: [context.generatedFilesDir],
              use: [
                {
                  loader: path.join(__dirname, 'trim-global-data.cjs'),
                  options: {omitDocPathPrefixes: options.omitDocPathPrefixes},
                },
              ],
            }),
            ...when(
              'route-table',
              {
                test: /[\\/]registry\.js$/,
                include: [context.generatedFilesDir],
                use: [{loader: path.join(__dirname, 'compact-registry-loader.cjs'), options: deferral}],
              },
              {
                test: /[\\/]routesChunkNames\.json$/,
                include: [context.generatedFilesDir],
                use: [{loader: path.join(__dirname, 'compact-chunk-names-loader.cjs'), options: deferral}],
              },
            ),
          ],
        },
      };
    },
  };
}
