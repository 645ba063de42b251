import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import IconExternalLink from '@theme/Icon/ExternalLink';

/**
 * A link to another site, marked as the navbar and footer mark theirs: it opens in a new tab
 * (Docusaurus's Link does that for an external address), and the theme's arrow icon says so to
 * the eye and, through its label "(opens in new tab)", to screen readers. The mark is kept with
 * the last word by a no-break space, which also separates the two parts of the link's name.
 */
export default function ExternalLink({
  href,
  className,
  markClassName,
  children,
}: {
  href: string;
  className?: string;
  /** Class of the mark (the space and the icon), e.g. to place it in a corner. */
  markClassName?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <Link href={href} className={className}>
      {children}
      <span className={markClassName}>
        {'\u00a0'}
        <IconExternalLink />
      </span>
    </Link>
  );
}
