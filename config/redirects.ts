/**
 * The one redirect table of the site. It feeds:
 * - the client-side redirect pages (@docusaurus/plugin-client-redirects, see plugins.ts),
 * - the host redirect files written after the build (plugins/host-redirects),
 * - the unit and end-to-end tests.
 *
 * Paths are site paths with a leading slash. Targets always end with a slash (trailingSlash: true).
 */

export interface Redirect {
  /** One or more old paths. */
  from: string[];
  /** The live route they lead to. */
  to: string;
}

/** Sphinx-era blog posts lived at /blog/posts/YYYY-MM-DD-name/. */
const OLD_BLOG_POSTS: ReadonlyArray<[oldName: string, newPath: string]> = [
  ['2019-12-06-cfep09', '/blog/2019/12/06/cfep09/'],
  ['2020-02-04-GSoC', '/blog/2020/02/04/gsoc/'],
  ['2020-03-05-grayskull', '/blog/2020/03/05/grayskull/'],
  ['2020-03-10-pypy', '/blog/2020/03/10/pypy/'],
  ['2020-07-02-op-risk', '/blog/2020/07/02/op-risk/'],
  ['2020-07-06-scipy-bof', '/blog/2020/07/06/scipy-bof/'],
  ['2020-07-11-R-4', '/blog/2020/07/11/r-4/'],
  ['2020-10-02-versions', '/blog/2020/10/02/versions/'],
  ['2020-10-29-macos-arm64', '/blog/2020/10/29/macos-arm64/'],
  ['2020-11-20-anaconda-tos', '/blog/2020/11/20/anaconda-tos/'],
  ['2020-12-26-year-in-review', '/blog/2020/12/26/year-in-review/'],
  ['2021-02-02-outreachy', '/blog/2021/02/02/outreachy/'],
  ['2021-02-02-Outreachy', '/blog/2021/02/02/outreachy/'],
  ['2021-06-16-graykull-step-by-step', '/blog/2021/06/16/graykull-step-by-step/'],
  ['2021-09-24-travis-security', '/blog/2021/09/24/travis-security/'],
  ['2021-11-03-tensorflow-gpu', '/blog/2021/11/03/tensorflow-gpu/'],
  ['2022-08-19-outreachy-wrap-up-blog-2022', '/blog/2022/08/26/outreachy-wrap-up-blog-2022/'],
  ['2023-03-12-circle-ci-security-breach', '/blog/2023/03/12/circle-ci-security-breach/'],
  ['2023-07-13-installer-security-fixes', '/blog/2023/07/13/installer-security-fixes/'],
];

/** Pages of the old /docs/orga/ tree that now live in the community area (or the maintainer docs). */
const ORGA_PAGES: ReadonlyArray<[oldName: string, newPath: string]> = [
  ['guidelines', '/docs/maintainer/guidelines/'],
  ['governance', '/community/governance/'],
  ['subteams', '/community/subteams/'],
  ['joining-the-team', '/community/joining-the-team/'],
  ['cfep-index', '/community/cfep/'],
  ['getting-in-touch', '/community/getting-in-touch/'],
];

/** Explicit redirects: every old path listed by hand. */
export const explicitRedirects: Redirect[] = [
  {from: ['/feedstock-outputs/'], to: '/packages/'},
  {from: ['/blog/blog/'], to: '/blog/'},
  ...OLD_BLOG_POSTS.map(([name, to]) => ({from: [`/blog/posts/${name}/`], to})),
  {from: ['/blog/2022/08/19/outreachy-wrap-up-blog-2022/'], to: '/blog/2022/08/26/outreachy-wrap-up-blog-2022/'},
  {from: ['/news/2024/04/09/clang-everywhere/'], to: '/news/2024/04/30/clang-everywhere/'},
  {
    from: ['/news/2025/05/16/new-ubuntu-base-for-miniforge-docker-images/'],
    to: '/news/2025/04/17/new-ubuntu-base-for-miniforge-docker-images/',
  },
  {from: ['/docs/user/announcements.html'], to: '/announcements/'},
  {from: ['/docs/misc/'], to: '/docs/glossary/'},
  {from: ['/docs/orga/', '/docs/orga/00_intro.html'], to: '/community/'},
  ...ORGA_PAGES.map(([name, to]) => ({
    from: [`/docs/orga/${name}.html`, `/docs/orga/${name}/00_intro.html`],
    to,
  })),
  {from: ['/docs/contracting.html', '/docs/contracting/00_intro.html'], to: '/community/contracting/'},
  {from: ['/docs/orga/funding/', '/docs/orga/funding/00_intro.html'], to: '/community/funding/'},
  {from: ['/docs/orga/minutes/', '/docs/orga/minutes/00_intro.html'], to: '/community/minutes/'},
];

/** Extensions under which every page also answers (old Sphinx URLs). */
export const REDIRECT_EXTENSIONS = ['html', 'htm'] as const;

const YEARS_OF_OLD_BLOG_INDEXES = ['2019', '2020', '2021', '2022', '2023'];
const MINUTES_PAGE = /^\/community\/minutes\/(\d{4}-\d{2}-\d{2})\/$/;
const BLOG_TAG_PAGE = /^\/blog\/tags\/([^/]+)\/$/;
const SECTION_INTROS = new Set(['/docs/', '/docs/user/', '/docs/maintainer/']);

/**
 * Redirects derived from a live route (the plugin calls this for every route of the build).
 * Returns the old paths that should lead to `existingPath`.
 */
export function derivedRedirects(existingPath: string): string[] {
  const from: string[] = [];
  const minutes = MINUTES_PAGE.exec(existingPath);
  if (minutes) {
    from.push(`/docs/orga/minutes/${minutes[1]}/`, `/docs/orga/minutes/${minutes[1]}.html`);
  }
  const tag = BLOG_TAG_PAGE.exec(existingPath);
  if (tag) from.push(`/blog/blog/tag/${tag[1]}/`);
  if (existingPath === '/blog/archive/') {
    from.push(...YEARS_OF_OLD_BLOG_INDEXES.map((year) => `/blog/${year}/`));
  }
  if (SECTION_INTROS.has(existingPath)) from.push(`${existingPath}00_intro.html`);
  return from;
}

/** `/a/b/` → [`/a/b.html`, `/a/b.htm`]: the extension forms of a route. */
export function extensionForms(route: string): string[] {
  if (route === '/') return [];
  const bare = route.replace(/\/$/, '');
  return REDIRECT_EXTENSIONS.map((ext) => `${bare}.${ext}`);
}

/**
 * Every redirect of the site as plain pairs, for host files and tests: the explicit table, the
 * derived ones and the extension forms of each live route.
 */
export function allRedirectPairs(liveRoutes: Iterable<string>): Array<{from: string; to: string}> {
  const pairs = new Map<string, string>();
  const add = (from: string, to: string) => {
    if (from !== to && !pairs.has(from)) pairs.set(from, to);
  };
  for (const {from, to} of explicitRedirects) for (const f of from) add(f, to);
  for (const route of liveRoutes) {
    for (const f of derivedRedirects(route)) add(f, route);
    for (const f of extensionForms(route)) add(f, route);
  }
  return [...pairs].map(([from, to]) => ({from, to}));
}
