/**
 * Loader for the generated route registry (browser build only): each entry is
 * `[loader, "module path", require.resolveWeak("module path")]`; the middle path is replaced by an
 * empty string. A registry in another format passes through unchanged.
 */
module.exports = function stripRegistryPaths(source) {
  return source.replace(/\), "[^"\n]*", require\.resolveWeak\(/g, '), "", require.resolveWeak(');
};
