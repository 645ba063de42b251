/**
 * The breadcrumbs above a docs page's title: the theme's markup, class names and words, with the
 * trail worked out by src/lib/docs/breadcrumbs.ts from the page's own docs instance, so that
 * hydrating a docs page builds no ICU collator (the reason is there). An instance with
 * `breadcrumbs: false` (the community area) shows none, as with the theme's.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import Link from '@docusaurus/Link';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {useDocsData, useDocsSidebar, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import HomeBreadcrumbItem from '@theme/DocBreadcrumbs/Items/Home';
import DocBreadcrumbsStructuredData from '@theme/DocBreadcrumbs/StructuredData';
import {sidebarBreadcrumbs, type BreadcrumbItem} from '@site/src/lib/docs/breadcrumbs';
import styles from './styles.module.css';

function ItemLink({item, isLast}: {item: BreadcrumbItem; isLast: boolean}): ReactNode {
  const href = item.type === 'category' && item.linkUnlisted ? undefined : item.href;
  if (isLast || !href) return <span className="breadcrumbs__link">{item.label}</span>;
  return (
    <Link className="breadcrumbs__link" href={href}>
      <span>{item.label}</span>
    </Link>
  );
}

/** The trail, or null where the instance turns breadcrumbs off or the page has no sidebar. */
function useBreadcrumbs(): BreadcrumbItem[] | null {
  const {pluginId} = useDocsVersion();
  const enabled = useDocsData(pluginId).breadcrumbs;
  const sidebar = useDocsSidebar();
  const {pathname} = useLocation();
  return enabled && sidebar ? sidebarBreadcrumbs(sidebar.items, pathname) : null;
}

export default function DocBreadcrumbs(): ReactNode {
  const breadcrumbs = useBreadcrumbs();
  if (!breadcrumbs) return null;
  return (
    <>
      <DocBreadcrumbsStructuredData breadcrumbs={breadcrumbs} />
      <nav
        className={clsx(ThemeClassNames.docs.docBreadcrumbs, styles.breadcrumbsContainer)}
        aria-label={translate({
          id: 'theme.docs.breadcrumbs.navAriaLabel',
          message: 'Breadcrumbs',
          description: 'The ARIA label for the breadcrumbs',
        })}
      >
        <ul className="breadcrumbs">
          {/* The site has a home page, which the theme's breadcrumbs link first. */}
          <HomeBreadcrumbItem />
          {breadcrumbs.map((item, index) => {
            const isLast = index === breadcrumbs.length - 1;
            return (
              <li key={index} className={clsx('breadcrumbs__item', isLast && 'breadcrumbs__item--active')}>
                <ItemLink item={item} isLast={isLast} />
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
