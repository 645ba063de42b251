/**
 * The SSR client manifest, keyed the way Docusaurus's server rendering asks for it.
 *
 * While rendering a page, Docusaurus collects the modules the page used under their registry path
 * (`@site/docs/…md`, `@theme/DocItem`, a props JSON…) and looks them up in the client manifest
 * written by react-loadable-ssr-addon to list the page's scripts. With webpack 5 and Rspack that
 * manifest keys each chunk by its chunk name (in this site's browser build the registry index,
 * plugins/lean-runtime/compact-registry.cjs) instead, so no page module
 * is ever found and every page lists only the entry scripts; the browser then discovers the page's
 * chunks from main.js, one round trip later, and main.js inserts their <script> elements itself in
 * its start-up task. `addModuleOrigins` adds, for each registry entry, its module path as a second
 * key of the same chunks, read from the generated registry (`.docusaurus/registry.js`, whose order
 * gives the chunk names). Nearly
 * every registry entry must map onto a manifest key (only modules of the entry chunks have no
 * chunk of their own), or the build stops (plugins/patch-guard).
 */
const {PatchError} = require('../patch-guard/index.cjs');

const PATCH = 'page-chunks/manifest';
const {browserChunkName, registryEntries} = require('../lean-runtime/compact-registry.cjs');

/** The manifest with each registry module path as a key of its chunk name's chunks. */
function addModuleOrigins(manifest, registrySource, file = 'client-manifest.json') {
  if (!manifest || typeof manifest.origins !== 'object' || typeof manifest.assets !== 'object') {
    throw new PatchError(PATCH, file, 'the client manifest has no origins or assets');
  }
  const origins = {...manifest.origins};
  const missing = [];
  for (const [index, [, modulePath]] of registryEntries(registrySource).entries()) {
    const name = browserChunkName(index);
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

module.exports = {addModuleOrigins};
