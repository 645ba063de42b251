/**
 * The getter body of every route's `component` (see ./lazy-route-components.cjs): builds the
 * route's loadable component with Docusaurus's ComponentCreator on first read, then stores it on
 * the route as a plain property, so every later read returns the same component.
 */
import ComponentCreator from '@docusaurus/ComponentCreator';

export default function lazyRouteComponent(route, hash) {
  const component = hash === undefined ? ComponentCreator(route.path) : ComponentCreator(route.path, hash);
  Object.defineProperty(route, 'component', {value: component, enumerable: true, configurable: true, writable: true});
  return component;
}
