import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import PackageSearch from './_components/PackageSearch';

export default function PackagesPage(): ReactNode {
  return (
    <Layout
      title="Packages in conda-forge"
      description="Find a conda-forge package by name and the feedstock that builds it."
    >
      <main className="container margin-vert--lg cf-prose">
        <h1>Packages in conda-forge</h1>
        <p>
          Type a name to find a package and the feedstock repository that builds it. One or two letters match the start
          of names; longer queries match anywhere in a name, with the closest names first. For versions, platforms and
          download counts, open the package on <a href="https://anaconda.org/conda-forge">anaconda.org</a>; every
          feedstock is listed in <a href="https://github.com/conda-forge/feedstocks">conda-forge/feedstocks</a>.
        </p>
        <PackageSearch />
      </main>
    </Layout>
  );
}
