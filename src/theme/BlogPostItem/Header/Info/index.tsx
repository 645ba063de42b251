/**
 * A post's date and reading time under its title, in both blogs' lists and posts, written by the
 * site (a swizzled theme component): the theme's own builds an `Intl.DateTimeFormat` for each post
 * while the page hydrates (see src/theme/LastUpdated), and its reading time an `Intl.PluralRules`
 * (src/lib/format/english.ts). Same words and translation ids.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import type {Props} from '@theme/BlogPostItem/Header/Info';
import {englishPlural, formatUtc} from '@site/src/lib/format/english';
import styles from './styles.module.css';

function ReadingTime({minutes}: {minutes: number}): ReactNode {
  const rounded = Math.ceil(minutes);
  const forms = translate(
    {id: 'theme.blog.post.readingTime.plurals', message: 'One min read|{readingTime} min read'},
    {readingTime: rounded},
  );
  return <>{englishPlural(rounded, forms)}</>;
}

export default function BlogPostItemHeaderInfo({className}: Props): ReactNode {
  const {date, readingTime} = useBlogPost().metadata;
  return (
    <div className={clsx(styles.info, 'margin-vert--md', className)}>
      <time dateTime={date}>{formatUtc(new Date(date), {month: 'long', year: true})}</time>
      {readingTime !== undefined && (
        <>
          {' · '}
          <ReadingTime minutes={readingTime} />
        </>
      )}
    </div>
  );
}
