/**
 * The navbar search button (Docusaurus renders @theme/SearchBar for the navbar item of type
 * `search`). Only this button and the shortcut listener are in the main bundle: the modal and the
 * search backends load on first use (open, shortcut, or a hover/focus hint that one is coming).
 * Shortcuts: Ctrl/Cmd+K anywhere; `/` when not typing in a field, which focuses the page's own
 * filter when its main content has one that declares `aria-keyshortcuts="/"` (as /packages/
 * does) and opens the search otherwise; Escape closes the modal.
 */
import React, {lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import {startTypeAhead, stopTypeAhead} from '@site/src/lib/search/typeAhead';
import styles from './styles.module.css';

const loadModal = () => import('@site/src/components/SearchModal');
const SearchModal = lazy(loadModal);

/** Whether a key event's target is a place where the person is typing (a shortcut must not fire). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [isMac, setIsMac] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  /** Whether search is open or opening (the state lags behind a quick second shortcut). */
  const opened = useRef(false);
  const button = useRef<HTMLButtonElement>(null);
  const {pathname} = useLocation();

  // Back/forward while the modal is open: the modal belongs to the page it was opened on.
  useEffect(() => {
    stopTypeAhead();
    opened.current = false;
    setOpen(false);
  }, [pathname]);

  const close = useCallback(() => {
    stopTypeAhead();
    opened.current = false;
    setOpen(false);
    const target = returnFocus.current?.isConnected ? returnFocus.current : button.current;
    // After the dialog is gone, put focus back where it was.
    requestAnimationFrame(() => target?.focus());
  }, []);

  const show = useCallback(() => {
    // The shortcut pressed again while search is open (or opening) changes nothing.
    if (opened.current) return;
    opened.current = true;
    returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Keys typed until the modal's field exists are kept (src/lib/search/typeAhead.ts).
    startTypeAhead(document, close);
    setOpen(true);
  }, [close]);

  useEffect(() => {
    setIsMac(/Mac|iPhone|iPad/.test(navigator.platform));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const modK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!modK && !slash) return;
      event.preventDefault();
      const own = slash && document.querySelector<HTMLInputElement>('main input[aria-keyshortcuts="/"]');
      if (!own) return show();
      own.focus();
      own.select();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [show]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-keyshortcuts="Control+K Meta+K /"
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
      >
        <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <path
            d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            fill="currentColor"
          />
        </svg>
        <span className={styles.label}>Search</span>
        <kbd className={styles.kbd} aria-hidden="true">
          {isMac ? '⌘' : 'Ctrl'} K
        </kbd>
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal onClose={close} />
        </Suspense>
      )}
    </>
  );
}
