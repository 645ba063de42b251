/** The canonical form of a site path: a trailing `/index.html` is dropped (spec §2, Redirects). */
export function canonicalPath(pathname: string): string {
  return pathname.replace(/\/index\.html?$/i, '/');
}
