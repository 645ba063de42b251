import React, {useEffect, useState, type ReactNode, type RefObject} from 'react';
import {useCopy} from '@site/src/lib/render/useCopy';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * Copy, with the site's copy behaviour (src/lib/render/useCopy.ts): where the clipboard is refused,
 * the block's code is selected for the reader to copy with the keyboard.
 */
function CopyButton({code, preRef}: {code: string; preRef: RefObject<HTMLPreElement | null>}): ReactNode {
  const {outcome, copy} = useCopy(code, preRef);
  const copied = outcome !== 'idle';
  const label = {idle: 'Copy code to clipboard', copied: 'Copied', select: 'Code selected: copy it with your keyboard'}[
    outcome
  ];
  return (
    <button
      type="button"
      className={clsx('clean-btn', styles.button, copied && styles.copied)}
      aria-label={label}
      title="Copy"
      onClick={copy}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        {copied ? (
          <path d="M9 16.2 4.8 12l-1.4 1.4L9 19 21 7l-1.4-1.4z" />
        ) : (
          <path d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2m0 16H8V7h11z" />
        )}
      </svg>
    </button>
  );
}

/** Whether the block's code is wider than its box (it scrolls sideways). */
function scrolls(pre: HTMLPreElement): boolean {
  return pre.scrollWidth > pre.clientWidth;
}

/**
 * Word wrap, offered only where the code scrolls sideways (or is wrapped already). The width is
 * measured again whenever the block's box changes size: a window resize, a phone turned, or a tab
 * panel that was hidden (0 wide) shown.
 */
function WordWrapButton({preRef}: {preRef: RefObject<HTMLPreElement | null>}): ReactNode {
  const [wrapped, setWrapped] = useState(false);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const pre = preRef.current;
    if (!pre) return undefined;
    const measure = () => setScrollable(scrolls(pre));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(pre);
    return () => observer.disconnect();
  }, [preRef]);
  const toggle = () => {
    const code = preRef.current?.querySelector('code');
    if (!code) return;
    // The <code> element's style is not React's (its lines are set as HTML), so it is set here.
    code.style.whiteSpace = wrapped ? '' : 'pre-wrap';
    code.style.overflowWrap = wrapped ? '' : 'anywhere';
    setWrapped(!wrapped);
  };
  if (!scrollable && !wrapped) return null;
  return (
    <button
      type="button"
      className={clsx('clean-btn', styles.button, wrapped && styles.pressed)}
      aria-label="Toggle word wrap"
      aria-pressed={wrapped}
      title="Toggle word wrap"
      onClick={toggle}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
        <path d="M4 5h16v2H4zm0 12h6v2H4zm0-6h13a4 4 0 0 1 0 8h-2v2l-4-3 4-3v2h2a2 2 0 0 0 0-4H4z" />
      </svg>
    </button>
  );
}

/**
 * The code block's buttons, in a chunk of their own (./index.tsx loads it once the page is
 * interactive): no page needs them to show its code. The group is anchored by its right edge, so
 * the word-wrap button, which appears once the block is measured, pushes nothing sideways.
 */
export default function Buttons({code, preRef}: {code: string; preRef: RefObject<HTMLPreElement | null>}): ReactNode {
  return (
    <div className={styles.buttonGroup}>
      <WordWrapButton preRef={preRef} />
      <CopyButton code={code} preRef={preRef} />
    </div>
  );
}
