import type {Context} from 'react';

/**
 * The context providers above a component, nearest first, with the value each gives it.
 *
 * Why: a Suspense boundary that React leaves dehydrated after hydration (its code has not loaded
 * yet) is thrown away and rendered from scratch if any context above it changes before it
 * hydrates (React 18's error #421; React 19 does the same without an error), and several do
 * right after hydration (Docusaurus's `isBrowser` turns true, the window size is read, stored
 * preferences are applied). React stops spreading a
 * context change at a nested provider of the same context, so src/components/DeferredHydration
 * provides each of these values again, unchanged, until its content has hydrated.
 *
 * React has no public API that lists a component's contexts, so this reads React's own tree
 * (a provider fiber has tag 10; its `type` is the context itself in React 19, checked on 19.3.1,
 * and an object holding it as `_context` in React 18). React's version is pinned; if its tree
 * changes shape, no provider is found and `ancestorContexts` throws, and the tests fail on the
 * error.
 */
export interface FiberLike {
  tag: number;
  type: unknown;
  memoizedProps: unknown;
  return: FiberLike | null;
}

/** React's work tag for a context provider (react-reconciler's ReactWorkTags: ContextProvider). */
export const CONTEXT_PROVIDER_TAG = 10;

const REACT_CONTEXT = Symbol.for('react.context');

function providedContext(type: unknown): Context<unknown> | undefined {
  if (!type || typeof type !== 'object') return undefined;
  const nested = (type as {_context?: Context<unknown>})._context;
  if (nested) return nested;
  return (type as {$$typeof?: symbol}).$$typeof === REACT_CONTEXT ? (type as Context<unknown>) : undefined;
}

export type ContextValues = ReadonlyArray<readonly [Context<unknown>, unknown]>;

/** The contexts provided above `fiber` (excluded), each once, with the nearest provider's value. */
export function ancestorContexts(fiber: FiberLike | null | undefined): ContextValues {
  if (!fiber) throw new Error('[deferred-hydration] no React fiber to start from');
  const values = new Map<Context<unknown>, unknown>();
  for (let node = fiber.return; node; node = node.return) {
    if (node.tag !== CONTEXT_PROVIDER_TAG) continue;
    const context = providedContext(node.type);
    if (!context) throw new Error('[deferred-hydration] a provider fiber without its context');
    if (!values.has(context)) values.set(context, (node.memoizedProps as {value?: unknown} | null)?.value);
  }
  if (values.size === 0) throw new Error('[deferred-hydration] no context provider above the component');
  return [...values];
}

/** The fiber of a mounted or mounting class component instance (React keeps it on the instance). */
export function fiberOfInstance(instance: object): FiberLike | undefined {
  return (instance as {_reactInternals?: FiberLike})._reactInternals;
}
