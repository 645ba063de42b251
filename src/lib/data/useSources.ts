import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {resolveSources, type Sources} from './sources';

/** The data-source registry with the site's configured overrides applied. */
export function useSources(): Sources {
  const {siteConfig} = useDocusaurusContext();
  return resolveSources(siteConfig.customFields?.dataSources);
}
