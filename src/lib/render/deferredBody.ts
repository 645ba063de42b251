import type {ComponentType} from 'react';
import {isHydrated, whenHydrated} from './hydration';
import {asyncOnce} from '../data/once';

/**
 * The loading side of a Markdown page whose body hydrates after the rest of the page
 * (plugins/deferred-mdx, src/components/DeferredHydration/page.tsx): when its code loads, and what
 * a render does meanwhile.
 *
 * On the first page a visitor opens, the body's chunk loads once Docusaurus marks the page
 * hydrated; until then a render suspends and React keeps the server's HTML. A page opened later,
 * by client-side navigation, loads its body before it renders (`ready()`), so it shows whole.
 */
export interface BodyLoader {
  /** The body's code has loaded. */
  loaded(): boolean;
  /** Before hydration ends: resolves at once (the body loads after). After: once the body has loaded. */
  ready(): Promise<void>;
  /** The body's component; else throws a promise that settles when it may have loaded (Suspense), or its load error. */
  read(): ComponentType<object>;
}

interface BodyModule {
  default: ComponentType<object>;
}

/** How a loader learns about hydration (the page's, by default; tests pass their own). */
export interface Hydration {
  isHydrated(): boolean;
  whenHydrated(): Promise<void>;
}

export function bodyLoader(
  load: () => Promise<BodyModule>,
  hydration: Hydration = {isHydrated, whenHydrated},
): BodyLoader {
  const body = asyncOnce(() => load().then((module) => module.default));
  let failure: {error: unknown} | undefined;
  // Settles when the load has ended either way: a failure is thrown by the next read(), for the
  // nearest error boundary, whose "Try again" loads anew.
  const fetchBody = (): Promise<void> =>
    body().then(
      () => undefined,
      (error: unknown) => {
        failure = {error};
      },
    );
  return {
    loaded: () => body.current() !== undefined,
    ready: () => (body.current() !== undefined || !hydration.isHydrated() ? Promise.resolve() : fetchBody()),
    read() {
      const loaded = body.current();
      if (loaded) return loaded;
      if (failure) {
        const {error} = failure;
        failure = undefined;
        throw error;
      }
      throw hydration.isHydrated() ? fetchBody() : hydration.whenHydrated().then(fetchBody);
    },
  };
}

/**
 * While a deferred part waits to hydrate, `<html>` carries this attribute; tests wait for it to go
 * before they use a page's body.
 */
export const PENDING_ATTRIBUTE = 'data-deferred-hydration';

let pending = 0;

export function deferredHydrationStarted(): void {
  pending += 1;
  document.documentElement.setAttribute(PENDING_ATTRIBUTE, 'pending');
}

export function deferredHydrationFinished(): void {
  pending = Math.max(0, pending - 1);
  if (pending === 0) document.documentElement.removeAttribute(PENDING_ATTRIBUTE);
}
