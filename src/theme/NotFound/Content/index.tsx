/**
 * The not-found page's content (the theme's NotFound page keeps its title and layout): a search
 * box prefilled with the words of the missing address, the best matches of that search listed at
 * once, the main sections, and why old addresses may no longer exist. Unknown paths are answered
 * with this page and status 404 (scripts/serve.mjs).
 */
import React, {lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useHistory, useLocation} from '@docusaurus/router';
import Heading from '@theme/Heading';
import type {Props} from '@theme/NotFound/Content';
import {queryFromPath} from '@site/src/lib/notFound/address';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
import {whenHydrated} from '@site/src/lib/render/hydration';
import {searchPageUrl} from '@site/src/lib/search/url';
import SearchForm from '@site/src/components/SearchForm';
import styles from './styles.module.css';

/**
 * The search code loads once Docusaurus has marked the page hydrated, as the search page's does:
 * the transition that mounts the matches can run before that mark on a busy machine.
 */
const BestMatches = lazy(() => whenHydrated().then(() => import('./BestMatches')));

const SECTIONS = [
  {to: '/docs/', label: 'Docs', text: 'Installing and using packages, and maintaining feedstocks.'},
  {to: '/packages/', label: 'Packages', text: 'Find a package and the feedstock that builds it.'},
  {to: '/download/', label: 'Download', text: 'Miniforge installers for Linux, macOS and Windows.'},
  {to: '/blog/', label: 'Blog', text: 'Stories and deep dives from the community.'},
  {to: '/news/', label: 'News', text: 'Announcements for users and maintainers.'},
  {to: '/community/', label: 'Community', text: 'Governance, meetings and minutes, and how to get in touch.'},
  {to: '/status/', label: 'Status', text: 'Incidents, services, CI usage and ongoing migrations.'},
];

export default function NotFoundContent({className}: Props): ReactNode {
  const {pathname} = useLocation();
  const history = useHistory();
  const searchPage = useBaseUrl('/search/');
  // The static 404.html is rendered once for every unknown path, so the words of the address
  // that was asked for are filled in after hydration.
  const [query, setQuery] = useState('');
  const [fromPath, setFromPath] = useState('');
  useEffect(() => {
    const words = queryFromPath(pathname);
    setFromPath(words);
    setQuery(words);
  }, [pathname]);
  const mounted = useDeferredMount();
  // While the field holds the address's own words, the pages of the closest addresses come first.
  const ownWords = query === fromPath;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    history.push(searchPageUrl(query));
  };

  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <Heading as="h1" className="hero__title">
            Page Not Found
          </Heading>
          <p className={styles.lead}>We could not find a page at this address.</p>
          <p>
            Many pages moved when the site was reorganized: the documentation was regrouped into user and maintainer
            guides, how-to guides and tutorials, and the community pages moved to their own section. The search below
            starts with the words of the address you followed.
          </p>
          <SearchForm value={query} onChange={setQuery} onSubmit={submit} action={searchPage} className={styles.form} />
          {mounted && query.trim() !== '' && (
            <Suspense fallback={null}>
              <BestMatches query={query} pathname={ownWords ? pathname : null} />
            </Suspense>
          )}
          <h2 id="sections" className={styles.sectionsTitle}>
            Or start from a section
          </h2>
          <ul className={styles.sections} aria-labelledby="sections">
            {SECTIONS.map((section) => (
              <li key={section.to}>
                <Link to={section.to} className={`cf-card ${styles.card}`}>
                  <span className={styles.cardTitle}>{section.label}</span>
                  <span className={styles.cardText}>{section.text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </main>
  );
}
