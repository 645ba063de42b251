import React, {useId, useRef, type ReactNode} from 'react';
import {useCopy} from '@site/src/lib/render/useCopy';
import styles from './styles.module.css';

/**
 * A command shown whole (it wraps instead of scrolling sideways) with a visible copy button, which
 * works by touch as well as by mouse and keyboard. Where the clipboard is not available, the
 * command is selected for the person to copy.
 */
export default function CopyCommand({command}: {command: string}): ReactNode {
  const id = useId();
  const code = useRef<HTMLElement>(null);
  const {outcome, copy} = useCopy(command, code);

  return (
    <div className={styles.command}>
      <pre className={styles.pre}>
        <code id={id} ref={code}>
          {command}
        </code>
      </pre>
      <button type="button" className={`button button--primary ${styles.button}`} aria-describedby={id} onClick={copy}>
        <span aria-live="polite">
          {outcome === 'copied' ? 'Copied' : outcome === 'select' ? 'Selected: press Ctrl+C' : 'Copy command'}
        </span>
      </button>
    </div>
  );
}
