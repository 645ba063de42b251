import {parseSearchEnv, type SearchConfig} from '../src/lib/search/config';

/**
 * Site search backends, read from the environment at build time and passed to the browser through
 * `customFields.search`. Default: the local Pagefind index only.
 * - CF_DOCSEARCH_API_KEY (with optional CF_DOCSEARCH_APP_ID, CF_DOCSEARCH_INDEX): query the hosted
 *   Algolia DocSearch index instead of Pagefind.
 * - CF_AI_ENDPOINT and CF_AI_MODEL: offer AI answers from an OpenAI-compatible endpoint (a proxy
 *   that holds any secret key; no key is ever part of the site).
 */
export const searchConfig: SearchConfig = parseSearchEnv(process.env);
