/**
 * The site's navbar item map (src/theme/NavbarItem/ComponentTypes.tsx) holds only the types
 * config/navbarTypes.ts lists: every item of config/navbar.ts must be of one of them.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {navbar} from '../../config/navbar';
import {NAVBAR_ITEM_TYPES, navbarItemType} from '../../config/navbarTypes';

test('the type of an item is decided as the theme does: its type, or a dropdown when it lists items', () => {
  assert.equal(navbarItemType({}), 'default');
  assert.equal(navbarItemType({type: 'search'}), 'search');
  assert.equal(navbarItemType({items: []}), 'dropdown');
  assert.equal(navbarItemType({type: 'default', items: [{label: 'a'}]}), 'dropdown');
  assert.equal(navbarItemType({type: 'docsVersionDropdown'}), 'docsVersionDropdown');
});

test('every navbar item is of a type the site maps to a component', () => {
  const accepted: readonly string[] = NAVBAR_ITEM_TYPES;
  const items = navbar.items ?? [];
  assert.ok(items.length > 0);
  for (const item of items) {
    const type = navbarItemType(item as {type?: string; items?: unknown});
    assert.ok(
      accepted.includes(type),
      `navbar item ${JSON.stringify(item.label ?? item.href ?? item.to)} is of type "${type}": ` +
        'list it in config/navbarTypes.ts and map it in src/theme/NavbarItem/ComponentTypes.tsx',
    );
  }
});
