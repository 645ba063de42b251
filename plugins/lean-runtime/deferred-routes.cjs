/**
 * Routes whose code the browser's start-up bundle does not name (browser build only).
 *
 * Every page's main.js carries, for each of the site's ~420 routes, a registry loader per module
 * and the route's chunk names (./compact-registry.cjs). Half of those routes are the meeting
 * minutes: one page each, one content module each, read by few visitors. For the routes whose path
 * matches `deferRoutes` (a regular expression, plugin option):
 * - the browser registry keeps an empty slot (`0`) at the index of each module that only those
 *   routes use, so every other index stays as it is (`compactRegistry`);
 * - their entries leave the routes' chunk names (`compactChunkNames`);
 * - both come back in one small chunk, the installer (`deferredRoutesModule`, written into
 *   ./deferred-routes.js by ./deferred-routes-loader.cjs), which fills the slots and adds the
 *   names again. A deferred route's component (./deferred-route-component.js) loads the installer
 *   before the route's own modules, when the route is preloaded (first load, hover, navigation).
 * The server build keeps everything as Docusaurus generates it. Every deferred route and module
 * must be found, or the build stops (plugins/patch-guard).
 */
const {PatchError} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/route-table';

/** The route path of a key of `routesChunkNames.json` (`/path/-hash`). */
function routePathOfKey(key) {
  return key.replace(/-[^-]+$/, '');
}

/** A predicate on route paths from the plugin option (a regular expression source); none defers nothing. */
function deferredRouteTest(deferRoutes) {
  if (!deferRoutes) return () => false;
  const pattern = new RegExp(deferRoutes);
  return (routePath) => pattern.test(routePath);
}

/** Every string (chunk name) inside a route's chunk-name tree. */
function namesIn(value, found = []) {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) namesIn(item, found);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) namesIn(item, found);
  return found;
}

/**
 * The deferred routes' keys, and the chunk names only they use (a module another route shares,
 * such as the doc page component, stays in the start-up registry).
 */
function deferredChunkNames(chunkNames, isDeferredRoute, file = 'routesChunkNames.json') {
  const keys = new Set();
  const deferred = new Set();
  const kept = new Set();
  for (const [key, names] of Object.entries(chunkNames)) {
    const target = isDeferredRoute(routePathOfKey(key)) ? deferred : kept;
    if (target === deferred) keys.add(key);
    for (const name of namesIn(names)) target.add(name);
  }
  for (const name of kept) deferred.delete(name);
  if (keys.size > 0 && deferred.size === 0) {
    throw new PatchError(PATCH, file, `the ${keys.size} deferred routes have no module of their own`);
  }
  return {keys, names: deferred};
}

/**
 * The installer module: fills the registry's empty slots with their loaders and puts the deferred
 * routes' chunk names back. `entries` are the registry's [chunk name, module path] in file order,
 * `compactNames` the compacted chunk names of the deferred routes (registry indices).
 */
function deferredRoutesModule(entries, deferredNames, compactNames, browserChunkName) {
  const loaders = [];
  entries.forEach(([name, modulePath], index) => {
    if (!deferredNames.has(name)) return;
    const chunk = JSON.stringify(browserChunkName(index));
    loaders.push(`  [${index}, () => import(/* webpackChunkName: ${chunk} */ ${JSON.stringify(modulePath)})],`);
  });
  return [
    "import registry from '@generated/registry';",
    "import chunkNames from '@generated/routesChunkNames';",
    '',
    'const loaders = [',
    ...loaders,
    '];',
    `const names = ${JSON.stringify(compactNames)};`,
    '',
    'export default function installDeferredRoutes() {',
    '  for (const [index, load] of loaders) registry[index] = [load];',
    '  Object.assign(chunkNames, names);',
    '}',
    '',
  ].join('\n');
}

module.exports = {PATCH, routePathOfKey, deferredRouteTest, deferredChunkNames, deferredRoutesModule};
