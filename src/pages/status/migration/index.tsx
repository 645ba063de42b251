import React, {lazy, Suspense, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {whenHydrated} from '@site/src/lib/render/hydration';
import MigrationIntro from './_components/MigrationIntro';

// Everything below the heading but the introduction depends on the address's `?name=` and on live
// data, so the server renders the heading and the introduction alone. The details' code is not
// needed to hydrate that: it loads once the page has hydrated (prefetched, at low priority, as
// soon as the page's own chunk runs).
const MigrationDetails = lazy(() =>
  whenHydrated().then(() => import(/* webpackPrefetch: true */ './_components/MigrationDetails')),
);

export default function MigrationPage(): ReactNode {
  const intro = <MigrationIntro />;
  const heading = (
    <>
      <h1>Migration status</h1>
      {intro}
    </>
  );
  return (
    <Layout
      wrapperClassName="cf-fills-screen"
      title="Migration status"
      description="Progress of one conda-forge migration, feedstock by feedstock."
    >
      <main className="container margin-vert--lg">
        <BrowserOnly fallback={heading}>
          {() => (
            <Suspense fallback={heading}>
              <MigrationDetails intro={intro} />
            </Suspense>
          )}
        </BrowserOnly>
      </main>
    </Layout>
  );
}
