import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {samePath, sidebarBreadcrumbs} from '../../src/lib/docs/breadcrumbs';

const link = (label: string, href: string): PropSidebarItem => ({
  type: 'link',
  label,
  href,
  docId: label,
  unlisted: false,
});
/** A sidebar link that is not a doc: it has no doc id. */
const external = (label: string, href: string): PropSidebarItem => ({type: 'link', label, href, unlisted: false});
const category = (label: string, items: PropSidebarItem[], href?: string): PropSidebarItem => ({
  type: 'category',
  label,
  items,
  href,
  collapsed: true,
  collapsible: true,
});

const sidebar: PropSidebarItem[] = [
  link('Introduction', '/docs/'),
  category(
    'Maintainer Documentation',
    [
      link('Contributing packages', '/docs/maintainer/adding_pkgs/'),
      category('Knowledge base', [link('Pinning', '/docs/maintainer/pinning/')]),
      external('Elsewhere', 'https://conda-forge.org/status/'),
    ],
    '/docs/maintainer/',
  ),
  category('How-to', [link('Rerender', '/docs/how-to/basics/rerender/')], '/docs/how-to/'),
];

const labels = (pathname: string) => sidebarBreadcrumbs(sidebar, pathname).map((item) => item.label);

test('breadcrumbs: the categories leading to a doc, then the doc', () => {
  assert.deepEqual(labels('/docs/maintainer/adding_pkgs/'), ['Maintainer Documentation', 'Contributing packages']);
  assert.deepEqual(labels('/docs/maintainer/pinning/'), ['Maintainer Documentation', 'Knowledge base', 'Pinning']);
  assert.deepEqual(labels('/docs/how-to/basics/rerender/'), ['How-to', 'Rerender']);
  assert.deepEqual(labels('/docs/'), ['Introduction']);
});

test("breadcrumbs: a category's own page ends the trail at the category", () => {
  assert.deepEqual(labels('/docs/maintainer/'), ['Maintainer Documentation']);
  assert.deepEqual(labels('/docs/how-to/'), ['How-to']);
});

test('breadcrumbs: a trailing slash and letter case do not matter; a page the sidebar does not list has none', () => {
  assert.deepEqual(labels('/docs/maintainer/adding_pkgs'), ['Maintainer Documentation', 'Contributing packages']);
  assert.deepEqual(labels('/Docs/How-To/'), ['How-to']);
  assert.deepEqual(labels('/docs/user/faq/'), []);
  // A link that is not a doc (no doc id) is never a crumb, even at its own address.
  assert.deepEqual(labels('https://conda-forge.org/status/'), []);
});

test('breadcrumbs: samePath', () => {
  assert.equal(samePath('/a/b', '/a/b/'), true);
  assert.equal(samePath('/A/B/', '/a/b/'), true);
  assert.equal(samePath('/a/b/', '/a/bc/'), false);
  assert.equal(samePath(undefined, '/a/'), false);
  assert.equal(samePath('', '/'), false);
});
