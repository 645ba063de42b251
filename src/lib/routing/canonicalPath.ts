/**
 * The canonical form of a site path: a trailing `/index.html` is dropped (spec §2, Redirects).
 * A path that starts with two slashes, or with a backslash after the first (which browsers read as
 * a slash), is left as it is: `//evil.example/` as a relative address names another host, and the
 * browser refuses to put another origin's address in the history (the page stopped there).
 */
export function canonicalPath(pathname: string): string {
  if (/^\/[/\\]/.test(pathname)) return pathname;
  return pathname.replace(/\/index\.html?$/i, '/');
}
