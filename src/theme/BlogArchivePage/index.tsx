/**
 * The archive of each blog (/blog/archive/, /news/archive/): every post by year, newest first,
 * written by the site (a swizzled theme component). The theme's own builds an
 * `Intl.DateTimeFormat` per year while the page hydrates (see src/theme/LastUpdated) and puts the
 * years under h3 headings straight after the h1; here they are h2.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import useRouteContext from '@docusaurus/useRouteContext';
import Layout from '@theme/Layout';
import Heading from '@theme/Heading';
import type {Props} from '@theme/BlogArchivePage';
import {postsByYear} from '@site/src/lib/blog/archive';
import {formatUtc} from '@site/src/lib/format/english';

export default function BlogArchivePage({archive}: Props): ReactNode {
  // The news feed is the blog plugin's second instance (config/plugins.ts).
  const news = useRouteContext().plugin.id === 'news';
  const title = news
    ? translate({id: 'cf.archive.news.title', message: 'News archive'})
    : translate({id: 'cf.archive.blog.title', message: 'Blog archive'});
  const description = news
    ? translate({id: 'cf.archive.news.description', message: 'Every announcement, by year.'})
    : translate({id: 'cf.archive.blog.description', message: 'Every blog post, by year.'});
  return (
    <>
      <PageMetadata title={title} description={description} />
      <Layout>
        <header className="hero hero--primary">
          <div className="container">
            <Heading as="h1" className="hero__title">
              {title}
            </Heading>
            <p className="hero__subtitle">{description}</p>
          </div>
        </header>
        <main className="container margin-vert--lg">
          <div className="row">
            {postsByYear(archive.blogPosts).map(([year, posts]) => (
              <section key={year} className="col col--4 margin-vert--lg">
                <Heading as="h2" id={year}>
                  {year}
                </Heading>
                <ul>
                  {posts.map(({metadata}) => (
                    <li key={metadata.permalink}>
                      <Link to={metadata.permalink}>
                        <time dateTime={metadata.date}>
                          {formatUtc(new Date(metadata.date), {month: 'long', year: false})}
                        </time>
                        {' - '}
                        {metadata.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </main>
      </Layout>
    </>
  );
}
