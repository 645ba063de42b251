/**
 * The address of the full search page. Its own module because the not-found page, which is part
 * of the main bundle, links to it: importing it must not bring the search logic along.
 */
/** The URL of the full search page for a query (optionally one section, a `Section` of ./index). */
export function searchPageUrl(query: string, section?: string | null): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (section) params.set('section', section);
  const search = params.toString();
  return `/search/${search ? `?${search}` : ''}`;
}
