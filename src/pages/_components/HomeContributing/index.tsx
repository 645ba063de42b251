import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {LINKS} from '@site/config/links';
import styles from './styles.module.css';

interface Card {
  title: string;
  text: string;
  to: string;
}

const CARDS: Card[] = [
  {
    title: 'Update a package',
    text: 'Open a pull request on the package’s feedstock; the bots and the maintainer docs help you through it.',
    to: '/docs/maintainer/updating_pkgs/',
  },
  {
    title: 'Report an issue',
    text: 'Something wrong with a package? Open an issue on its feedstock; for this website, use its issue tracker.',
    to: LINKS.websiteIssues,
  },
  {
    title: 'Add a recipe',
    text: 'Propose a new package by adding its recipe to staged-recipes, where reviewers check it before it gets a feedstock.',
    to: LINKS.stagedRecipes,
  },
  {
    title: 'Ask for help',
    text: 'Questions about packaging or using conda-forge are welcome in the community chat on Zulip.',
    to: LINKS.zulip,
  },
];

export default function HomeContributing(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="contributing-heading">
      <div className="container">
        <h2 id="contributing-heading">Contributing to conda-forge</h2>
        <p>For a package on conda-forge, I want to …</p>
        <ul className={styles.cards}>
          {CARDS.map((card) => (
            <li key={card.title}>
              <Link className={`cf-card ${styles.card}`} to={card.to}>
                <h3 className={styles.cardTitle}>{card.title}</h3>
                <p className={styles.cardText}>{card.text}</p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
