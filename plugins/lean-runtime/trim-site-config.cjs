/**
 * Loader for the generated site configuration (browser build only). The browser reads the
 * config through `useDocusaurusContext()`: title, URL, base URL, trailing slash, theme config,
 * custom fields, `future`. The keys below only drive the build — plugin and preset options (the
 * whole redirect table among them), the HTML template, head tags, scripts, client module paths —
 * and no client code reads them, so they are left out of the browser's copy. So are the code
 * themes' token styles and extra languages: token colours come from the stylesheet that
 * plugins/lean-prism writes, and the browser reads only each theme's plain colours. The server build
 * keeps the full config. A file in another format stops the build (plugins/patch-guard).
 */
const {PatchError} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/trim-site-config';
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
/** Keys the browser reads: present in every generated config, so their absence means a new format. */
const CLIENT_KEYS = ['title', 'url', 'baseUrl', 'themeConfig'];

function trimSiteConfig(source, file = 'docusaurus.config.mjs') {
  const match = /export default (\{[\s\S]*\});\s*$/.exec(source);
  if (!match) throw new PatchError(PATCH, file, 'no `export default {…};` object was found');
  let config;
  try {
    config = JSON.parse(match[1]);
  } catch (error) {
    throw new PatchError(PATCH, file, `the exported object is not JSON (${error.message})`);
  }
  const missing = CLIENT_KEYS.filter((key) => !(key in config));
  if (missing.length > 0) throw new PatchError(PATCH, file, `the config lacks ${missing.join(', ')}`);
  if (!BUILD_ONLY_KEYS.some((key) => key in config)) {
    throw new PatchError(PATCH, file, `none of the build-only keys (${BUILD_ONLY_KEYS.join(', ')}) is there`);
  }
  for (const key of BUILD_ONLY_KEYS) delete config[key];
  const prism = config.themeConfig.prism;
  for (const name of ['theme', 'darkTheme']) {
    if (!Array.isArray(prism?.[name]?.styles) || typeof prism[name].plain !== 'object') {
      throw new PatchError(PATCH, file, `themeConfig.prism.${name} has no \`plain\` and \`styles\``);
    }
    prism[name] = {plain: prism[name].plain, styles: []};
  }
  delete prism.additionalLanguages;
  return `export default ${JSON.stringify(config)};\n`;
}

module.exports = function loader(source) {
  return trimSiteConfig(source, this.resourcePath);
};
module.exports.trimSiteConfig = trimSiteConfig;
module.exports.BUILD_ONLY_KEYS = BUILD_ONLY_KEYS;
