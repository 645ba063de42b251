import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import PackageSearch from './_components/PackageSearch';

export default function PackagesPage(): ReactNode {
  return (
    <Layout
      wrapperClassName="cf-fills-screen"
      title="Packages in conda-forge"
      description="Find a conda-forge package by name and the feedstock that builds it."
    >
      <main className="container margin-vert--lg cf-prose">
        <h1>Packages in conda-forge</h1>
        <p>
          Type a name to find a package and the feedstock repository that builds it. For versions, platforms and
          download counts, open the package on <a href="https://anaconda.org/conda-forge">anaconda.org</a>; every
          feedstock is listed in <a href="https://github.com/conda-forge/feedstocks">conda-forge/feedstocks</a>.
        </p>
        <details className="margin-bottom--md">
          <summary>How the filter matches, and links you can share</summary>
          <ul>
            <li>
              One or two letters match the start of names; longer text matches anywhere in a name, the exact name and
              the closest names first.
            </li>
            <li>
              <code>^py</code> matches names that start with <code>py</code>, <code>arrow$</code> names that end with{' '}
              <code>arrow</code>, and <code>^python$</code> or <code>"python"</code> only the package called{' '}
              <code>python</code>.
            </li>
            <li>
              The address keeps the query, so a search can be shared or built by a script:{' '}
              <code>/packages/?q=^python$</code>. <code>/packages/?feedstock=NAME</code> lists every package that the
              feedstock <code>NAME</code> builds.
            </li>
          </ul>
        </details>
        <PackageSearch />
      </main>
    </Layout>
  );
}
