/**
 * Loader for the generated route table (`.docusaurus/routes.js`, both builds). Docusaurus writes
 * each route as `component: ComponentCreator('/path/', 'hash')`, so evaluating the table builds a
 * loadable component for every one of the site's ~420 routes before the first page can render:
 * about 70 ms of the main bundle's start-up here (unthrottled), on every page. Each such property
 * becomes a getter (without a second copy of the route's path) that builds the component the first time it is read (the route being matched,
 * rendered or preloaded) and then keeps it on the route object (`./lazy-route-component.js`), so
 * React always sees the same component. Every ComponentCreator call must match, or the build stops
 * (plugins/patch-guard).
 */
const path = require('node:path');
const {PatchError, replaceStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/route-table';
const HELPER = path.join(__dirname, 'lazy-route-component.js');
const DEFERRED_HELPER = path.join(__dirname, 'deferred-route-component.js');
const {deferredRouteTest} = require('./deferred-routes.cjs');
/**
 * `path: '/path/',` then `component: ComponentCreator('/path/', 'abc')` (`ComponentCreator('*')`
 * for the 404 route): the component is always created for the route's own path.
 */
const CREATOR_CALL = /path: ('(?:[^'\\\n]|\\.)*'),\n(\s*)component: ComponentCreator\(\1(?:, ('[0-9a-f]+'))?\)/g;
const IMPORT = /^import ComponentCreator from '@docusaurus\/ComponentCreator';$/gm;

/**
 * The route table with lazy components; in the browser build, the routes `isDeferredRoute` accepts
 * get a deferred route's component instead (./deferred-routes.cjs).
 */
function lazyRouteComponents(source, file = 'routes.js', isDeferredRoute = null) {
  const calls = source.match(/ComponentCreator\(/g)?.length ?? 0;
  if (calls < 2) throw new PatchError(PATCH, file, 'no ComponentCreator call was found');
  const helpers = [HELPER, ...(isDeferredRoute ? [DEFERRED_HELPER] : [])];
  const withHelper = replaceStrict({
    patch: PATCH,
    file,
    source,
    pattern: IMPORT,
    replacement: (line) =>
      [
        line,
        ...helpers.map(
          (helper, i) =>
            `import ${i ? 'deferredRouteComponent' : 'lazyRouteComponent'} from ${JSON.stringify(helper)};`,
        ),
      ].join('\n'),
    max: 1,
  });
  let deferred = 0;
  const result = replaceStrict({
    patch: PATCH,
    file,
    source: withHelper,
    pattern: CREATOR_CALL,
    replacement: (_call, routePath, indent, hash) => {
      const defer = isDeferredRoute !== null && hash !== undefined && isDeferredRoute(routePath.slice(1, -1));
      if (defer) deferred += 1;
      const helper = defer ? 'deferredRouteComponent' : 'lazyRouteComponent';
      return `path: ${routePath},\n${indent}get component() { return ${helper}(this${hash ? `, ${hash}` : ''}); }`;
    },
    min: calls,
    max: calls,
  });
  if (isDeferredRoute !== null && deferred === 0) {
    throw new PatchError('lean-runtime/route-table', file, 'no route matches the deferred routes’ pattern');
  }
  return result;
}

module.exports = function loader(source) {
  const {deferRoutes} = this.getOptions();
  return lazyRouteComponents(source, this.resourcePath, deferRoutes ? deferredRouteTest(deferRoutes) : null);
};
module.exports.lazyRouteComponents = lazyRouteComponents;
