/**
 * Loader for the generated global data (browser build only). Each docs instance lists every doc
 * (id, path, sidebar) in the global data of every page, for navbar items of type `doc` and
 * `docSidebar` and the version dropdown to find the doc being read. The site has no such items,
 * and the community instance lists ~210 meeting minutes (~1.5 KB gzip on every page). Docs whose
 * path starts with one of `omitDocPathPrefixes` (loader option) are left out of the browser's
 * copy; their pages, sidebars and routes are untouched. Data in another shape passes through.
 */
function trimGlobalData(source, omitDocPathPrefixes) {
  let data;
  try {
    data = JSON.parse(source);
  } catch {
    return source;
  }
  const instances = data['docusaurus-plugin-content-docs'];
  if (!instances || omitDocPathPrefixes.length === 0) return source;
  for (const instance of Object.values(instances)) {
    for (const version of instance.versions ?? []) {
      if (!Array.isArray(version.docs)) continue;
      version.docs = version.docs.filter((doc) => !omitDocPathPrefixes.some((prefix) => doc.path.startsWith(prefix)));
    }
  }
  return JSON.stringify(data);
}

module.exports = function loader(source) {
  const {omitDocPathPrefixes = []} = this.getOptions();
  return trimGlobalData(source, omitDocPathPrefixes);
};
module.exports.trimGlobalData = trimGlobalData;
