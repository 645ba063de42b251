import React, {type ReactNode} from 'react';
import SiteMetadata from '@theme-original/SiteMetadata';
import Head from '@docusaurus/Head';
import {PageMetadata} from '@docusaurus/theme-common';
import {useLocation} from '@docusaurus/router';
import {socialCardPath} from '@site/src/lib/social/cardPath';

/**
 * Every page names its social card as `og:image` and `twitter:image` (the theme already sets
 * `twitter:card` to `summary_large_image`): the card plugins/social-cards draws after the build
 * with the page's title and section. A page's own front matter `image`, rendered further down the
 * tree, still wins.
 */
export default function SiteMetadataWithCard(): ReactNode {
  const {pathname} = useLocation();
  return (
    <>
      <SiteMetadata />
      <PageMetadata image={socialCardPath(pathname)} />
      <Head>
        <meta property="og:image:type" content="image/png" />
        <meta property="og:image:width" content="1200" />
        <meta property="og:image:height" content="630" />
      </Head>
    </>
  );
}
