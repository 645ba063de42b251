import React, {lazy, Suspense, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
import {whenHydrated} from '@site/src/lib/render/hydration';
import {useSearchSetup} from '@site/src/components/SearchResults/setup';
import {isDevServer, pagefindBootScript} from '@site/src/lib/search/pagefindBoot';
import SearchPageShell from './_components/SearchPageShell';

/**
 * The page's code (the search hooks, the ranking and the results' rendering): not part of the first
 * load. The prepaint script has painted the URL's results into the shell by then; the page's code
 * loads once the page has hydrated, and takes over from the shell.
 */
const SearchPage = lazy(() =>
  whenHydrated().then(() => import(/* webpackPrefetch: true */ './_components/SearchPage')),
);

/**
 * Pagefind's boot script (src/lib/search/pagefind.ts), when the site searches with Pagefind and has an
 * index (not `npm start`); it adds the prepaint script built by plugins/search-prepaint.
 */
function PagefindBoot(): ReactNode {
  const {backend, context, baseUrl} = useSearchSetup();
  if (isDevServer() || backend.kind !== 'pagefind') return null;
  return (
    <Head>
      <script>{pagefindBootScript(baseUrl, process.env.CF_SEARCH_PREPAINT, context)}</script>
    </Head>
  );
}

/**
 * The server's shell (the form, and the region the prepaint script may have filled), then the
 * page. The page takes over after hydration in a transition (useDeferredMount): while its code
 * loads, React keeps the shell on screen (a transition does not show a Suspense fallback in place
 * of what is shown), and it renders the page in slices of a few milliseconds, letting the reader's
 * keys through between them. After a link inside the site the page renders as soon as its code is
 * there, the shell standing in until then.
 */
function TakeOver(): ReactNode {
  const mounted = useDeferredMount({atOnceAfterHydration: true});
  return <Suspense fallback={<SearchPageShell />}>{mounted ? <SearchPage /> : <SearchPageShell />}</Suspense>;
}

export default function Search(): ReactNode {
  return (
    <Layout
      title="Search"
      description="Search the conda-forge documentation, community pages, blog and news."
      wrapperClassName="cf-fills-screen"
    >
      <PagefindBoot />
      <main className="container margin-vert--lg">
        <h1>Search</h1>
        <TakeOver />
      </main>
    </Layout>
  );
}
