/**
 * What the search page's server shell renders, the prepaint script fills and the page keeps: the
 * class names of the results region and the status line the server writes. Apart from
 * ./resultsMarkup.ts (which re-exports them) so that the shell's first load carries no search code.
 */

export const SEARCH_CLASS = {
  /** The status line and everything below it: the element the prepaint script fills. */
  region: 'cf-search-region',
  status: 'cf-search-status',
  facets: 'cf-search-facets',
  facet: 'cf-search-facet',
  count: 'cf-search-count',
  results: 'cf-search-results',
  result: 'cf-search-result',
  section: 'cf-search-section',
  /** A result's link on the search page. */
  link: 'cf-search-link',
  /** A result's content, on the search page and in the modal. */
  hit: 'cf-hit',
  title: 'cf-hit-title',
  path: 'cf-hit-path',
  snippet: 'cf-hit-snippet',
} as const;

/** What the server renders in the region before any script runs. */
export const SHELL_STATUS = 'Search runs in your browser.';
