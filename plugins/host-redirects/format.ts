/**
 * Pure formatters for host redirect files, one per kind of host. Each knows its host's rules:
 * - Netlify serves an existing file before a rule unless the rule is forced (`301!`); every old
 *   path here has a client-side redirect page, so every rule is forced.
 * - Cloudflare Pages always applies a rule, even where a file exists, and takes at most 2,000
 *   static rules; it strips `/index.html` by itself.
 * - GitLab Pages serves files before rules and cannot force them, and reads at most 1,000 rules
 *   (none at all beyond that): no file is written for it; the client-side pages do the work there.
 * - nginx gets a `map`, with hash sizes large enough for its longest key and its number of keys.
 */

export interface RedirectPair {
  from: string;
  to: string;
}

export const CLOUDFLARE_MAX_STATIC_RULES = 2000;
const HEADER = '# Generated from config/redirects.ts at build time. Do not edit.';

/** Both the slash and the no-slash form of a directory-like path answer. */
function variants(from: string): string[] {
  if (from.endsWith('/') && from !== '/') return [from, from.slice(0, -1)];
  return [from];
}

/**
 * Netlify `_redirects`: one forced `from to 301!` line per old path, then one per live route that
 * sends its `index.html` form to the route itself (the address ends at the slash).
 */
export function netlifyRedirects(pairs: RedirectPair[], liveRoutes: string[] = []): string {
  const lines = [HEADER];
  for (const {from, to} of pairs) {
    for (const source of variants(from)) lines.push(`${source} ${to} 301!`);
  }
  for (const route of liveRoutes) {
    if (route.endsWith('/')) lines.push(`${route}index.html ${route} 301!`);
  }
  return `${lines.join('\n')}\n`;
}

/** Cloudflare Pages `_redirects`: plain `from to 301` lines, within the host's rule limit. */
export function cloudflareRedirects(pairs: RedirectPair[]): string {
  const lines = [HEADER, '# For Cloudflare Pages: deploy this file as _redirects.'];
  let rules = 0;
  for (const {from, to} of pairs) {
    for (const source of variants(from)) {
      lines.push(`${source} ${to} 301`);
      rules += 1;
    }
  }
  if (rules > CLOUDFLARE_MAX_STATIC_RULES) {
    throw new Error(
      `host-redirects: ${rules} rules exceed Cloudflare Pages' limit of ${CLOUDFLARE_MAX_STATIC_RULES} static redirects`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The smallest power of two that is at least `n` (and at least `min`). */
function powerOfTwo(n: number, min: number): number {
  let size = min;
  while (size < n) size *= 2;
  return size;
}

// An nginx `map` from old path to new path. Include it in the `http` block; the file's header
// says what to add to the `server` block (the map lookup and the /index.html normalisation).
// nginx refuses to start when a key does not fit a hash bucket ("could not build map_hash"), so
// the bucket size follows the longest key (plus room for the entry's pointer and length).
export function nginxRedirectMap(pairs: RedirectPair[]): string {
  const entries: Array<[string, string]> = [];
  for (const {from, to} of pairs) for (const source of variants(from)) entries.push([source, to]);
  const longest = Math.max(0, ...entries.map(([source]) => Buffer.byteLength(source)));
  const lines = [
    HEADER,
    '# In the server block: if ($cf_redirect) { return 301 $cf_redirect; }',
    '#                      rewrite ^(.*/)index\\.html$ $1 permanent;',
    `map_hash_bucket_size ${powerOfTwo(longest + 32, 64)};`,
    `map_hash_max_size ${powerOfTwo(entries.length, 2048)};`,
    'map $uri $cf_redirect {',
    '    default "";',
  ];
  for (const [source, to] of entries) lines.push(`    ${JSON.stringify(source)} ${JSON.stringify(to)};`);
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
