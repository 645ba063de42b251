/**
 * Descriptions for the doc cards of index pages.
 *
 * The docs plugin puts every doc's id, title and description in the data each page of its docs
 * instance loads, though only doc cards read them (3 KB gzip on every docs page). Here that map is
 * emptied (plugins/lean-runtime/trim-version-props.cjs) and the descriptions live in one module of
 * their own (plugins/lean-runtime, `doc-descriptions.json`), which only the pages with a card list
 * load.
 */
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';

/** Docs instance id → doc id → description. */
export type DocDescriptions = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * The card items: each link to a doc gets that doc's description unless it has its own, and loses
 * its doc id, which would make the theme's card look the doc up in data that no longer lists it.
 */
export function withDescriptions(
  items: readonly PropSidebarItem[],
  descriptions: Readonly<Record<string, string>> | undefined,
): PropSidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'link' || !item.docId) return item;
    const {docId, ...link} = item;
    const description = item.description ?? descriptions?.[docId];
    return description === undefined ? link : {...link, description};
  });
}

/**
 * The descriptions module's content: every doc that has a description, by docs instance, except
 * the docs whose page is under one of `omitPathPrefixes` (pages no card list shows).
 */
export function collectDescriptions(
  instances: Readonly<Record<string, {loadedVersions: ReadonlyArray<{docs: ReadonlyArray<DocLike>}>}>>,
  omitPathPrefixes: readonly string[],
): Record<string, Record<string, string>> {
  const result: Record<string, Record<string, string>> = {};
  for (const [pluginId, content] of Object.entries(instances)) {
    const own: Record<string, string> = {};
    for (const version of content.loadedVersions) {
      for (const doc of version.docs) {
        if (!doc.description || omitPathPrefixes.some((prefix) => doc.permalink.startsWith(prefix))) continue;
        own[doc.id] = doc.description;
      }
    }
    result[pluginId] = own;
  }
  return result;
}

export interface DocLike {
  id: string;
  permalink: string;
  description: string;
}
