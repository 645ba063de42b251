/**
 * Loader that writes the deferred routes' installer (./deferred-routes.cjs) in place of
 * ./deferred-routes.js, from the generated registry and routes' chunk names (options:
 * `generatedFilesDir`, `deferRoutes`). Browser build only.
 */
const {readFileSync} = require('node:fs');
const path = require('node:path');
const {compactDeferredRoutes} = require('./compact-registry.cjs');
const {deferredRouteTest} = require('./deferred-routes.cjs');

module.exports = function loader() {
  const {generatedFilesDir, deferRoutes} = this.getOptions();
  const registryPath = path.join(generatedFilesDir, 'registry.js');
  const chunkNamesPath = path.join(generatedFilesDir, 'routesChunkNames.json');
  this.addDependency(registryPath);
  this.addDependency(chunkNamesPath);
  return compactDeferredRoutes(
    readFileSync(registryPath, 'utf8'),
    readFileSync(chunkNamesPath, 'utf8'),
    deferredRouteTest(deferRoutes),
    chunkNamesPath,
  );
};
