/**
 * Builds the Pagefind index of the production build (run by `npm run build` after Docusaurus).
 * Each page is indexed from <main>, with its section, language and docs version as filters and
 * metadata (see src/lib/search/indexFields.ts). Writes build/pagefind/.
 *
 * Usage: node --import tsx scripts/search-index.mts [--site build]
 */
import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {gunzipSync, gzipSync} from 'node:zlib';
import * as pagefind from 'pagefind';
import {annotateMain, loadBuiltPage, pageSearchFields, urlPathOf} from '../src/lib/search/indexFields';
import {SYNONYMS_FILE, VOCABULARY_FILE} from '../src/lib/search/lexicon';
import {SYNONYMS, synonymPairs} from '../src/lib/search/synonyms';
import {pagesByTerm, synonymProblems, vocabularyFile} from '../src/lib/search/vocabulary';
import {docsOptions} from '../config/plugins';
import {patchPagefindRuntime} from './pagefindRuntime';

/**
 * The theme's stable class of a doc card. The build fails if no indexed page has one: the class
 * would have changed, and the cards would quietly be indexed again.
 */
const CARD_SELECTOR = '.theme-doc-card-container';

/** Parts of <main> that are navigation or page furniture rather than content. */
const EXCLUDE_SELECTORS = [
  'nav',
  '.theme-doc-toc-mobile',
  '.theme-doc-footer',
  '.pagination-nav',
  '.theme-doc-breadcrumbs',
  '.theme-doc-version-badge',
  '.hash-link',
  // Doc cards (generated index pages, DocCardList) repeat other pages' titles and descriptions:
  // indexed, a list of links would outrank the pages it lists, and its icons would show in excerpts.
  CARD_SELECTOR,
];

/** How many pages are handed to Pagefind at once. */
const BATCH = 32;

function versionLabel(name: string): string {
  if (!name) return '';
  const configured = docsOptions.versions?.[name]?.label;
  return configured ?? (name === 'current' ? 'Next' : name);
}

async function htmlFiles(dir: string, root = dir): Promise<string[]> {
  const entries = await readdir(dir, {withFileTypes: true});
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'pagefind' && dir === root ? [] : htmlFiles(full, root);
      return entry.name === 'index.html' ? [path.relative(root, full)] : [];
    }),
  );
  return nested.flat();
}

/** The text Pagefind indexed for each page: its fragments, gzip with a signature before the JSON. */
async function indexedTexts(output: string): Promise<string[]> {
  const dir = path.join(output, 'fragment');
  const files = (await readdir(dir)).filter((name) => name.endsWith('.pf_fragment')).sort();
  return Promise.all(
    files.map(async (name) => {
      const text = gunzipSync(await readFile(path.join(dir, name))).toString('utf8');
      const fragment = JSON.parse(text.slice(text.indexOf('{'))) as {content?: unknown};
      return typeof fragment.content === 'string' ? fragment.content : '';
    }),
  );
}

/**
 * Writes the lexicon next to the index: the vocabulary (for typo correction) and the synonyms
 * table, after checking every synonym against the vocabulary; returns the gzip sizes.
 */
async function writeLexicon(output: string): Promise<{vocabulary: number; synonyms: number}> {
  const pages = pagesByTerm(await indexedTexts(output));
  const problems = synonymProblems(SYNONYMS, pages);
  if (problems.length > 0) {
    throw new Error(
      `search-index: the synonyms table (src/lib/search/synonyms.ts) has problems:\n${problems.join('\n')}`,
    );
  }
  const vocabulary = JSON.stringify(vocabularyFile(pages));
  const synonyms = JSON.stringify(synonymPairs());
  await writeFile(path.join(output, VOCABULARY_FILE), vocabulary);
  await writeFile(path.join(output, SYNONYMS_FILE), synonyms);
  return {vocabulary: gzipSync(vocabulary).length, synonyms: gzipSync(synonyms).length};
}

async function main(): Promise<void> {
  const siteFlag = process.argv.indexOf('--site');
  const site = path.resolve(siteFlag > -1 ? process.argv[siteFlag + 1] : 'build');
  const started = performance.now();
  const files = await htmlFiles(site);

  const {index, errors} = await pagefind.createIndex({rootSelector: 'main', excludeSelectors: EXCLUDE_SELECTORS});
  if (!index) throw new Error(`Pagefind did not start: ${errors.join('; ')}`);

  let indexed = 0;
  let pagesWithCards = 0;
  const problems: string[] = [];
  for (let i = 0; i < files.length; i += BATCH) {
    await Promise.all(
      files.slice(i, i + BATCH).map(async (file) => {
        const url = urlPathOf(file);
        const page = loadBuiltPage(await readFile(path.join(site, file), 'utf8'));
        const fields = pageSearchFields(page, url);
        if (!fields) return;
        if (page.html.includes(CARD_SELECTOR.slice(1))) pagesWithCards += 1;
        const response = await index.addHTMLFile({
          url,
          content: annotateMain(page, fields, versionLabel(fields.versionName)),
        });
        if (response.errors.length > 0) problems.push(`${url}: ${response.errors.join('; ')}`);
        else indexed += 1;
      }),
    );
  }

  if (pagesWithCards === 0) {
    throw new Error(
      `search-index: no indexed page has a doc card (${CARD_SELECTOR}); the theme's class changed, update CARD_SELECTOR`,
    );
  }

  const output = path.join(site, 'pagefind');
  await rm(output, {recursive: true, force: true});
  const written = await index.writeFiles({outputPath: output});
  await pagefind.close();
  if (written.errors.length > 0 || problems.length > 0) {
    throw new Error(`Pagefind failed:\n${[...problems, ...written.errors].join('\n')}`);
  }
  // A chunk that cannot be loaded fails the query (the page says so, with Retry) instead of
  // reading as no results.
  await patchPagefindRuntime(output);
  const lexicon = await writeLexicon(output);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `Search index: ${indexed} of ${files.length} pages indexed in ${seconds} s (${path.relative(process.cwd(), output)}); ` +
      `vocabulary ${kb(lexicon.vocabulary)}, synonyms ${kb(lexicon.synonyms)} gzip.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
