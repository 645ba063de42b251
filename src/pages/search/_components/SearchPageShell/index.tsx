/**
 * The search page as the server renders it, before search can run: the form (it submits without
 * JavaScript) and the status line. The page (../SearchPage) replaces it once its code has loaded,
 * after hydration, and renders the same elements in the same places, so nothing moves.
 *
 * The prepaint script (src/lib/search/prepaint.ts) may have filled the region with the first
 * results by then: React does not compare the inside of an element rendered from markup when it
 * hydrates, and the page renders those same results when it takes over.
 */
import React, {type ReactNode} from 'react';
import SearchForm from '@site/src/components/SearchForm';
import {SEARCH_CLASS, SHELL_STATUS} from '@site/src/lib/search/shell';
import {SLOT_ATTRIBUTE} from '@site/src/lib/search/prepaintHandoff';
import styles from './styles.module.css';

/** The region as markup: React leaves what is inside it alone while it hydrates. */
const SHELL_REGION = {__html: `<p class="${SEARCH_CLASS.status}">${SHELL_STATUS}</p>`};

/**
 * The server's search field as React removes it, while the page takes over: the text and focus
 * it had at that moment. The reader may type while the page's code loads and renders, so what
 * the page's first render read may be out of date by the time the page is on screen.
 */
let shellState: {value: string; focused: boolean} | null = null;

/** The shell field's ref: its cleanup runs in the commit that removes it, before the removal. */
function watchShellField(field: HTMLInputElement): () => void {
  return () => {
    shellState = {value: field.value, focused: field.ownerDocument.activeElement === field};
  };
}

/** The field's last state, read once, after the commit that removed it (null before that). */
export function takeShellState(): {value: string; focused: boolean} | null {
  const state = shellState;
  shellState = null;
  return state;
}

export default function SearchPageShell(): ReactNode {
  return (
    <>
      <SearchForm action="/search/" className={styles.form} inputRef={watchShellField} />
      <div
        className={SEARCH_CLASS.region}
        {...{[SLOT_ATTRIBUTE]: ''}}
        dangerouslySetInnerHTML={SHELL_REGION}
        suppressHydrationWarning
      />
    </>
  );
}
