import React, {type ReactNode} from 'react';
import {describeFeedstocks} from '@site/src/lib/packages/index';
import {groupThousands} from '@site/src/lib/format/english';
import PackageName from '../PackageName';
import styles from './styles.module.css';

/** Feedstocks listed for one package at most; a hostile map may name thousands. */
const SHOWN = 10;

function FeedstockLink({name, url}: {name: string; url: string | null}): ReactNode {
  const label = <PackageName name={`${name}-feedstock`} />;
  return url ? <a href={url}>{label}</a> : <span>{label}</span>;
}

/**
 * The feedstock(s) that build a package, said plainly: one of the same name is just linked; one
 * of another name, or several, are named as such (a guessed `<package>-feedstock` link would be
 * wrong for them); none is "not listed". Names that are not valid repository names are text.
 */
export default function BuiltBy({name, feedstocks}: {name: string; feedstocks: readonly string[]}): ReactNode {
  const note = describeFeedstocks(name, feedstocks);
  if (note.kind === 'unknown') return <span className={styles.muted}>not in the feedstock list</span>;
  if (note.kind !== 'several') {
    const [only] = note.feedstocks;
    return (
      <>
        <FeedstockLink {...only} />
        {note.kind === 'renamed' && <span className={styles.muted}> (a feedstock of another name)</span>}
      </>
    );
  }
  const hidden = note.feedstocks.length - SHOWN;
  return (
    <>
      <span className={styles.muted}>{groupThousands(note.feedstocks.length)} feedstocks build it:</span>
      <ul className={styles.list}>
        {note.feedstocks.slice(0, SHOWN).map((f) => (
          <li key={f.name}>
            <FeedstockLink {...f} />
          </li>
        ))}
        {hidden > 0 && <li className={styles.muted}>and {groupThousands(hidden)} more</li>}
      </ul>
    </>
  );
}
