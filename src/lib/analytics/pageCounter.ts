/**
 * The page counter's tag: a `<meta>` in every page's head naming the counter script and its
 * endpoint (docusaurus.config.ts adds it to production builds). The client module
 * src/clientModules/pageCounter.ts reads it and loads the script once the page has hydrated, so
 * the counter is never part of what a page needs to become interactive.
 */

/** The `name` of the meta element. */
export const PAGE_COUNTER_META = 'cf-page-counter';

/** The tag docusaurus.config.ts puts in the head: the endpoint as content, the script's address as data. */
export function pageCounterTag(script: string, endpoint: string) {
  return {tagName: 'meta', attributes: {name: PAGE_COUNTER_META, content: endpoint, 'data-script': script}};
}

/**
 * The script element that loads the counter, from the page's meta element; null when the page
 * names none (development builds, CF_ANALYTICS=false) or names it only in part.
 */
export function pageCounterScript(doc: Pick<Document, 'querySelector' | 'createElement'>): HTMLScriptElement | null {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${PAGE_COUNTER_META}"]`);
  const src = meta?.getAttribute('data-script');
  const endpoint = meta?.getAttribute('content');
  if (!src || !endpoint) return null;
  const script = doc.createElement('script');
  script.src = src;
  script.async = true;
  // static/js/count.js reads its endpoint from the element that loaded it (document.currentScript).
  script.setAttribute('data-goatcounter', endpoint);
  return script;
}
