/**
 * Wraps the theme's blog list page (both blogs: /blog/ and /news/) to hand its title and
 * description to the list's header (src/components/BlogListHeader), shown as the page's h1.
 */
import React, {type ReactNode} from 'react';
import BlogListPage from '@theme-original/BlogListPage';
import type BlogListPageType from '@theme/BlogListPage';
import type {WrapperProps} from '@docusaurus/types';
import {BlogListContext} from '@site/src/components/BlogListHeader';

type Props = WrapperProps<typeof BlogListPageType>;

export default function BlogListPageWrapper(props: Props): ReactNode {
  const {blogTitle, blogDescription, page, totalPages} = props.metadata;
  return (
    <BlogListContext.Provider value={{title: blogTitle, description: blogDescription, page, totalPages}}>
      <BlogListPage {...props} />
    </BlogListContext.Provider>
  );
}
