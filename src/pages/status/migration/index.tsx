import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
import MigrationDetails from './_components/MigrationDetails';

export default function MigrationPage(): ReactNode {
  return (
    <Layout
      wrapperClassName="cf-fills-screen"
      title="Migration status"
      description="Progress of one conda-forge migration, feedstock by feedstock."
    >
      <main className="container margin-vert--lg">
        <BrowserOnly fallback={<h1>Migration status</h1>}>{() => <MigrationDetails />}</BrowserOnly>
      </main>
    </Layout>
  );
}
