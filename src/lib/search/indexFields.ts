/**
 * Index time: what Pagefind records for each built page. The page's section, language and docs
 * version become Pagefind filters (the query filters on them) and metadata (every result carries
 * them), passed as `data-pagefind-*` attributes on the page's <main> while indexing; the built
 * HTML on disk is not changed and no code reaches the browser. Pages are read with a real HTML
 * parser (htmlparser2), not with patterns over the markup.
 */
import {Parser} from 'htmlparser2';
import {CRUMB_SEPARATOR, DEFAULT_LANGUAGE, DEFAULT_VERSION_TAG, sectionOf, type Section} from './index';

export interface PageSearchFields {
  section: Section;
  language: string;
  /** Docusaurus search tag: `docs-{plugin}-{version}`, or `default` outside the docs. */
  versionTag: string;
  /** Docs version name (`current`), empty outside the docs. */
  versionName: string;
  /** Breadcrumb labels above the page (docs only), without the page itself. */
  crumbs: string[];
}

/** Pages that only list or repeat other pages: indexing them would crowd out the pages themselves. */
const EXCLUDED_PATHS = [/^\/search\/$/, /\/archive\/$/, /\/page\/\d+\/$/, /\/tags\//, /^\/blog\/authors\//];

/** What index time reads from a built page, found by one pass of an HTML parser. */
export interface BuiltPage {
  html: string;
  /** `<html lang>`. */
  lang?: string;
  /** `<meta name content>` of the head, by name. */
  meta: Record<string, string>;
  /** The first <main>: where its start tag begins in `html`, and its attributes. */
  main?: {start: number; attributes: Record<string, string>};
  /** Where the start tag of the first <h1> inside <main> (the page's title) begins in `html`. */
  h1?: number;
  /** The texts of the docs breadcrumbs' list items, in order. */
  crumbs: string[];
}

/**
 * Reads a built page with htmlparser2's streaming parser (no document tree is built, which keeps
 * indexing 380 pages fast), decoding entities in attributes and text.
 */
export function loadBuiltPage(html: string): BuiltPage {
  const page: BuiltPage = {html, meta: {}, crumbs: []};
  let crumbsDepth = 0; // open elements inside the breadcrumbs <nav>, 0 outside it
  let crumb: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'html' && page.lang === undefined) page.lang = attributes.lang;
        if (name === 'meta' && attributes.name && attributes.content !== undefined)
          page.meta[attributes.name] = attributes.content;
        if (name === 'main' && !page.main) page.main = {start: parser.startIndex, attributes};
        if (name === 'h1' && page.main && page.h1 === undefined) page.h1 = parser.startIndex;
        if (crumbsDepth > 0) {
          crumbsDepth += 1;
          if (name === 'li') {
            if (crumb !== null) page.crumbs.push(crumb.trim());
            crumb = '';
          }
        } else if (
          name === 'nav' &&
          page.crumbs.length === 0 &&
          /(^|\s)theme-doc-breadcrumbs(\s|$)/.test(attributes.class ?? '')
        ) {
          crumbsDepth = 1;
        }
      },
      ontext(text) {
        if (crumbsDepth > 0 && crumb !== null) crumb += text;
      },
      onclosetag() {
        if (crumbsDepth === 0) return;
        crumbsDepth -= 1;
        if (crumbsDepth === 0 && crumb !== null) {
          page.crumbs.push(crumb.trim());
          crumb = null;
        }
      },
    },
    {decodeEntities: true},
  );
  parser.end(html);
  return page;
}

function parsed(page: BuiltPage | string): BuiltPage {
  return typeof page === 'string' ? loadBuiltPage(page) : page;
}

/** Breadcrumb labels of a docs page, without the home icon and without the current page. */
export function breadcrumbs(page: BuiltPage | string): string[] {
  return parsed(page)
    .crumbs.filter((label) => label !== '')
    .slice(0, -1);
}

/**
 * The search fields of a built page at `urlPath`, or null when the page is not indexed: redirect
 * stubs (no <main>), list pages (Docusaurus gives them their own search tag) and EXCLUDED_PATHS.
 */
export function pageSearchFields(page: BuiltPage | string, urlPath: string): PageSearchFields | null {
  const built = parsed(page);
  if (!built.main) return null;
  if (EXCLUDED_PATHS.some((re) => re.test(urlPath))) return null;
  const versionTag = built.meta.docusaurus_tag ?? DEFAULT_VERSION_TAG;
  if (versionTag !== DEFAULT_VERSION_TAG && !versionTag.startsWith('docs-')) return null;
  const language = built.lang || DEFAULT_LANGUAGE;
  const versionName = versionTag === DEFAULT_VERSION_TAG ? '' : (built.meta.docusaurus_version ?? '');
  return {section: sectionOf(urlPath), language, versionTag, versionName, crumbs: breadcrumbs(built)};
}

/**
 * Pagefind's weight of the page's title (its first <h1>). Pagefind weighs every h1 7 and every h2
 * 6 by default, so a page that only mentions a word in a card or sub-heading ranks almost level
 * with the page whose title is that word; the title counts most (Pagefind's maximum is 10).
 */
export const TITLE_WEIGHT = 10;

/**
 * Adds the Pagefind filter and metadata attributes to the first <main> of a page, and the title
 * weight to its first <h1>. Values sit in data attributes that the Pagefind attributes reference,
 * so no value needs escaping for Pagefind.
 */
export function annotateMain(page: BuiltPage | string, fields: PageSearchFields, versionLabel: string): string {
  const {main, h1} = parsed(page);
  let {html} = parsed(page);
  const data: Record<string, string> = {
    'data-pagefind-filter': 'section[data-cf-section], language[data-cf-language], version[data-cf-version]',
    'data-pagefind-meta':
      'section[data-cf-section], language[data-cf-language], version[data-cf-version], version_label[data-cf-version-label], crumbs[data-cf-crumbs]',
    'data-cf-section': fields.section,
    'data-cf-language': fields.language,
    'data-cf-version': fields.versionTag,
    'data-cf-version-label': versionLabel,
    'data-cf-crumbs': fields.crumbs.join(CRUMB_SEPARATOR),
  };
  // The attributes go right after `<h1` and `<main`, at the positions the parser found them (the
  // later one first, so the earlier position still holds).
  if (h1 !== undefined) {
    if (html.slice(h1, h1 + 3).toLowerCase() !== '<h1')
      throw new Error('annotateMain: the <h1> is not where it was read');
    html = `${html.slice(0, h1 + 3)} data-pagefind-weight="${TITLE_WEIGHT}"${html.slice(h1 + 3)}`;
  }
  const start = main?.start;
  if (start === undefined || html.slice(start, start + 5).toLowerCase() !== '<main') {
    throw new Error('annotateMain: the page has no <main> element');
  }
  const attributes = Object.entries(data)
    .map(([name, value]) => ` ${name}="${value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')}"`)
    .join('');
  return html.slice(0, start + 5) + attributes + html.slice(start + 5);
}

/** Turns a built file's path relative to the build folder into its URL path. */
export function urlPathOf(relativeFile: string): string {
  const path = relativeFile.split(/[\\/]/).filter(Boolean);
  if (path[path.length - 1] === 'index.html') path.pop();
  return path.length === 0 ? '/' : `/${path.join('/')}/`;
}
