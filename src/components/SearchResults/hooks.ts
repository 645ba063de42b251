import {useCallback, useMemo, useRef} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useContextualSearchFilters} from '@docusaurus/theme-common';
import {useAllDocsData} from '@docusaurus/plugin-content-docs/client';
import {searchContext, type SearchContext} from '@site/src/lib/search/index';
import {resolveSearchConfig, type AiConfig} from '@site/src/lib/search/config';
import type {Backend} from '@site/src/lib/search/backend';

declare global {
  interface Window {
    /** Preview/test override of the AI-answer endpoint: `{endpoint, model}`. */
    cfSearchAi?: unknown;
    /** Preview/test override of the DocSearch backend: `{appId, apiKey, indexName}`. */
    cfSearchDocSearch?: unknown;
  }
}

export interface SearchSetup {
  backend: Backend;
  context: SearchContext;
  ai: AiConfig | null;
  baseUrl: string;
}

/** The backend, contextual filters (language, docs versions) and AI config of this page. */
export function useSearchSetup(): SearchSetup {
  const {siteConfig} = useDocusaurusContext();
  const baseUrl = useBaseUrl('/');
  const {locale, tags} = useContextualSearchFilters();
  // The filters' array is new on every render; its contents are what matters.
  const tagList = tags.join(' ');
  const docs = useAllDocsData();
  return useMemo(() => {
    const config = resolveSearchConfig(siteConfig.customFields?.search, {
      cfSearchAi: typeof window === 'undefined' ? undefined : window.cfSearchAi,
      cfSearchDocSearch: typeof window === 'undefined' ? undefined : window.cfSearchDocSearch,
    });
    const labels: Record<string, string> = {};
    for (const [pluginId, data] of Object.entries(docs)) {
      for (const version of data.versions) labels[`docs-${pluginId}-${version.name}`] = version.label;
    }
    const backend: Backend = config.docsearch
      ? {kind: 'docsearch', config: config.docsearch, siteUrl: siteConfig.url, labels}
      : {kind: 'pagefind', baseUrl};
    return {backend, context: searchContext(locale, tagList ? tagList.split(' ') : []), ai: config.ai, baseUrl};
  }, [siteConfig, baseUrl, locale, tagList, docs]);
}

/**
 * The benchmark mark: `mark(event)` on each input event; once that query's results have been
 * committed, `rendered(query)` records performance.measure('cf-search-keystroke') from the input
 * event's timestamp.
 */
export function useKeystrokeMeasure(): {mark: (event: {timeStamp: number}, query: string) => void; rendered: (query: string) => void} {
  const pending = useRef<{start: number; query: string} | null>(null);
  const mark = useCallback((event: {timeStamp: number}, query: string) => {
    pending.current = {start: event.timeStamp, query};
  }, []);
  const rendered = useCallback((query: string) => {
    const p = pending.current;
    if (!p || p.query !== query) return;
    pending.current = null;
    try {
      performance.measure('cf-search-keystroke', {start: p.start, end: performance.now()});
    } catch {
      // A browser without User Timing Level 3: no benchmark mark.
    }
  }, []);
  return useMemo(() => ({mark, rendered}), [mark, rendered]);
}
