/**
 * Where this page searches: the backend, the contextual filters and the AI answers' config. The
 * search page's server shell needs this (its Pagefind boot script) before the rest of the search
 * code, which ./hooks.ts holds and re-exports this with.
 */
import {useMemo} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useLocation} from '@docusaurus/router';
import {useAllDocsData, useDocsPreferredVersionByPluginId} from '@docusaurus/plugin-content-docs/client';
import {docsVersionTags, searchContext, type SearchContext} from '@site/src/lib/search/context';
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
  const {siteConfig, i18n} = useDocusaurusContext();
  const baseUrl = useBaseUrl('/');
  const docs = useAllDocsData();
  // Docusaurus's contextual search filters (theme-common's useContextualSearchFilters), worked
  // out without the ICU collator its hook builds (src/lib/search/context.ts).
  const locale = i18n.currentLocale;
  const {pathname} = useLocation();
  const preferred = useDocsPreferredVersionByPluginId();
  // A new array on every render; its contents are what matters.
  const tagList = docsVersionTags(docs, pathname, preferred).join(' ');
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
