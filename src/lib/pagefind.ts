import {LINKS} from '../../config/links';

/** Loads the Pagefind index built by `npm run build` (served under /pagefind/). */

export interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: {title?: string};
}

export interface PagefindResult {
  id: string;
  score: number;
  data: () => Promise<PagefindResultData>;
}

export interface Pagefind {
  search: (query: string) => Promise<{results: PagefindResult[]}>;
  options?: (opts: Record<string, unknown>) => Promise<void>;
}

let loading: Promise<Pagefind> | null = null;

/** Imports the Pagefind runtime once; a failure can be retried. */
export function loadPagefind(baseUrl: string): Promise<Pagefind> {
  if (!loading) {
    const url = `${baseUrl}pagefind/pagefind.js`;
    loading = (import(/* webpackIgnore: true */ url) as Promise<Pagefind>).catch((error: unknown) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

/** The section a result belongs to, from its URL, for grouping and ranking. */
export function sectionOf(url: string): string {
  const path = url.replace(/^https?:\/\/[^/]+/, '');
  if (path.startsWith('/community/minutes/')) return 'Minutes';
  if (path.startsWith('/docs/how-to/') || path.startsWith('/docs/tutorials/')) return 'How-to';
  if (path.startsWith('/docs/')) return 'Docs';
  if (path.startsWith('/community/')) return 'Community';
  if (path.startsWith('/blog/')) return 'Blog';
  if (path.startsWith('/news/')) return 'News';
  return 'Pages';
}

/** URL of the "let us know" issue for a query that found nothing. */
export function reportIssueUrl(query: string): string {
  const title = `Search: no results for "${query}"`;
  return `${LINKS.websiteIssues}/new?title=${encodeURIComponent(title)}&labels=search`;
}
