/**
 * Loader for the docs versions' props (`.docusaurus/docusaurus-plugin-content-docs/<id>/p/*.json`,
 * both builds). The props of a docs version carry, for every doc, its id, title, sidebar and
 * description, on every page of that docs instance. Only the theme's doc cards read a description
 * (`useDocById`, for the card lists of index pages): here every description leaves the props
 * (2.3 KB gzip on every docs page, and the 209 meetings' descriptions on every community page), and
 * the card list takes them from a module of its own (src/theme/DocCardList, src/lib/docs/cards.ts).
 * Ids, titles and sidebars stay. The same trim in the server build keeps the HTML and the browser in
 * agreement. Props of another shape (tag lists) pass unchanged; plugins/patch-guard checks the real
 * output (no description left in any version's props).
 */
const {PatchError, parseJsonStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/trim-version-props';

function trimVersionProps(source, file = 'props.json') {
  const data = parseJsonStrict(PATCH, file, source);
  const version = data?.version;
  if (!version || typeof version !== 'object') return source;
  if (typeof version.docs !== 'object' || typeof version.docsSidebars !== 'object') {
    throw new PatchError(PATCH, file, 'a version without its docs or sidebars');
  }
  for (const doc of Object.values(version.docs)) delete doc.description;
  return JSON.stringify(data);
}

module.exports = function loader(source) {
  return trimVersionProps(source, this.resourcePath);
};
module.exports.trimVersionProps = trimVersionProps;
