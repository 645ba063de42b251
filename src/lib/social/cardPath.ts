/**
 * Where a page's social card (its `og:image`) lives in the built site, from the page's path.
 * The theme's SiteMetadata wrapper names it in every page's head and plugins/social-cards draws
 * it after the build, both through this one function, so the two cannot disagree.
 *
 * `/docs/user/faq/` → `/img/social/docs/user/faq.png`, `/` → `/img/social/index.png`,
 * `/404.html` → `/img/social/404.png`. Characters outside `[A-Za-z0-9._-]` in a segment become `-`.
 */
export const SOCIAL_CARD_DIR = '/img/social/';

export function socialCardPath(pathname: string): string {
  const segments = pathname
    .replace(/\.html?$/, '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]+/g, '-'));
  return `${SOCIAL_CARD_DIR}${segments.length > 0 ? segments.join('/') : 'index'}.png`;
}
