/**
 * The browser build's compiled pages whose body is still to be requested (plugins/deferred-mdx).
 *
 * A split page's body is the page's full module under `?cf-body`. Docusaurus's MDX loader caches
 * by request, query included, so on its own it would compile each long page twice: once for the
 * page and once for its body (36 pages, about a third of the site's Markdown bytes). Instead the
 * loader keeps the page's compiled module here when it splits it, and hands it out as the body's
 * module, skipping the MDX loader (./loader.cjs, `pitch`), which takes it out again. Whatever is
 * still here after the build is a page whose body was compiled a second time (./index.ts,
 * `postBuild`).
 *
 * One store per process, on `globalThis`: Rspack loads the loader with Node's require, Docusaurus
 * loads the plugin through its own module loader, and both must see the same store.
 */
const KEY = Symbol.for('conda-forge.deferred-mdx.pending-bodies');

/** Compiled pages of this build, by file, whose body has not been requested yet. */
function pendingBodies() {
  globalThis[KEY] ??= new Map();
  return globalThis[KEY];
}

/** Starts a build with an empty store. */
function resetPendingBodies() {
  globalThis[KEY] = new Map();
}

module.exports = {pendingBodies, resetPendingBodies};
