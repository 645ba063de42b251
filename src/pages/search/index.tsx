import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
import {useSearchSetup} from '@site/src/components/SearchResults';
import {isDevServer, pagefindBootScript} from '@site/src/lib/search/pagefindBoot';
import SearchPage, {SearchPageShell} from './_components/SearchPage';

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
 * page. The page takes over after hydration in a transition (useDeferredMount): React renders it
 * in slices of a few milliseconds and lets the reader's keys through between them, where
 * BrowserOnly would render it in one long task. After a link inside the site it renders at once.
 */
function TakeOver(): ReactNode {
  return useDeferredMount({atOnceAfterHydration: true}) ? <SearchPage /> : <SearchPageShell />;
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
