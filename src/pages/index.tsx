import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import HomeHero from '@site/src/components/HomeHero';
import HomeStats from '@site/src/components/HomeStats';
import HomeContributing from '@site/src/components/HomeContributing';
import HomeSupporters from '@site/src/components/HomeSupporters';

export default function Home(): ReactNode {
  return (
    <Layout
      title="Community-driven packaging for conda"
      description="conda-forge is a community-led collection of recipes, build infrastructure and distributions for the conda package manager.">
      <main>
        <HomeHero />
        <HomeStats />
        <HomeContributing />
        <HomeSupporters />
      </main>
    </Layout>
  );
}
