/**
 * Index time: what Pagefind records for each built page. The page's section, language and docs
 * version become Pagefind filters (the query filters on them) and metadata (every result carries
 * them), passed as `data-pagefind-*` attributes on the page's <main> while indexing; the built
 * HTML on disk is not changed and no code reaches the browser.
 */
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

function metaContent(html: string, name: string): string | null {
  const re = new RegExp(`<meta\\b[^>]*\\bname=["']?${name.replace(/[.:]/g, '\\$&')}["']?[^>]*>`, 'i');
  const tag = re.exec(html)?.[0];
  if (!tag) return null;
  const content = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
  return content ? (content[1] ?? content[2] ?? content[3]) : null;
}

function decodeText(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** Breadcrumb labels of a docs page, without the home icon and without the current page. */
export function breadcrumbs(html: string): string[] {
  const nav = /<nav\b[^>]*theme-doc-breadcrumbs[\s\S]*?<\/nav>/i.exec(html)?.[0];
  if (!nav) return [];
  // Minified HTML leaves list items unclosed: each item runs to the next <li>.
  const items = nav
    .split(/<li\b[^>]*>/i)
    .slice(1)
    .map((item) => decodeText(item.replace(/<[^>]*>/g, '')));
  return items.filter((label) => label !== '').slice(0, -1);
}

/**
 * The search fields of a built page at `urlPath`, or null when the page is not indexed: redirect
 * stubs (no <main>), list pages (Docusaurus gives them their own search tag) and EXCLUDED_PATHS.
 */
export function pageSearchFields(html: string, urlPath: string): PageSearchFields | null {
  if (!/<main\b/i.test(html)) return null;
  if (EXCLUDED_PATHS.some((re) => re.test(urlPath))) return null;
  const versionTag = metaContent(html, 'docusaurus_tag') ?? DEFAULT_VERSION_TAG;
  if (versionTag !== DEFAULT_VERSION_TAG && !versionTag.startsWith('docs-')) return null;
  const language = /<html\b[^>]*\blang=["']?([\w-]+)/i.exec(html)?.[1] ?? DEFAULT_LANGUAGE;
  const versionName = versionTag === DEFAULT_VERSION_TAG ? '' : (metaContent(html, 'docusaurus_version') ?? '');
  return {section: sectionOf(urlPath), language, versionTag, versionName, crumbs: breadcrumbs(html)};
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/**
 * Adds the Pagefind filter and metadata attributes to the first <main> of a page. Values sit in
 * data attributes that the Pagefind attributes reference, so no value needs escaping for Pagefind.
 */
export function annotateMain(html: string, fields: PageSearchFields, versionLabel: string): string {
  const data: Record<string, string> = {
    'data-cf-section': fields.section,
    'data-cf-language': fields.language,
    'data-cf-version': fields.versionTag,
    'data-cf-version-label': versionLabel,
    'data-cf-crumbs': fields.crumbs.join(CRUMB_SEPARATOR),
  };
  const attributes = [
    'data-pagefind-filter="section[data-cf-section], language[data-cf-language], version[data-cf-version]"',
    'data-pagefind-meta="section[data-cf-section], language[data-cf-language], version[data-cf-version], version_label[data-cf-version-label], crumbs[data-cf-crumbs]"',
    ...Object.entries(data).map(([name, value]) => `${name}="${attr(value)}"`),
  ].join(' ');
  return html.replace(/<main\b/i, `<main ${attributes}`);
}

/** Turns a built file's path relative to the build folder into its URL path. */
export function urlPathOf(relativeFile: string): string {
  const path = relativeFile.split(/[\\/]/).filter(Boolean);
  if (path[path.length - 1] === 'index.html') path.pop();
  return path.length === 0 ? '/' : `/${path.join('/')}/`;
}
