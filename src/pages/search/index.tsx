import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
import SearchPage, {SearchPageShell} from './_components/SearchPage';

export default function Search(): ReactNode {
  return (
    <Layout
      title="Search"
      description="Search the conda-forge documentation, community pages, blog and news."
      wrapperClassName="cf-fills-screen"
    >
      <main className="container margin-vert--lg">
        <h1>Search</h1>
        <BrowserOnly fallback={<SearchPageShell />}>{() => <SearchPage />}</BrowserOnly>
      </main>
    </Layout>
  );
}
