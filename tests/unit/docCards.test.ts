import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {collectDescriptions, withDescriptions} from '../../src/lib/docs/cards';

const link = (docId: string | undefined, description?: string): PropSidebarItem => ({
  type: 'link',
  href: `/docs/${docId ?? 'elsewhere'}/`,
  label: docId ?? 'Elsewhere',
  ...(docId ? {docId} : {}),
  ...(description ? {description} : {}),
});

test('withDescriptions gives each doc link its doc’s description and drops its doc id; other items stay as they are', () => {
  const category: PropSidebarItem = {type: 'category', label: 'Basics', items: [], collapsed: true, collapsible: true};
  const items = [
    link('user/faq'),
    link('user/talks', 'Its own words'),
    link(undefined),
    link('user/unknown'),
    category,
  ];
  const result = withDescriptions(items, {'user/faq': 'Common questions', 'user/talks': 'Talks'});
  const withoutId = (item: PropSidebarItem) => {
    const {docId: _docId, ...rest} = item as PropSidebarItem & {docId?: string};
    return rest;
  };
  assert.deepEqual(result, [
    {...withoutId(items[0]), description: 'Common questions'},
    withoutId(items[1]),
    items[2],
    withoutId(items[3]),
    category,
  ]);
  // The items it was given are not changed.
  assert.equal((items[0] as {description?: string}).description, undefined);
  assert.equal((items[0] as {docId?: string}).docId, 'user/faq');
  assert.deepEqual(withDescriptions(items, undefined), [
    withoutId(items[0]),
    withoutId(items[1]),
    items[2],
    withoutId(items[3]),
    category,
  ]);
});

test('collectDescriptions keeps every described doc of every instance but those under the omitted paths', () => {
  const docs = (list: Array<[string, string, string]>) => ({
    loadedVersions: [{docs: list.map(([id, permalink, description]) => ({id, permalink, description}))}],
  });
  assert.deepEqual(
    collectDescriptions(
      {
        default: docs([
          ['user/faq', '/docs/user/faq', 'Common questions'],
          ['user/empty', '/docs/user/empty', ''],
        ]),
        community: docs([
          ['governance', '/community/governance', 'How decisions are made'],
          ['minutes/2024-01-10', '/community/minutes/2024-01-10', 'Notes'],
        ]),
      },
      ['/community/minutes/'],
    ),
    {default: {'user/faq': 'Common questions'}, community: {governance: 'How decisions are made'}},
  );
});
