/**
 * Wraps the theme's list of posts: on a blog or news list page the list starts with the page's
 * heading (src/components/BlogListHeader); tag and author pages keep their own.
 */
import React, {type ReactNode} from 'react';
import BlogPostItems from '@theme-original/BlogPostItems';
import type BlogPostItemsType from '@theme/BlogPostItems';
import type {WrapperProps} from '@docusaurus/types';
import BlogListHeader from '@site/src/components/BlogListHeader';

type Props = WrapperProps<typeof BlogPostItemsType>;

export default function BlogPostItemsWrapper(props: Props): ReactNode {
  return (
    <>
      <BlogListHeader />
      <BlogPostItems {...props} />
    </>
  );
}
