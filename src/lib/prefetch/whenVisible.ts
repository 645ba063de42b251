import {useEffect, useRef, type RefObject} from 'react';

/** What the watcher needs of IntersectionObserver (a fake in the unit tests). */
export interface ObserverLike {
  observe: (element: Element) => void;
  unobserve: (element: Element) => void;
}
export type ObserverFactory = (
  callback: (entries: readonly {target: Element; isIntersecting: boolean; intersectionRatio: number}[]) => void,
) => ObserverLike;

/**
 * Prefetches a link's page the first time the link is on screen, as Docusaurus's `Link` does, but
 * with one observer for all the links it watches instead of one per link. `watch` returns the
 * function that stops watching; without an observer (no IntersectionObserver), the page is
 * prefetched at once, as `Link` does then.
 */
export function createVisibilityPrefetcher(
  makeObserver: ObserverFactory | undefined,
  prefetch: (href: string) => void,
): (element: Element, href: string) => () => void {
  const watched = new Map<Element, string>();
  let observer: ObserverLike | undefined;
  return (element, href) => {
    if (!makeObserver) {
      prefetch(href);
      return () => undefined;
    }
    observer ??= makeObserver((entries) => {
      for (const entry of entries) {
        const target = watched.get(entry.target);
        if (target === undefined || !(entry.isIntersecting || entry.intersectionRatio > 0)) continue;
        watched.delete(entry.target);
        observer?.unobserve(entry.target);
        prefetch(target);
      }
    });
    watched.set(element, href);
    observer.observe(element);
    return () => {
      if (watched.delete(element)) observer?.unobserve(element);
    };
  };
}

let browserWatch: ReturnType<typeof createVisibilityPrefetcher> | undefined;

/** The page's watcher: Docusaurus's prefetch. */
function watchInBrowser(element: Element, href: string): () => void {
  browserWatch ??= createVisibilityPrefetcher(
    typeof IntersectionObserver === 'function' ? (callback) => new IntersectionObserver(callback) : undefined,
    (target) => void window.docusaurus?.prefetch(target),
  );
  return browserWatch(element, href);
}

/** A ref for a link whose page is prefetched once the link is on screen. */
export function usePrefetchWhenVisible<T extends Element>(href: string): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    return element ? watchInBrowser(element, href) : undefined;
  }, [href]);
  return ref;
}
