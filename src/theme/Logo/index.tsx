/**
 * The navbar's anvil and wordmark (a swizzled theme component, used by the navbar and the phone
 * menu's header). The theme draws the logo as two images, one per colour mode, and each SVG image
 * costs Chromium a document of its own: 20-85 ms of main-thread work at a 4x CPU slowdown on every
 * page. This one shows the anvil's symbol from the page's SVG sprite (plugins/svg-sprite), coloured
 * per mode by CSS, with the same link, classes, size and alt text as the theme's.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useBaseUrl from '@docusaurus/useBaseUrl';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {useThemeConfig} from '@docusaurus/theme-common';
import type {Props} from '@theme/Logo';
import {SYMBOLS} from '@site/plugins/svg-sprite/symbols';
import styles from './styles.module.css';

export default function Logo({imageClassName, titleClassName, ...linkProps}: Props): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {navbar} = useThemeConfig();
  const {logo, title} = navbar;
  const to = useBaseUrl(logo?.href ?? '/');
  // As the theme does: decorative beside a visible title, else named by the site's title.
  const alt = logo?.alt ?? (title ? '' : siteConfig.title);
  return (
    <Link to={to} {...linkProps} {...(logo?.target ? {target: logo.target} : {})}>
      {logo && (
        <span className={clsx(imageClassName, styles.mark)}>
          <svg
            width={logo.width}
            height={logo.height}
            focusable="false"
            {...(alt ? {role: 'img', 'aria-label': alt} : {'aria-hidden': true})}
          >
            <use href={`#${SYMBOLS.logo.id}`} />
          </svg>
        </span>
      )}
      {title != null && <b className={titleClassName}>{title}</b>}
    </Link>
  );
}
