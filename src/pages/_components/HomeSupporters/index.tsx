import React, {type ReactNode} from 'react';
import {LINKS} from '@site/config/links';
import {FISCAL_SPONSOR, SUPPORTER_GROUPS, type SupporterGroup} from '@site/src/lib/home/supporters';
import ExternalLink from '../ExternalLink';
import styles from './styles.module.css';

/** One kind of support: its heading, a sentence, and a wall of the supporters' names. */
function Group({group, featured = false}: {group: SupporterGroup; featured?: boolean}): ReactNode {
  const headingId = `supporters-${group.id}`;
  return (
    <section className={featured ? `${styles.group} ${styles.featured}` : styles.group} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.groupTitle}>
        {group.title}
      </h3>
      <p className={styles.groupText}>{group.text}</p>
      <ul className={styles.wall}>
        {group.supporters.map((supporter) => (
          <li key={supporter.name}>
            <ExternalLink className={styles.tile} markClassName={styles.mark} href={supporter.url}>
              <span className={styles.name}>{supporter.name}</span>
              {supporter.expansion && <span className={styles.expansion}>{supporter.expansion}</span>}
            </ExternalLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The supporters, credited by name: the fiscal sponsor and financial support side by side, then
 * the walls of infrastructure and developer support. Names are set in type (no logos), so they
 * read in both colour modes at the page's own contrast.
 */
export default function HomeSupporters(): ReactNode {
  const [financial, ...others] = SUPPORTER_GROUPS;
  return (
    <section className={styles.section} aria-labelledby="supporters-heading">
      <div className="container">
        <h2 id="supporters-heading">Supporters</h2>
        <p className={`cf-prose ${styles.intro}`}>
          conda-forge is free for everyone and run by volunteers, with the help of the organizations below. If it helps
          your work, consider <ExternalLink href={LINKS.donate}>donating through Open Collective</ExternalLink>.
        </p>
        <div className={styles.top}>
          <div className={styles.sponsor}>
            <p className={styles.kicker}>Fiscal sponsor</p>
            <ExternalLink className={styles.sponsorName} href={FISCAL_SPONSOR.url}>
              {FISCAL_SPONSOR.name}
            </ExternalLink>
            <p>
              conda-forge is a fiscally sponsored project of NumFOCUS, a nonprofit that supports open-source scientific
              computing.
            </p>
          </div>
          <Group group={financial} featured />
        </div>
        {others.map((group) => (
          <Group key={group.id} group={group} />
        ))}
      </div>
    </section>
  );
}
