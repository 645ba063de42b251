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
