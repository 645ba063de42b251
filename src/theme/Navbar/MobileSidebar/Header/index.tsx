/**
 * The phone menu's header (ejected from the classic theme's Navbar/MobileSidebar/Header, which
 * offers no way to change its close button): logo, colour toggle and a close button that says
 * "Close" under its cross and is a 48 × 48 px touch target (the theme's is the 21 px cross alone).
 */
import React, {type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import {translate} from '@docusaurus/Translate';
import NavbarColorModeToggle from '@theme/Navbar/ColorModeToggle';
import IconClose from '@theme/Icon/Close';
import NavbarLogo from '@theme/Navbar/Logo';
import styles from './styles.module.css';

function CloseButton(): ReactNode {
  const mobileSidebar = useNavbarMobileSidebar();
  return (
    <button
      type="button"
      aria-label={translate({
        id: 'theme.docs.sidebar.closeSidebarButtonAriaLabel',
        message: 'Close navigation bar',
        description: 'The ARIA label for close button of mobile sidebar',
      })}
      className={`clean-btn navbar-sidebar__close ${styles.close}`}
      onClick={() => mobileSidebar.toggle()}
    >
      <IconClose width={16} height={16} strokeWidth={1.6} aria-hidden="true" />
      <span className={styles.label}>Close</span>
    </button>
  );
}

export default function NavbarMobileSidebarHeader(): ReactNode {
  return (
    <div className="navbar-sidebar__brand">
      <NavbarLogo />
      <NavbarColorModeToggle className={styles.toggle} />
      <CloseButton />
    </div>
  );
}
