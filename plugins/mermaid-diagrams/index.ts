import {cpSync, existsSync, mkdirSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

const require = createRequire(__filename);

/** Mermaid's own browser build: an ES module and the chunks it imports by relative path. */
export interface MermaidDist {
  version: string;
  /** node_modules/mermaid/dist */
  dir: string;
  /** Files to publish, relative to `dir`. */
  files: string[];
}

const ENTRY = 'mermaid.esm.min.mjs';
const CHUNKS = 'chunks/mermaid.esm.min';

/** The installed Mermaid's prebuilt ES module build; throws, naming the files, when it no longer ships it. */
export function mermaidDist(): MermaidDist {
  const packageJson = require.resolve('mermaid/package.json');
  const {version} = JSON.parse(readFileSync(packageJson, 'utf8')) as {version: string};
  const dir = path.join(path.dirname(packageJson), 'dist');
  const missing = [ENTRY, `${CHUNKS}/`].filter((file) => !existsSync(path.join(dir, file)));
  if (missing.length > 0) {
    throw new Error(
      `mermaid-diagrams: mermaid ${version} no longer ships ${missing.join(' and ')} in ${dir}: diagrams load that build (plugins/mermaid-diagrams/index.ts)`,
    );
  }
  const files = [
    ENTRY,
    ...readdirSync(path.join(dir, CHUNKS))
      .filter((name) => name.endsWith('.mjs'))
      .map((name) => `${CHUNKS}/${name}`),
  ];
  return {version, dir, files};
}

/**
 * The site path (before the baseUrl) the browser imports Mermaid from: versioned, so it can be
 * cached for good.
 */
export function mermaidEntryPath(version: string): string {
  return `/vendor/mermaid/${version}/${ENTRY}`;
}

/** The constant through which the diagram component learns that path (src/components/Mermaid). */
export const ENTRY_CONSTANT = '__CF_MERMAID_ENTRY__';

/**
 * Mermaid diagrams without bundling Mermaid.
 *
 * A bundled Mermaid costs every build the parsing, transforming and minifying of Mermaid and all
 * it depends on (d3, cytoscape, KaTeX, its Langium parsers…: about 5.5 MB of source), in both
 * the browser and the server build, for the three pages that have a diagram. Mermaid already
 * ships that code minified as ES modules (`dist/mermaid.esm.min.mjs` and its chunks). So:
 * - ./remark.ts turns each `mermaid` fence into the site's diagram component;
 * - the component (src/components/Mermaid) imports that entry from the site at run time, in
 *   production builds; the development server bundles the package instead;
 * - this plugin tells the component the entry's path (a DefinePlugin constant), and copies the
 *   entry and its chunks to `vendor/mermaid/<version>/` of the build.
 * Public APIs only: `configureWebpack` and `postBuild`. tests/e2e/buildOutput.test.ts checks the
 * output (no Mermaid code in the bundles, the entry named and every file published), and
 * tests/e2e/content.test.ts draws the diagrams.
 */
export default function mermaidDiagrams(): Plugin {
  const dist = mermaidDist();
  const entryPath = mermaidEntryPath(dist.version);
  return {
    name: 'mermaid-diagrams',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {DefinePlugin} = currentBundler.instance;
      return {plugins: [new DefinePlugin({[ENTRY_CONSTANT]: JSON.stringify(entryPath)})]};
    },
    async postBuild({outDir}) {
      const target = path.join(outDir, path.dirname(entryPath));
      for (const file of dist.files) {
        mkdirSync(path.dirname(path.join(target, file)), {recursive: true});
        cpSync(path.join(dist.dir, file), path.join(target, file));
      }
    },
  };
}
