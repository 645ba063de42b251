/**
 * What a route shows while its code loads (`pastDelay`: after 200 ms) or when it failed to load.
 * Docusaurus loads a route's code before it shows the route, on the first visit and on every
 * link, so readers rarely meet this; the core's fallback draws an animated SVG for it, 0.6 KB
 * gzip in every page's main bundle. This one says the same in words, in the site's colours.
 */
import React, {type ReactNode} from 'react';
import type {LoadingComponentProps} from 'react-loadable';

export default function Loading({error, retry, pastDelay}: LoadingComponentProps): ReactNode {
  if (error) {
    return (
      <div role="alert" className="container margin-vert--xl alert alert--danger">
        <p>This page could not be loaded ({String(error)}).</p>
        <button type="button" className="button button--secondary" onClick={retry}>
          Retry
        </button>
      </div>
    );
  }
  return pastDelay ? (
    <p role="status" className="container margin-vert--xl">
      Loading the page…
    </p>
  ) : null;
}
