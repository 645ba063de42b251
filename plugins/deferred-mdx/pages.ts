/**
 * Which Markdown pages the deferred-mdx plugin splits, and a phrase from the end of each one's
 * body: what the output check (plugins/patch-guard/outputChecks.ts) and
 * tests/e2e/buildOutput.test.ts look for in the page's `<main>` and in the search index.
 *
 * The plugin writes the list to `.docusaurus/deferred-mdx/split-pages.json` once the content is
 * loaded. `isSplitSource` restates the loader's rule (./loader.cjs: a file under the content
 * folders of the plugin's rule, at least `minSourceBytes` long). A listed page that the loader did
 * not split fails the output check (no chunk of its own holds its body).
 */
import {existsSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

/** Where the list is written, under Docusaurus's generated files folder. */
export const SPLIT_PAGES_FILE = 'deferred-mdx/split-pages.json';

export interface SplitPage {
  /** The page's route, e.g. `/docs/user/tipsandtricks/`. */
  route: string;
  /** Its Markdown file, relative to the site. */
  source: string;
  /** The last run of plain words of its body (from the source), which the built page must show in `<main>`. */
  endPhrase: string;
}

/** Whether the loader splits this file: a Markdown file under a content folder, at least `minSourceBytes` long. */
export function isSplitSource(file: string, contentDirs: string[], minSourceBytes: number): boolean {
  if (!/\.mdx?$/.test(file)) return false;
  if (!contentDirs.some((dir) => file === dir || file.startsWith(`${dir}${path.sep}`))) return false;
  return existsSync(file) && statSync(file).size >= minSourceBytes;
}

/** Words that Markdown writes out unchanged: letters separated by single spaces, eight or more (shorter runs can be a title that sidebars and cards repeat). */
const PLAIN_RUN = /[A-Za-z]+(?: [A-Za-z]+){7,}/g;

/** Lines whose words may not reach the page as text: markup, imports, admonition fences, headings, tables. */
const NOT_PROSE = /^\s*(?:<|import\s|export\s|:::|#|\||\[\^?[^\]]*\]:)/;

/**
 * The last run of at least eight plain words in a Markdown page's body, read from its source: front
 * matter, fenced code, comments and lines of markup, headings and tables are skipped (headings go
 * into the table of contents, which loads with the page, not with its body). Undefined when the
 * page has no such run.
 */
export function endPhrase(markdown: string): string | undefined {
  const body = markdown
    .replace(/^---\r?\n[^]*?\r?\n---\r?\n/, '')
    .replace(/^[ \t]*(`{3,}|~{3,})[^]*?^[ \t]*\1[ \t]*$/gm, '')
    .replace(/<!--[^]*?-->/g, '')
    .replace(/\{\/\*[^]*?\*\/\}/g, '');
  let last: string | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (NOT_PROSE.test(line)) continue;
    for (const match of line.matchAll(PLAIN_RUN)) last = match[0];
  }
  return last;
}

interface Located {
  source: string;
  permalink: string;
}

/** Every page of the loaded content that names its source file and its route (docs, posts, Markdown pages). */
function locatedPages(content: unknown, found = new Map<string, Located>(), depth = 0): Map<string, Located> {
  if (!content || typeof content !== 'object' || depth > 8) return found;
  if (Array.isArray(content)) {
    for (const item of content) locatedPages(item, found, depth + 1);
    return found;
  }
  const record = content as Record<string, unknown>;
  if (typeof record.source === 'string' && typeof record.permalink === 'string' && record.source.startsWith('@site/')) {
    found.set(record.permalink, {source: record.source.slice('@site/'.length), permalink: record.permalink});
  }
  for (const value of Object.values(record)) {
    if (value && typeof value === 'object') locatedPages(value, found, depth + 1);
  }
  return found;
}

/** The split pages among the loaded content (Docusaurus's `allContent`), by route. */
export function splitPages(
  allContent: unknown,
  siteDir: string,
  options: {contentDirs: string[]; minSourceBytes: number},
): SplitPage[] {
  const dirs = options.contentDirs.map((dir) => path.resolve(siteDir, dir));
  const pages: SplitPage[] = [];
  for (const {source, permalink} of locatedPages(allContent).values()) {
    const file = path.resolve(siteDir, source);
    if (!isSplitSource(file, dirs, options.minSourceBytes)) continue;
    const phrase = endPhrase(readFileSync(file, 'utf8'));
    if (!phrase) throw new Error(`deferred-mdx: ${source} has no run of plain words to check its body by`);
    pages.push({route: permalink.endsWith('/') ? permalink : `${permalink}/`, source, endPhrase: phrase});
  }
  return pages.sort((a, b) => a.route.localeCompare(b.route));
}
