import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
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
        <BrowserOnly fallback={<SearchPageShell />}>{() => <SearchPage />}</BrowserOnly>
      </main>
    </Layout>
  );
}
