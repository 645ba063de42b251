/** The attribute Docusaurus sets on `<html>` once the page has hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-has-hydrated';

export function isHydrated(): boolean {
  return typeof document !== 'undefined' && document.documentElement.getAttribute(HYDRATED_ATTRIBUTE) === 'true';
}

let hydration: Promise<void> | undefined;

/**
 * Resolves once Docusaurus has marked the page hydrated: code that the page needs only after that
 * (a deferred page body, the renderer of fetched Markdown) starts loading then, so it never
 * competes with the code that makes the page work.
 */
export function whenHydrated(): Promise<void> {
  hydration ??= new Promise((resolve) => {
    if (isHydrated()) {
      resolve();
      return;
    }
    const observer = new MutationObserver(() => {
      if (!isHydrated()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.documentElement, {attributes: true, attributeFilter: [HYDRATED_ATTRIBUTE]});
  });
  return hydration;
}
