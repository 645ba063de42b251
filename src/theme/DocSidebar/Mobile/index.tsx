/**
 * The docs sidebar in the phone menu: the theme's own list, items and behaviour, handed to the
 * menu in one prop instead of four.
 *
 * The menu's filler (theme-common's NavbarSecondaryMenuFiller) memoizes the props it is given by
 * sorting their names with `localeCompare`, and a page's first `localeCompare` builds an ICU
 * collator: 63–104 ms of main-thread time at a 4× CPU slowdown, in the render that puts the
 * sidebar in the menu right after a docs page hydrates on a phone (src/lib/docs/breadcrumbs.ts). A
 * single prop needs no comparison, as the blog's phone sidebar (one prop) already shows.
 *
 * A tap on a doc or on a category with a page closes the menu, as in the theme; the theme does it
 * through a hook of theme-common's internal entry, so this presses the menu's own close button
 * (Infima's `navbar-sidebar__close`) instead. tests/e2e/shell.test.ts taps a doc in the menu.
 */
import React, {memo, useMemo, type ReactNode} from 'react';
import clsx from 'clsx';
import {NavbarSecondaryMenuFiller, ThemeClassNames} from '@docusaurus/theme-common';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import DocSidebarItems from '@theme/DocSidebarItems';
import type {Props} from '@theme/DocSidebar/Mobile';

interface Menu {
  sidebar: readonly PropSidebarItem[];
  path: string;
}

function closePhoneMenu(): void {
  document.querySelector<HTMLButtonElement>('.navbar-sidebar .navbar-sidebar__close')?.click();
}

function onItemClick(item: PropSidebarItem): void {
  if (item.type === 'link' || (item.type === 'category' && item.href)) closePhoneMenu();
}

function SecondaryMenu({menu}: {menu: Menu}): ReactNode {
  return (
    <ul className={clsx(ThemeClassNames.docs.docSidebarMenu, 'menu__list')}>
      <DocSidebarItems items={menu.sidebar} activePath={menu.path} onItemClick={onItemClick} level={1} />
    </ul>
  );
}

function DocSidebarMobile({sidebar, path}: Props): ReactNode {
  const menu = useMemo<Menu>(() => ({sidebar, path}), [sidebar, path]);
  return <NavbarSecondaryMenuFiller component={SecondaryMenu} props={{menu}} />;
}

export default memo(DocSidebarMobile);
