/**
 * Loader for the generated route registry (browser build only). Each entry is
 * `"id": [loader, "module path", require.resolveWeak("module path")]`; the middle path is replaced
 * by an empty string. Every entry must match: otherwise the registry's format changed and the
 * build stops (plugins/patch-guard).
 */
const {PatchError, replaceStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/strip-registry-paths';
const ENTRY_PATH = /\), "[^"\n]*", require\.resolveWeak\(/g;

function stripRegistryPaths(source, file = 'registry.js') {
  const entries = source.match(/require\.resolveWeak\(/g)?.length ?? 0;
  if (entries === 0) throw new PatchError(PATCH, file, 'no registry entry (require.resolveWeak) was found');
  return replaceStrict({
    patch: PATCH,
    file,
    source,
    pattern: ENTRY_PATH,
    replacement: '), "", require.resolveWeak(',
    min: entries,
    max: entries,
  });
}

module.exports = function loader(source) {
  return stripRegistryPaths(source, this.resourcePath);
};
module.exports.stripRegistryPaths = stripRegistryPaths;
