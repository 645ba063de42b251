/**
 * The server build's `renderToHtml` (in place of `@docusaurus/core/lib/client/renderToHtml.js`,
 * module replacement of the `deferred-mdx/split` patch point): the same render, with
 * `progressiveChunkSize` set so that React never outlines a Suspense boundary.
 *
 * React 19's server renderer writes a completed Suspense boundary in place only while the bytes
 * flushed so far plus the boundary's own stay under `progressiveChunkSize` (12,800 by default).
 * A larger one is written as an empty placeholder, and its content goes into a hidden element at
 * the end of the document with a script that moves it in. A split page's body is rendered inside
 * such a boundary (src/components/DeferredHydration), so on a long page the body left `<main>`,
 * where the search indexer reads a page, and the page showed no body until that script ran.
 * Docusaurus renders the whole page before sending it (`onAllReady`), so streaming in parts
 * gains nothing here; with an infinite chunk size every boundary is written where it belongs,
 * as React 18 wrote it.
 */
import type {ReactNode} from 'react';
import {renderToPipeableStream} from 'react-dom/server';
import {PassThrough} from 'node:stream';
import {text} from 'node:stream/consumers';

/** Large enough that no page's bytes reach it: React then outlines no boundary. */
export const PROGRESSIVE_CHUNK_SIZE = Number.POSITIVE_INFINITY;

export async function renderToHtml(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const passThrough = new PassThrough();
    const {pipe} = renderToPipeableStream(app, {
      progressiveChunkSize: PROGRESSIVE_CHUNK_SIZE,
      onError(error) {
        reject(error);
      },
      onAllReady() {
        pipe(passThrough);
        text(passThrough).then(resolve, reject);
      },
    });
  });
}
