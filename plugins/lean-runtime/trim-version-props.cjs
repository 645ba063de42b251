/**
 * Loader for the docs versions' props (`.docusaurus/docusaurus-plugin-content-docs/<id>/p/*.json`,
 * both builds). The props of a docs version carry, for every doc, its id, title, sidebar and
 * description, on every page of that docs instance (on community pages, the 209 meetings too).
 * Only the theme's doc cards read that map (`useDocById`, for the description of a card), and the
 * card list now gives its cards their descriptions itself (src/theme/DocCardList,
 * src/lib/docs/cards.ts), so the map is left empty here: 0.7 KB gzip less on every docs page, 2.5 KB
 * on every community page. The sidebars stay. The same trim in the server build keeps the HTML and
 * the browser in agreement. Props of another shape (tag lists) pass unchanged; plugins/patch-guard
 * checks the real output (every version's props with an empty map and their sidebars).
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
  version.docs = {};
  return JSON.stringify(data);
}

module.exports = function loader(source) {
  return trimVersionProps(source, this.resourcePath);
};
module.exports.trimVersionProps = trimVersionProps;
