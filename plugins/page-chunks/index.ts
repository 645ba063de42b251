import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {patchOn} from '../patch-guard/switches';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const {addModuleOrigins} = require('./manifest.cjs') as {
  addModuleOrigins: (manifest: unknown, registrySource: string, file?: string) => unknown;
};

/**
 * Each page lists its own chunks next to the entry scripts (production builds).
 *
 * Docusaurus's page template gets the scripts a page needs from the client manifest, but the
 * manifest's keys never match what server rendering asks for (./manifest.cjs), so pages listed
 * only runtime and main: the browser learned which chunks the page needs only once main.js ran,
 * fetched them a round trip later, and main.js spent its start-up task inserting their <script>
 * elements (about a third of that task on a docs page). After the browser build, this plugin adds
 * the missing keys to the manifest; each page's start script (config/ssrTemplate.ts) then requests
 * its chunks with the entry scripts, in parallel, and the runtime finds them already loading.
 */
export default function pageChunks(context: LoadContext): Plugin {
  const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
  const registryPath = path.join(context.generatedFilesDir, 'registry.js');
  return {
    name: 'page-chunks',
    configureWebpack(_config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production' || !patchOn('page-chunks/manifest')) return {};
      return {
        plugins: [
          {
            apply(compiler: {hooks: {done: {tap: (name: string, run: () => void) => void}}}) {
              // After the manifest is written (the addon's emit hook) and before server rendering.
              compiler.hooks.done.tap('page-chunks', () => {
                const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as unknown;
                const registry = readFileSync(registryPath, 'utf8');
                writeFileSync(manifestPath, JSON.stringify(addModuleOrigins(manifest, registry, manifestPath)));
              });
            },
          },
        ],
      };
    },
  };
}
