/**
 * Placeholder for the deferred routes' installer (./deferred-routes.cjs). In the browser build,
 * ./deferred-routes-loader.cjs replaces this whole module with the generated installer; if that
 * ever stops happening, the first deferred route to load fails here, loudly.
 */
export default function installDeferredRoutes() {
  throw new Error(
    '[lean-runtime/route-table] the installer was not generated: ./deferred-routes-loader.cjs did not run',
  );
}
