import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Trims what every page's start-up JavaScript carries for the site's ~420 routes.
 *
 * 1. Chunk files are named by chunk id instead of by chunk name: the runtime then carries one
 *    id → hash table instead of an id → name table as well (~1,000 chunks, several KB gzip).
 * 2. In the browser build, the route registry drops the module paths it lists next to each
 *    chunk loader. Those paths only serve server rendering (to collect the chunks a page used);
 *    the browser never reads them. The server build keeps them.
 *
 * Both are measured by `npm run bench` and guarded by the size budgets in the tests.
 */
export default function leanRuntime(context: LoadContext): Plugin {
  return {
    name: 'lean-runtime',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        output: {chunkFilename: 'assets/js/[id].[contenthash:8].js'},
        module: {
          rules: [
            {
              test: /[\\/]registry\.js$/,
              include: [context.generatedFilesDir],
              use: [{loader: path.join(__dirname, 'strip-registry-paths.cjs')}],
            },
          ],
        },
      };
    },
  };
}
