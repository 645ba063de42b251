import React, {type MouseEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {applyTrailingSlash} from '@docusaurus/utils-common';
import {ThemeClassNames} from '@docusaurus/theme-common';
import {isActiveSidebarItem} from '@docusaurus/plugin-content-docs/client';
import isInternalUrl from '@docusaurus/isInternalUrl';
import DocSidebarItemLink from '@theme-original/DocSidebarItem/Link';
import type {Props} from '@theme/DocSidebarItem/Link';
import {isPlainLeftClick} from '@site/src/lib/routing/plainClick';
import {usePrefetchWhenVisible} from '@site/src/lib/prefetch/whenVisible';
import styles from './styles.module.css';

/**
 * A sidebar link to a doc: the theme's markup, rendered without Docusaurus's `Link`.
 *
 * The meeting-minutes pages each list the 209 meetings in their sidebar, and `Link` (with the
 * router's link inside it) is four components and a dozen hooks per link: in two cold builds each
 * way, rendering the site's pages took 3.8 s with these links against 4.1 s with the theme's. A
 * doc's `href` is built by the docs plugin with the base URL in it and cannot be a broken link, so
 * what `Link` adds to it is the site's trailing slash, client-side navigation and loading the
 * page's code ahead. Here a plain left click navigates in the app (a modified click opens the link
 * as the browser does), the first hover or touch loads the page's code, and the page is prefetched
 * once the link is on screen, as `Link` does (with one observer for all the links instead of one
 * each).
 */
function DocLink({item, onItemClick, activePath, level, index, ...rest}: Props): ReactNode {
  const history = useHistory();
  const {siteConfig} = useDocusaurusContext();
  const href = applyTrailingSlash(item.href, siteConfig);
  const linkRef = usePrefetchWhenVisible<HTMLAnchorElement>(href);
  const isActive = isActiveSidebarItem(item, activePath);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onItemClick?.(item);
    if (!isPlainLeftClick(event)) return;
    event.preventDefault();
    const {pathname, search, hash} = history.location;
    if (pathname + search + hash === href) history.replace(href);
    else history.push(href);
  };
  // Docusaurus's preload loads a route once and returns at once for a route it has loaded.
  const preload = () => void window.docusaurus?.preload(href);
  return (
    <li
      className={clsx(
        ThemeClassNames.docs.docSidebarItemLink,
        ThemeClassNames.docs.docSidebarItemLinkLevel(level),
        'menu__list-item',
        item.className,
      )}
    >
      <a
        className={clsx('menu__link', isActive && 'menu__link--active')}
        aria-current={isActive ? 'page' : undefined}
        {...rest}
        ref={linkRef}
        href={href}
        onClick={onClick}
        onMouseEnter={preload}
        onTouchStart={preload}
      >
        <span className={styles.linkLabel}>{item.label}</span>
      </a>
    </li>
  );
}

/** Links to docs render as above; any other link (external, or not to a doc) is the theme's. */
export default function DocSidebarItemLinkWrapper(props: Props): ReactNode {
  const {item} = props;
  return item.docId !== undefined && isInternalUrl(item.href) ? (
    <DocLink {...props} />
  ) : (
    <DocSidebarItemLink {...props} />
  );
}
