/**
 * "Read more" under a post summary on the blog and news lists. The link's text names the post
 * ("Read more about …", the title visually hidden): the stock link carries the title only in
 * `aria-label`, so crawlers and Lighthouse's link-text audit see ten links called "Read more".
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Translate from '@docusaurus/Translate';
import type {Props} from '@theme/BlogPostItem/Footer/ReadMoreLink';

export default function ReadMoreLink({blogPostTitle, ...linkProps}: Props): ReactNode {
  return (
    <Link {...linkProps}>
      <b>
        <Translate
          id="theme.blog.post.readMore"
          description="The label used in blog post item excerpts to link to full blog posts"
        >
          Read more
        </Translate>
      </b>
      <span className="cf-visually-hidden"> about {blogPostTitle}</span>
    </Link>
  );
}
