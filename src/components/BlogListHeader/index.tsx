/**
 * The heading of a blog or news list page (/blog/, /news/ and their further pages): the blog's
 * title as the page's h1 and its description. The theme's list page has no heading of its own;
 * src/theme/BlogListPage provides the list's metadata, src/theme/BlogPostItems shows this header
 * above the posts. Other lists of posts (tag and author pages) have their own heading and get none.
 */
import React, {createContext, useContext, type ReactNode} from 'react';
import Heading from '@theme/Heading';
import styles from './styles.module.css';

export interface BlogListInfo {
  title: string;
  description: string;
  page: number;
  totalPages: number;
}

export const BlogListContext = createContext<BlogListInfo | null>(null);

export default function BlogListHeader(): ReactNode {
  const list = useContext(BlogListContext);
  if (!list) return null;
  return (
    <header className={styles.header}>
      <Heading as="h1" className={styles.title}>
        {list.title}
      </Heading>
      <p className={styles.description}>
        {list.description}
        {list.page > 1 && ` Page ${list.page} of ${list.totalPages}.`}
      </p>
    </header>
  );
}
