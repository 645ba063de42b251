/**
 * Links taken from remote data. A URL is used as a link only when its scheme is http(s), it carries
 * no credentials and, where the source is known, its host is one the source is expected to link to;
 * otherwise the caller shows the text without a link. One rule for every live page.
 */

/** Hosts that the live data sources link to. */
export const GITHUB_HOSTS = ['github.com'] as const;

const MAX_URL_LENGTH = 2048;

/**
 * The URL as an absolute http(s) address, or null when it must not become a link: not text, too
 * long, unparsable, another scheme (`javascript:`, `data:`, `vbscript:`, `file:`…), user info, or a
 * host outside `hosts` (exact match; no list means any host).
 */
export function safeUrl(value: unknown, hosts?: readonly string[]): string | null {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username !== '' || url.password !== '') return null;
  if (hosts && !hosts.includes(url.hostname.toLowerCase())) return null;
  return url.href;
}
