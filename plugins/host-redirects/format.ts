/** Pure formatters for host redirect files. */

export interface RedirectPair {
  from: string;
  to: string;
}

/** Both the slash and the no-slash form of a directory-like path answer. */
function variants(from: string): string[] {
  if (from.endsWith('/') && from !== '/') return [from, from.slice(0, -1)];
  return [from];
}

/** `_redirects`: one `from to 301` line per old path (Netlify, Cloudflare Pages). */
export function netlifyRedirects(pairs: RedirectPair[]): string {
  const lines = ['# Generated from config/redirects.ts at build time. Do not edit.'];
  for (const {from, to} of pairs) {
    for (const source of variants(from)) lines.push(`${source} ${to} 301`);
  }
  return `${lines.join('\n')}\n`;
}

// An nginx `map` from old path to new path. Include it in the `http` block; the file's header
// says what to add to the `server` block (the map lookup and the /index.html normalisation).
export function nginxRedirectMap(pairs: RedirectPair[]): string {
  const lines = [
    '# Generated from config/redirects.ts at build time. Do not edit.',
    '# In the server block: if ($cf_redirect) { return 301 $cf_redirect; }',
    '#                      rewrite ^(.*/)index\\.html$ $1 permanent;',
    'map $uri $cf_redirect {',
    '    default "";',
  ];
  for (const {from, to} of pairs) {
    for (const source of variants(from)) lines.push(`    ${JSON.stringify(source)} ${JSON.stringify(to)};`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}
