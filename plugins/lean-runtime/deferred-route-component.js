/**
 * The component of a deferred route (./deferred-routes.cjs), browser build only. Its `preload`,
 * which Docusaurus calls before the route first renders (on the first load, on hover, before a
 * navigation), loads the deferred routes' installer once, then the route's own modules through
 * Docusaurus's ComponentCreator as for any route. It renders that component, so the page is the
 * one the server rendered, element for element.
 */
import {createElement, useEffect, useReducer} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

let installed = false;
let installing = null;

function install() {
  installing ??= import(/* webpackChunkName: "deferred-routes" */ './deferred-routes.js').then(
    (module) => {
      module.default();
      installed = true;
    },
    (error) => {
      installing = null;
      throw error;
    },
  );
  return installing;
}

export default function deferredRouteComponent(route, hash) {
  let loadable = null;
  const component = () => (loadable ??= ComponentCreator(route.path, hash));
  function DeferredRoute(props) {
    // Only when the route renders without its preload having finished (it failed, or a caller
    // skipped it): install, then render again.
    const [, rerender] = useReducer((count) => count + 1, 0);
    useEffect(() => {
      if (!installed) install().then(rerender, () => undefined);
    }, []);
    return installed ? createElement(component(), props) : null;
  }
  DeferredRoute.preload = () => install().then(() => component().preload());
  Object.defineProperty(route, 'component', {
    value: DeferredRoute,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return DeferredRoute;
}
