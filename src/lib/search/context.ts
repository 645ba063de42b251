/**
 * What every search runs within, apart from the ranking code of ./index.ts (which re-exports it):
 * the sections results are grouped into, and the language and docs versions a query carries. The
 * search page's first load needs these and nothing else of the search code.
 */

/** Sections in the order results are grouped and ranked: docs first, minutes and news last. */
export const SECTIONS = ['Docs', 'How-to', 'Community', 'Pages', 'Blog', 'News', 'Minutes'] as const;
export type Section = (typeof SECTIONS)[number];

/** Language of every page, and the search tag of pages outside the docs (Docusaurus' default). */
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_VERSION_TAG = 'default';

/** The contextual filters every query carries: the page language and the docs versions. */
export interface SearchContext {
  language: string;
  /** Accepted version tags: `default` plus the active or preferred version of each docs plugin. */
  versionTags: string[];
}

export const DEFAULT_CONTEXT: SearchContext = {language: DEFAULT_LANGUAGE, versionTags: [DEFAULT_VERSION_TAG]};

/** Builds the context from Docusaurus' contextual search filters (locale and tags). */
export function searchContext(locale: string | undefined, tags: readonly string[] | undefined): SearchContext {
  const versionTags = [...new Set([DEFAULT_VERSION_TAG, ...(tags ?? [])])];
  return {language: locale || DEFAULT_LANGUAGE, versionTags};
}

/** What docsVersionTags reads of a docs instance's shared data. */
export interface DocsInstance {
  path: string;
  versions: readonly {name: string; path: string; isLast: boolean}[];
}

/** Whether `pathname` is `base` or below it (`/docs` holds `/docs/x/`, not `/docsx/`). */
function under(pathname: string, base: string): boolean {
  const root = base.replace(/\/+$/, '');
  return root === '' || pathname === root || pathname.startsWith(`${root}/`);
}

/** The item with the longest path that `pathname` is under, or undefined. */
function deepest<T extends {path: string}>(items: readonly T[], pathname: string): T | undefined {
  return items.filter((item) => under(pathname, item.path)).sort((a, b) => b.path.length - a.path.length)[0];
}

/**
 * The docs version tag of each docs instance, as Docusaurus's contextual search gives them
 * (`docs-<instance>-<version>`): on a docs page, its instance's version; elsewhere, the version
 * the reader last browsed (`preferred`), else the latest. Docusaurus's own hook finds the page's
 * instance by sorting the paths with `localeCompare`, whose first call builds an ICU collator, a
 * long task on a phone (src/lib/docs/breadcrumbs.ts); this compares path lengths.
 */
export function docsVersionTags(
  instances: Readonly<Record<string, DocsInstance>>,
  pathname: string,
  preferred: Readonly<Record<string, {name: string} | null | undefined>>,
): string[] {
  const active = deepest(
    Object.entries(instances).map(([id, instance]) => ({id, path: instance.path})),
    pathname,
  );
  return Object.entries(instances).flatMap(([id, instance]) => {
    const latest = instance.versions.find((version) => version.isLast);
    const own = active?.id === id ? deepest(instance.versions, pathname) : undefined;
    const version = own ?? preferred[id] ?? latest;
    return version ? [`docs-${id}-${version.name}`] : [];
  });
}
