/**
 * What a search that finds nothing offers: suggestions and the link to report the query. Apart
 * from ./index.ts so that the search page's prepaint script, which paints no such message, does
 * not carry the site's link table.
 */
import {LINKS} from '../../../config/links';

/** URL of the "Let us know." link: a new issue on the website's repository, query filled in. */
export function reportIssueUrl(query: string): string {
  const title = `Search: no results for "${query}"`;
  const body = `The site search found nothing for:\n\n    ${query}\n\nI expected it to find:\n`;
  return `${LINKS.websiteIssues}/new?title=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}&labels=search`;
}

/** Queries offered when a search finds nothing. */
export const SUGGESTIONS = ['rerender', 'conda-forge.yml', 'pinning', 'noarch python', 'CUDA'] as const;
