import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

interface Swatch {
  name: string;
  hex: string;
}

/**
 * A row of colour swatches. The colour fills a chip; name and hex code sit below it on the page
 * background, so they read in both colour modes whatever the swatch colour is (several brand
 * shades reach AA with neither black nor white text).
 */
export default function ColorSwatches({colors}: {colors: Swatch[]}): ReactNode {
  return (
    <ul className={styles.swatches}>
      {colors.map(({name, hex}) => (
        <li key={`${name}-${hex}`} className={styles.swatch}>
          <span className={styles.chip} style={{background: hex}} aria-hidden="true" />
          <span className={styles.name}>{name}</span>
          <code className={styles.hex}>{hex}</code>
        </li>
      ))}
    </ul>
  );
}
