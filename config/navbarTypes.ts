/**
 * The navbar item types the site's theme accepts (src/theme/NavbarItem/ComponentTypes.tsx maps
 * each to its component, checked by the type checker). An item's type is its `type`, or
 * `dropdown` when it has no type and lists `items`, as the theme decides.
 */
export const NAVBAR_ITEM_TYPES = ['default', 'search'] as const;
export type NavbarItemType = (typeof NAVBAR_ITEM_TYPES)[number];

/** The type the theme renders an item with (theme-classic's NavbarItem/index). */
export function navbarItemType(item: {type?: string; items?: unknown}): string {
  const type = item.type ?? 'default';
  return type === 'default' && item.items !== undefined ? 'dropdown' : type;
}
