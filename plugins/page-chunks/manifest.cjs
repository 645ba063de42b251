/**
 * The SSR client manifest, keyed the way Docusaurus's server rendering asks for it.
 *
 * While rendering a page, Docusaurus collects the modules the page used under their registry path
 * (`@site/docs/…md`, `@theme/DocItem`, a props JSON…) and looks them up in the client manifest
 * written by react-loadable-ssr-addon to list the page's scripts. With webpack 5 and Rspack that
 * manifest keys each chunk by its chunk name (the registry's 8-hex key) instead, so no page module
 * is ever found and every page lists only the entry scripts; the browser then discovers the page's
 * chunks from main.js, one round trip later, and main.js inserts their <script> elements itself in
 * its start-up task. `addModuleOrigins` adds, for each registry entry, its module path as a second
 * key of the same chunks, read from the generated registry (`.docusaurus/registry.js`). Nearly
 * every registry entry must map onto a manifest key (only modules of the entry chunks have no
 * chunk of their own), or the build stops (plugins/patch-guard).
 */
const {PatchError} = require('../patch-guard/index.cjs');

const PATCH = 'page-chunks/manifest';
/** `"name": [() => import(/* webpackChunkName: "name" *\/ "path"), "path", require.resolveWeak("path")]` */
const REGISTRY_ENTRY =
  /^\s*"([0-9a-f]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ "([^"\n]+)"\), "\2", require\.resolveWeak\("\2"\)\],?(?:\};)?$/gm;

/** Registry entries as [chunk name, module path]; throws if the registry's shape changed. */
function registryEntries(registrySource, file = 'registry.js') {
  const expected = registrySource.match(/require\.resolveWeak\(/g)?.length ?? 0;
  const entries = [...registrySource.matchAll(REGISTRY_ENTRY)].map((match) => [match[1], match[2]]);
  if (expected === 0 || entries.length !== expected) {
    throw new PatchError(PATCH, file, `read ${entries.length} of ${expected} registry entries`);
  }
  return entries;
}

/** The manifest with each registry module path as a key of its chunk name's chunks. */
function addModuleOrigins(manifest, registrySource, file = 'client-manifest.json') {
  if (!manifest || typeof manifest.origins !== 'object' || typeof manifest.assets !== 'object') {
    throw new PatchError(PATCH, file, 'the client manifest has no origins or assets');
  }
  const origins = {...manifest.origins};
  const missing = [];
  for (const [name, modulePath] of registryEntries(registrySource)) {
    const chunks = manifest.origins[name];
    if (!Array.isArray(chunks)) missing.push(name);
    else origins[modulePath] = [...new Set([...(origins[modulePath] ?? []), ...chunks])];
  }
  // A module the entry chunks already contain (the site config) has no chunk of its own; most
  // registry entries must have one, or the manifest is not keyed by chunk name any more.
  const entries = Object.keys(origins).length - Object.keys(manifest.origins).length + missing.length;
  if (missing.length > Math.max(3, entries * 0.02)) {
    throw new PatchError(PATCH, file, `${missing.length} registry chunks are not in the manifest, e.g. ${missing[0]}`);
  }
  return {...manifest, origins};
}

module.exports = {addModuleOrigins, registryEntries};
