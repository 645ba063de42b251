/**
 * The navbar item types this site uses, and only those. The theme's own map (a safe eject in its
 * swizzle config) imports nine item components into every page's first load, among them the
 * locale and docs-version dropdowns; config/navbar.ts needs two.
 *
 * The types are listed in config/navbarTypes.ts; tests/unit/navbarTypes.test.ts fails, naming
 * the item, when config/navbar.ts uses another. To add one, list it there and import its
 * component here from `@theme/NavbarItem/<Name>`.
 */
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import SearchNavbarItem from '@theme/NavbarItem/SearchNavbarItem';
import type {ComponentTypesObject} from '@theme/NavbarItem/ComponentTypes';
import type {NavbarItemType} from '@site/config/navbarTypes';

const ComponentTypes = {
  default: DefaultNavbarItem,
  search: SearchNavbarItem,
} satisfies Record<NavbarItemType, ComponentTypesObject[keyof ComponentTypesObject]>;

// The theme's NavbarItem looks a type up and throws for one that is missing.
export default ComponentTypes as unknown as ComponentTypesObject;
