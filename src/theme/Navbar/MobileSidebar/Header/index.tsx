/**
 * The phone menu's header: the classic theme's own (logo, colour toggle, close button), wrapped so
 * that its close button says "Close" under its cross on a 48 × 48 px touch target (the theme's is
 * the 21 px cross alone). Only styles change (./styles.module.css), so the button keeps the
 * theme's behaviour and label; the wrapper adds no box of its own.
 */
import React, {type ReactNode} from 'react';
import Header from '@theme-original/Navbar/MobileSidebar/Header';
import styles from './styles.module.css';

export default function NavbarMobileSidebarHeader(): ReactNode {
  return (
    <div className={styles.header}>
      <Header />
    </div>
  );
}
