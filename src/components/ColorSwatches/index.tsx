import React, {type ReactNode} from 'react';
import styles from './styles.module.css';

interface Swatch {
  name: string;
  hex: string;
  /** Text colour that reads on the swatch. */
  ink?: string;
}

export default function ColorSwatches({colors}: {colors: Swatch[]}): ReactNode {
  return (
    <ul className={styles.swatches}>
      {colors.map(({name, hex, ink = '#ffffff'}) => (
        <li key={`${name}-${hex}`} className={styles.swatch} style={{background: hex, color: ink}}>
          <span className={styles.name}>{name}</span>
          <code className={styles.hex}>{hex}</code>
        </li>
      ))}
    </ul>
  );
}
