/**
 * Loader for the docs versions' props (`.docusaurus/docusaurus-plugin-content-docs/<id>/p/*.json`,
 * both builds). The props of a docs version carry, for every doc, its id, title, sidebar and
 * description, on every page of that docs instance. Only the theme's doc cards read a description
 * (`useDocById`, for the cards of index pages), and no page shows the meeting minutes as cards; their
 * 209 descriptions were two thirds of every community page's version data (12 KB gzip). Docs whose
 * sidebar link starts with one of `omitDocPathPrefixes` (loader option) lose their description; ids,
 * titles and sidebars stay, so a card of such a doc would still render, without its summary. The
 * same trim in the server build keeps the HTML and the browser in agreement. Props of another shape
 * (tag lists) pass unchanged; plugins/patch-guard checks the real output (minutes without
 * descriptions, other docs with theirs).
 */
const {PatchError, parseJsonStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/trim-version-props';

/** docId → href of every link in a version's sidebars. */
function sidebarHrefs(items, found = new Map()) {
  for (const item of items ?? []) {
    if (item.type === 'link' && item.docId) found.set(item.docId, item.href);
    if (item.type === 'category') sidebarHrefs(item.items, found);
  }
  return found;
}

function trimVersionProps(source, omitDocPathPrefixes, file = 'props.json') {
  const data = parseJsonStrict(PATCH, file, source);
  const version = data?.version;
  if (!version || typeof version !== 'object') return source;
  if (typeof version.docs !== 'object' || typeof version.docsSidebars !== 'object') {
    throw new PatchError(PATCH, file, 'a version without its docs or sidebars');
  }
  const hrefs = new Map();
  for (const items of Object.values(version.docsSidebars)) sidebarHrefs(items, hrefs);
  for (const [id, doc] of Object.entries(version.docs)) {
    const href = hrefs.get(id);
    if (href && omitDocPathPrefixes.some((prefix) => href.startsWith(prefix))) delete doc.description;
  }
  return JSON.stringify(data);
}

module.exports = function loader(source) {
  const {omitDocPathPrefixes = []} = this.getOptions();
  return trimVersionProps(source, omitDocPathPrefixes, this.resourcePath);
};
module.exports.trimVersionProps = trimVersionProps;
