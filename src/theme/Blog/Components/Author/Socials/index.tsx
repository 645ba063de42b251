import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {Props} from '@theme/Blog/Components/Author/Socials';
import {socialLinks} from '../../../../../lib/blog/socials';
import styles from './styles.module.css';

/**
 * A blog author's social links as text ("GitHub", "Mastodon"…) instead of the classic theme's
 * brand icons, whose SVGs every blog and news page would otherwise load (see src/lib/blog/socials).
 * The row is rendered even when empty, as in the theme, so names line up across authors.
 */
export default function BlogAuthorSocials({author, className}: Props): ReactNode {
  const links = socialLinks(author.socials);
  return (
    <div className={className ? `${styles.socials} ${className}` : styles.socials}>
      {links.map(({platform, label, href}) => (
        <Link key={platform} className={styles.link} href={href}>
          {label}
        </Link>
      ))}
    </div>
  );
}
