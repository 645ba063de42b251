/**
 * Loader for the generated site configuration (browser build only). The browser reads the
 * config through `useDocusaurusContext()`: title, URL, base URL, trailing slash, theme config,
 * custom fields, `future`. The keys below only drive the build — plugin and preset options (the
 * whole redirect table among them), the HTML template, head tags, scripts, client module paths —
 * and no client code reads them, so they are left out of the browser's copy. A file in another
 * format passes through unchanged; the server build keeps the full config.
 */
const BUILD_ONLY_KEYS = [
  'plugins',
  'presets',
  'themes',
  'ssrTemplate',
  'headTags',
  'scripts',
  'stylesheets',
  'clientModules',
  'staticDirectories',
  'markdown',
  'onBrokenLinks',
  'onBrokenAnchors',
  'onBrokenMarkdownLinks',
  'onDuplicateRoutes',
];

function trimSiteConfig(source) {
  const match = /export default (\{[\s\S]*\});\s*$/.exec(source);
  if (!match) return source;
  let config;
  try {
    config = JSON.parse(match[1]);
  } catch {
    return source;
  }
  for (const key of BUILD_ONLY_KEYS) delete config[key];
  return `export default ${JSON.stringify(config)};\n`;
}

module.exports = trimSiteConfig;
module.exports.BUILD_ONLY_KEYS = BUILD_ONLY_KEYS;
