import path from 'node:path';
import {createHash} from 'node:crypto';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import {build} from 'esbuild';
import type {LoadContext, Plugin} from '@docusaurus/types';

/**
 * Builds the search page's prepaint script (src/lib/search/prepaint.ts, entry ./entry.ts), which
 * paints the first results before the site's entry scripts run. It is not part of the site's
 * bundles: it must run before their runtime exists and weigh a few KB. esbuild bundles it while
 * the other plugins load their content (about 20 ms); the file goes to the output folder under a
 * content hash, and the site's code learns its address through the constant
 * `process.env.CF_SEARCH_PREPAINT` (the search page's boot script adds it).
 *
 * After the build, the search page must name the file and the file must be there; otherwise the
 * build stops: a page that waited for a script that never comes would
 * start its own scripts only after three seconds.
 */
export interface Content {
  /** The file's path under the output folder. */
  file: string;
  code: string;
}

export const PREPAINT_ENTRY = path.join(__dirname, 'entry.ts');
/** The constant through which the site's code learns the script's address. */
export const PREPAINT_URL_CONSTANT = 'process.env.CF_SEARCH_PREPAINT';

/** Bundles the prepaint script: one minified classic script for current browsers. */
export async function bundlePrepaint(entry = PREPAINT_ENTRY): Promise<Content> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    write: false,
    legalComments: 'none',
    define: {'process.env.NODE_ENV': '"production"'},
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 8);
  return {file: `assets/js/search-prepaint.${hash}.js`, code};
}

/** Fails unless the built search page names the script and the script is in the output. */
export async function checkPrepaintOutput(outDir: string, searchPage: string, content: Content): Promise<void> {
  const fail = (why: string) => {
    throw new Error(`search-prepaint: ${outDir}: ${why}`);
  };
  const html = await readFile(path.join(outDir, searchPage), 'utf8').catch(() =>
    fail(`${searchPage} is not in the output`),
  );
  if (!html.includes(`/${content.file}`)) fail(`${searchPage} does not load /${content.file}`);
  const written = await readFile(path.join(outDir, content.file), 'utf8').catch(() => '');
  if (written !== content.code) fail(`${content.file} is not in the output`);
}

function asContent(content: unknown): Content {
  const c = content as Partial<Content> | undefined;
  if (typeof c?.file !== 'string' || typeof c.code !== 'string')
    throw new Error(`search-prepaint: ${PREPAINT_ENTRY}: no bundle was built`);
  return c as Content;
}

export default function searchPrepaint(context: LoadContext): Plugin {
  return {
    name: 'search-prepaint',
    loadContent: () => bundlePrepaint(),
    configureWebpack(_config, _isServer, utils, content) {
      const {DefinePlugin} = utils.currentBundler.instance;
      const url = JSON.stringify(context.baseUrl + asContent(content).file);
      return {plugins: [new DefinePlugin({[PREPAINT_URL_CONSTANT]: url})]};
    },
    async postBuild({outDir, content}) {
      const {file, code} = asContent(content);
      await mkdir(path.join(outDir, path.dirname(file)), {recursive: true});
      await writeFile(path.join(outDir, file), code);
      await checkPrepaintOutput(outDir, 'search/index.html', {file, code});
    },
  };
}
