/**
 * Loader for the generated global data (browser build only). Each docs instance lists every doc
 * (id, path, sidebar) in the global data of every page, for navbar items of type `doc` and
 * `docSidebar` and the version dropdown to find the doc being read. The site has no such items,
 * and the community instance lists ~210 meeting minutes (~1.5 KB gzip on every page). Docs whose
 * path starts with one of `omitDocPathPrefixes` (loader option) are left out of the browser's
 * copy; their pages, sidebars and routes are untouched. Data in another shape, or a prefix that
 * matches no doc, stops the build (plugins/patch-guard).
 */
const {PatchError, parseJsonStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/trim-global-data';

function trimGlobalData(source, omitDocPathPrefixes, file = 'globalData.json') {
  const data = parseJsonStrict(PATCH, file, source);
  const instances = data['docusaurus-plugin-content-docs'];
  if (!instances || typeof instances !== 'object') {
    throw new PatchError(PATCH, file, 'no "docusaurus-plugin-content-docs" entry');
  }
  const removed = new Map(omitDocPathPrefixes.map((prefix) => [prefix, 0]));
  for (const [name, instance] of Object.entries(instances)) {
    if (!Array.isArray(instance.versions))
      throw new PatchError(PATCH, file, `docs instance "${name}" has no versions list`);
    for (const version of instance.versions) {
      if (!Array.isArray(version.docs)) throw new PatchError(PATCH, file, `a version of "${name}" has no docs list`);
      version.docs = version.docs.filter((doc) => {
        const prefix = omitDocPathPrefixes.find((candidate) => doc.path.startsWith(candidate));
        if (prefix !== undefined) removed.set(prefix, removed.get(prefix) + 1);
        return prefix === undefined;
      });
    }
  }
  const unmatched = [...removed].filter(([, count]) => count === 0).map(([prefix]) => prefix);
  if (unmatched.length > 0) throw new PatchError(PATCH, file, `no doc path starts with ${unmatched.join(', ')}`);
  return JSON.stringify(data);
}

module.exports = function loader(source) {
  const {omitDocPathPrefixes = []} = this.getOptions();
  return trimGlobalData(source, omitDocPathPrefixes, this.resourcePath);
};
module.exports.trimGlobalData = trimGlobalData;
