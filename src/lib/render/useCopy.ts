import {useCallback, useEffect, useState, type RefObject} from 'react';

/** What the last press of a copy button did: nothing yet, copied, or selected the text instead. */
export type CopyOutcome = 'idle' | 'copied' | 'select';

/**
 * A copy button's behavior: `copy()` puts `text` on the clipboard; where the clipboard is not
 * available (an insecure page, a refused permission), it selects the element `fallback` points at
 * for the reader to copy. The outcome returns to 'idle' after three seconds, so the button's label
 * does the same.
 */
export function useCopy(
  text: string,
  fallback: RefObject<HTMLElement | null>,
): {outcome: CopyOutcome; copy: () => void} {
  const [outcome, setOutcome] = useState<CopyOutcome>('idle');
  useEffect(() => {
    if (outcome === 'idle') return undefined;
    const timer = setTimeout(() => setOutcome('idle'), 3000);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = useCallback(() => {
    const select = () => {
      const selection = window.getSelection();
      if (fallback.current && selection) {
        selection.selectAllChildren(fallback.current);
        setOutcome('select');
      }
    };
    if (!navigator.clipboard) {
      select();
      return;
    }
    navigator.clipboard.writeText(text).then(() => setOutcome('copied'), select);
  }, [text, fallback]);

  return {outcome, copy};
}
