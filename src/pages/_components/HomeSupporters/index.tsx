import React, {type ReactNode} from 'react';
import {LINKS} from '@site/config/links';
import styles from './styles.module.css';

interface Supporter {
  name: string;
  url: string;
}

const GROUPS: Array<{title: string; text: string; supporters: Supporter[]}> = [
  {
    title: 'Financial support',
    text: 'Funding that pays for infrastructure and maintenance work.',
    supporters: [{name: 'NVIDIA', url: 'https://www.nvidia.com/'}],
  },
  {
    title: 'Infrastructure support',
    text: 'Build machines, storage, bandwidth and services donated to the project.',
    supporters: [
      {name: 'Anaconda', url: 'https://www.anaconda.com/'},
      {name: 'Cirun', url: 'https://cirun.io/'},
      {name: 'DigitalOcean', url: 'https://www.digitalocean.com/'},
      {name: 'MetroStar', url: 'https://www.metrostar.com/'},
      {name: 'Oracle Cloud', url: 'https://www.oracle.com/cloud/'},
      {name: 'Open Source Lab (OSUOSL)', url: 'https://osuosl.org/'},
      {name: 'OVHcloud', url: 'https://www.ovhcloud.com/'},
      {name: 'Quansight', url: 'https://quansight.com/'},
      {name: 'Travis CI', url: 'https://www.travis-ci.com/'},
      {name: 'prefix.dev', url: 'https://prefix.dev/'},
      {name: 'Zulip', url: 'https://zulip.com/'},
    ],
  },
  {
    title: 'Developer support',
    text: 'Organisations that give their staff time to work on conda-forge.',
    supporters: [
      {name: 'Anaconda', url: 'https://www.anaconda.com/'},
      {name: 'IOOS', url: 'https://ioos.noaa.gov/'},
      {name: 'NVIDIA', url: 'https://www.nvidia.com/'},
      {name: 'Voltron Data', url: 'https://voltrondata.com/'},
      {name: 'Quansight Labs', url: 'https://labs.quansight.org/'},
      {name: 'QuantStack', url: 'https://quantstack.net/'},
      {name: 'prefix.dev', url: 'https://prefix.dev/'},
      {name: 'QuantCo', url: 'https://www.quantco.com/'},
    ],
  },
];

export default function HomeSupporters(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="supporters-heading">
      <div className="container">
        <h2 id="supporters-heading">Supporters</h2>
        <p className="cf-prose">
          conda-forge is free for everyone and run by volunteers. If it helps your work, consider{' '}
          <a href={LINKS.donate}>donating through Open Collective</a>. conda-forge is a fiscally sponsored project of{' '}
          <a href={LINKS.numfocus}>NumFOCUS</a>, a nonprofit that supports open-source scientific software.
        </p>
        <div className={styles.groups}>
          {GROUPS.map((group) => (
            <div key={group.title} className={styles.group}>
              <h3>{group.title}</h3>
              <p className={styles.groupText}>{group.text}</p>
              <ul className={styles.list}>
                {group.supporters.map((s) => (
                  <li key={s.name}>
                    <a href={s.url}>{s.name}</a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
