/**
 * Loaders for the route registry and the routes' chunk names, browser build only.
 *
 * Docusaurus's generated registry is an object keyed by an 8-hex chunk name, each entry
 * `[loader, "module path", require.resolveWeak("module path")]`, and `routesChunkNames.json` names
 * every module of every route by that same key. Both go to every page (~550 entries, ~1,100
 * references). The browser reads only the loader: the path and the module id serve the server's
 * list of the modules a page used. So in the browser build
 * - `compactRegistry` turns the registry into an array of `[loader]`, in the file's order, and names
 *   each entry's chunk by its index (`webpackChunkName: "12"`);
 * - `compactChunkNames` replaces every chunk name in `routesChunkNames.json` by that index.
 * Docusaurus reads both as before (`registry[name][0]`, `__webpack_require__.gca(name)` for
 * prefetching), with numbers for names. plugins/page-chunks reads the same order
 * (`registryEntries`, `browserChunkName`). The server build keeps both files as they are. Every entry
 * must match, or the build stops (plugins/patch-guard).
 */
const {readFileSync} = require('node:fs');
const path = require('node:path');
const {PatchError, parseJsonStrict} = require('../patch-guard/index.cjs');
const deferral = require('./deferred-routes.cjs');

const PATCH = 'lean-runtime/route-table';
/**
 * `"name": [() => import(/* webpackChunkName: "name" *\/ "path"), "path", require.resolveWeak("path")],`
 * The name is 8 hex digits in production builds and a readable one (`__comp---site-src-…`) in
 * the development server's.
 */
const ENTRY =
  /^\s*"([\w-]+)": \[\(\) => import\(\/\* webpackChunkName: "\1" \*\/ "([^"\n]+)"\), "\2", require\.resolveWeak\("\2"\)\],?(?:\};)?$/gm;

/** The registry's entries in file order, as [chunk name, module path]; throws if its shape changed. */
function registryEntries(source, file = 'registry.js') {
  const expected = source.match(/require\.resolveWeak\(/g)?.length ?? 0;
  const entries = [...source.matchAll(ENTRY)].map((match) => [match[1], match[2]]);
  if (expected === 0 || entries.length !== expected || !/^export default \{$/m.test(source)) {
    throw new PatchError(PATCH, file, `read ${entries.length} of ${expected} registry entries`);
  }
  return entries;
}

/** The chunk name the browser build gives the registry entry at `index`. */
function browserChunkName(index) {
  return String(index);
}

/**
 * The browser registry: an array of `[loader]` in file order. A module in `deferredNames` (see
 * ./deferred-routes.cjs) leaves an empty slot, `0`, which its installer fills.
 */
function compactRegistry(source, file = 'registry.js', deferredNames = new Set()) {
  const entries = registryEntries(source, file);
  let slots = 0;
  const lines = entries.map(([name, modulePath], index) => {
    if (deferredNames.has(name)) {
      slots += 1;
      return '  0,';
    }
    return `  [() => import(/* webpackChunkName: ${JSON.stringify(browserChunkName(index))} */ ${JSON.stringify(modulePath)})],`;
  });
  if (slots !== deferredNames.size) {
    throw new PatchError(
      deferral.PATCH,
      file,
      `${deferredNames.size - slots} deferred modules are not in the registry`,
    );
  }
  return `export default [\n${lines.join('\n')}\n];\n`;
}

/** Every chunk name of the routes' chunk names replaced by its registry index. */
function indexChunkNames(data, registrySource, file) {
  const index = new Map(registryEntries(registrySource).map(([name], i) => [name, i]));
  let replaced = 0;
  const unknown = [];
  const walk = (value) => {
    if (typeof value === 'string') {
      const i = index.get(value);
      if (i === undefined) unknown.push(value);
      else replaced += 1;
      return i ?? value;
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  const compact = Object.fromEntries(Object.entries(data).map(([route, names]) => [route, walk(names)]));
  if (unknown.length > 0 || replaced < Object.keys(data).length) {
    throw new PatchError(PATCH, file, `${unknown.length} chunk names are not in the registry, e.g. ${unknown[0]}`);
  }
  return compact;
}

/** The routes' chunk names as registry indices, without the routes `isDeferredRoute` accepts. */
function compactChunkNames(source, registrySource, file = 'routesChunkNames.json', isDeferredRoute = () => false) {
  const data = parseJsonStrict(PATCH, file, source);
  const compact = indexChunkNames(data, registrySource, file);
  for (const key of Object.keys(compact)) if (isDeferredRoute(deferral.routePathOfKey(key))) delete compact[key];
  return JSON.stringify(compact);
}

/** The deferred routes' installer module (./deferred-routes.cjs), from the generated files. */
function compactDeferredRoutes(registrySource, chunkNamesSource, isDeferredRoute, file = 'routesChunkNames.json') {
  const data = parseJsonStrict(PATCH, file, chunkNamesSource);
  const {keys, names} = deferral.deferredChunkNames(data, isDeferredRoute, file);
  if (keys.size === 0) throw new PatchError(deferral.PATCH, file, 'no route matches the deferred routes’ pattern');
  const compact = indexChunkNames(data, registrySource, file);
  const deferredCompact = Object.fromEntries([...keys].map((key) => [key, compact[key]]));
  return deferral.deferredRoutesModule(registryEntries(registrySource, file), names, deferredCompact, browserChunkName);
}

/** The options' route predicate, and the generated chunk names (read beside `resourcePath`). */
function deferredSetup(loader, sibling) {
  const {deferRoutes} = loader.getOptions();
  const siblingPath = path.join(path.dirname(loader.resourcePath), sibling);
  loader.addDependency(siblingPath);
  return {isDeferredRoute: deferral.deferredRouteTest(deferRoutes), sibling: readFileSync(siblingPath, 'utf8')};
}

function registryLoader(source) {
  const {isDeferredRoute, sibling} = deferredSetup(this, 'routesChunkNames.json');
  const data = parseJsonStrict(PATCH, 'routesChunkNames.json', sibling);
  const {names} = deferral.deferredChunkNames(data, isDeferredRoute);
  return compactRegistry(source, this.resourcePath, names);
}

function chunkNamesLoader(source) {
  const {isDeferredRoute, sibling} = deferredSetup(this, 'registry.js');
  return compactChunkNames(source, sibling, this.resourcePath, isDeferredRoute);
}

module.exports = {
  registryEntries,
  browserChunkName,
  compactRegistry,
  compactChunkNames,
  compactDeferredRoutes,
  registryLoader,
  chunkNamesLoader,
};
