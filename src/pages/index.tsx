import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import HomeHero from './_components/HomeHero';
import HomeStats from './_components/HomeStats';
import HomeContributing from './_components/HomeContributing';
import HomeSupporters from './_components/HomeSupporters';

export default function Home(): ReactNode {
  return (
    // No page title: the home page's <title> is the site title alone, "conda-forge | community-driven
    // packaging for conda" (config/site.ts), which other pages append to their own.
    <Layout description="conda-forge is a community-led collection of recipes, build infrastructure and distributions for the conda package manager.">
      <main>
        <HomeHero />
        <HomeStats />
        <HomeContributing />
        <HomeSupporters />
      </main>
    </Layout>
  );
}
