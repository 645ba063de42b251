import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import home from '@generated/home-data/default/home.json';
import styles from './styles.module.css';

/** The newest news posts with their dates, picked at build time (plugins/home-data). */
export default function HomeNews({className}: {className?: string}): ReactNode {
  const {news} = home;
  if (news.length === 0) return null;
  return (
    <section className={className} aria-labelledby="news-heading">
      <h2 id="news-heading">Latest news</h2>
      <ul className={styles.list}>
        {news.map((item) => (
          <li key={item.permalink} className={styles.item}>
            <time className={styles.date} dateTime={item.date}>
              {item.dateText}
            </time>
            <Link className={styles.title} to={item.permalink}>
              {item.title}
            </Link>
            {item.description && <p className={styles.description}>{item.description}</p>}
          </li>
        ))}
      </ul>
      <Link to="/news/">All news</Link>
    </section>
  );
}
