import React, {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import styles from './styles.module.css';

type Outcome = 'idle' | 'copied' | 'select';

/**
 * A command shown whole (it wraps instead of scrolling sideways) with a visible copy button, which
 * works by touch as well as by mouse and keyboard. Where the clipboard is not available, the
 * command is selected for the person to copy.
 */
export default function CopyCommand({command}: {command: string}): ReactNode {
  const id = useId();
  const code = useRef<HTMLElement>(null);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  useEffect(() => {
    if (outcome === 'idle') return undefined;
    const timer = setTimeout(() => setOutcome('idle'), 3000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setOutcome('copied');
    } catch {
      const selection = window.getSelection();
      if (code.current && selection) {
        selection.selectAllChildren(code.current);
        setOutcome('select');
      }
    }
  };

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
