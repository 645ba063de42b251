import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {LINKS} from '@site/config/links';
import ExternalLink from '../ExternalLink';
import styles from './styles.module.css';

/** A link at the foot of a card: to a page of this site, or (`external`) to another site. */
interface Action {
  label: string;
  to: string;
  external?: boolean;
}

/** A part of a card with its own sentence and links ("a package" and "this website"). */
interface Part {
  title: string;
  text: ReactNode;
  actions: Action[];
}

interface Card {
  title: string;
  parts: Part[];
}

const CARDS: Card[] = [
  {
    title: 'Update a package',
    parts: [
      {
        title: '',
        text: 'Change its recipe with a pull request on the package’s feedstock; for a new release, a bot usually opens that pull request for you.',
        actions: [{label: 'Guide: maintaining packages', to: '/docs/maintainer/updating_pkgs/'}],
      },
    ],
  },
  {
    title: 'Report an issue',
    parts: [
      {
        title: 'With a package',
        text: (
          <>
            Every package is built in its own GitHub repository, its feedstock (usually <code>name-feedstock</code>),
            whose issue tracker its maintainers watch.
          </>
        ),
        actions: [
          {label: 'Find its feedstock', to: '/packages/'},
          {label: 'What to put in a report', to: '/docs/user/how_to_get_help/#github-issues'},
        ],
      },
      {
        title: 'With this website',
        text: 'Wrong or missing docs, broken pages:',
        actions: [{label: 'Website issue tracker', to: LINKS.websiteIssues, external: true}],
      },
    ],
  },
  {
    title: 'Add a recipe',
    parts: [
      {
        title: '',
        text: 'A new package starts as a recipe submitted to staged-recipes; once reviewed, it gets a feedstock of its own.',
        actions: [
          {label: 'Guide: contributing packages', to: '/docs/maintainer/adding_pkgs/'},
          {label: 'Tutorial: your first recipe', to: '/docs/tutorials/first-recipe/'},
        ],
      },
    ],
  },
  {
    title: 'Ask for help',
    parts: [
      {
        title: '',
        text: 'Questions about packaging or using conda-forge are welcome in the community chat.',
        actions: [
          {label: 'conda-forge on Zulip', to: LINKS.zulip, external: true},
          {label: 'Where to ask what', to: '/docs/user/how_to_get_help/'},
        ],
      },
    ],
  },
];

function ActionLink({action}: {action: Action}): ReactNode {
  return action.external ? (
    <ExternalLink href={action.to} className={styles.action}>
      {action.label}
    </ExternalLink>
  ) : (
    <Link to={action.to} className={styles.action}>
      {action.label}
      <span aria-hidden="true">{'\u00a0→'}</span>
    </Link>
  );
}

export default function HomeContributing(): ReactNode {
  return (
    <section className={styles.section} aria-labelledby="contributing-heading">
      <div className="container">
        <h2 id="contributing-heading">Contributing to conda-forge</h2>
        <p>For a package on conda-forge, I want to …</p>
        <ul className={styles.cards}>
          {CARDS.map((card) => (
            <li key={card.title} className={styles.card}>
              <h3 className={styles.cardTitle}>{card.title}</h3>
              {card.parts.map((part) => (
                <div key={part.title} className={styles.part}>
                  {part.title && <h4 className={styles.partTitle}>{part.title}</h4>}
                  <p className={styles.cardText}>{part.text}</p>
                  <ul className={styles.actions}>
                    {part.actions.map((action) => (
                      <li key={action.to}>
                        <ActionLink action={action} />
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
