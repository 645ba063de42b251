import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
import SearchPage from './_components/SearchPage';

export default function Search(): ReactNode {
  return (
    <Layout title="Search" description="Search the conda-forge documentation, community pages, blog and news.">
      <main className="container margin-vert--lg">
        <h1>Search</h1>
        <BrowserOnly fallback={<p>Search runs in your browser.</p>}>{() => <SearchPage />}</BrowserOnly>
      </main>
    </Layout>
  );
}
