/**
 * A docs page's breadcrumbs: the sidebar categories that lead to it, then the page itself.
 *
 * The docs plugin's own hook (`useSidebarBreadcrumbs`) first looks up which docs instance the
 * page belongs to by sorting the instances' paths with `localeCompare`. A page's first
 * `localeCompare` builds an ICU collator: 63–104 ms of main-thread time in a fresh page at
 * Lighthouse's 4× CPU slowdown on this machine, in the middle of hydration
 * (reports/2026-11-30-collator.md). The site's breadcrumbs (src/theme/DocBreadcrumbs) take the
 * instance from the page's own docs context instead and walk the sidebar here, the same way the
 * plugin does.
 */
import type {PropSidebarItem, PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';

export type BreadcrumbItem = PropSidebarItemCategory | PropSidebarItemLink;

/** Whether two paths name the same page: a missing trailing slash and letter case do not count. */
export function samePath(a: string | undefined, b: string | undefined): boolean {
  const normal = (path: string | undefined) =>
    path === undefined || path === '' ? path : (path.endsWith('/') ? path : `${path}/`).toLowerCase();
  return normal(a) === normal(b);
}

/**
 * The trail from the sidebar's top to `pathname`: each category on the way (a category whose own
 * page is `pathname` ends it), then the doc link to `pathname`. Empty when the sidebar does not
 * list the page; the first match wins, as in the sidebar's own order.
 */
export function sidebarBreadcrumbs(items: readonly PropSidebarItem[], pathname: string): BreadcrumbItem[] {
  for (const item of items) {
    if (item.type === 'category') {
      if (samePath(item.href, pathname)) return [item];
      const below = sidebarBreadcrumbs(item.items, pathname);
      if (below.length > 0) return [item, ...below];
    } else if (item.type === 'link' && item.docId && samePath(item.href, pathname)) {
      return [item];
    }
  }
  return [];
}
