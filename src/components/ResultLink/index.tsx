import React, {forwardRef, type AnchorHTMLAttributes, type MouseEvent} from 'react';
import {useHistory} from '@docusaurus/router';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {isPlainLeftClick} from '@site/src/lib/routing/plainClick';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path of this site, as `@docusaurus/Link` takes it (the base URL is added the same way). */
  to: string;
};

/** A click the browser should handle itself: not a plain left click, or one aimed at another window. */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>): boolean {
  const target = event.currentTarget.target;
  return !isPlainLeftClick(event) || (target !== '' && target !== '_self');
}

/**
 * A link in a list of search results (the search page, the modal). It navigates inside the app as
 * `@docusaurus/Link` does, but does not prefetch its page's code when it scrolls into view. Link
 * gives each link an IntersectionObserver and, once the link is on screen, scans the whole route
 * table and adds a `<link rel="prefetch">` per chunk. A page of results puts 10–16 such links on
 * screen at once, and the modal a new set on every keystroke. Traced at 4× CPU slowdown on
 * `/search/?q=conda` with the CPU profiler on, that prefetch work was a task of 250–270 ms
 * (appendChild alone 70–90 ms), for pages of which the reader opens one. The page is fetched
 * when the link is followed, as it is for any link Docusaurus did not prefetch.
 */
const ResultLink = forwardRef<HTMLAnchorElement, Props>(function ResultLink({to, onClick, children, ...rest}, ref) {
  const history = useHistory();
  const href = useBaseUrl(to);
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (leftToBrowser(event)) return;
        event.preventDefault();
        history.push(href);
      }}
    >
      {children}
    </a>
  );
});

export default ResultLink;
