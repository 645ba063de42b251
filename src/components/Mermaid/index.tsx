import React, {useCallback, useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {useColorMode} from '@docusaurus/theme-common';
import {DiagramError, drawDiagram, type Drawing} from '@site/src/lib/mermaid/draw';
import styles from './styles.module.css';

/** Site path of Mermaid's published entry module, set at build time by plugins/mermaid-diagrams. */
declare const __CF_MERMAID_ENTRY__: string;

/** A stable class for the diagram's container, which site styles and the tests select. */
export const MERMAID_CONTAINER_CLASS = 'docusaurus-mermaid-container';

interface Props {
  /** The diagram's Mermaid source (a `mermaid` fence, see plugins/mermaid-diagrams/remark.ts). */
  value: string;
}

interface Failure {
  stage: 'load' | 'draw';
  message: string;
}

function failureOf(error: unknown): Failure {
  if (error instanceof DiagramError) return {stage: error.stage, message: error.message};
  return {stage: 'draw', message: error instanceof Error ? error.message : 'unknown error'};
}

/**
 * Whether the diagram is a left-to-right (or right-to-left) flowchart: scaled to the column, such a
 * diagram is a short strip, while sequence and top-down diagrams stand 300 px tall or more.
 */
function isHorizontal(source: string): boolean {
  return /^\s*(?:flowchart|graph)\s+(?:LR|RL)\b/m.test(source);
}

/**
 * A Mermaid diagram. The server writes a placeholder of about a diagram's height with a loading
 * status; after hydration the browser loads Mermaid (src/lib/mermaid/draw.ts), draws the diagram
 * in the current colour mode, and draws it again when the mode changes. When Mermaid cannot be
 * loaded or cannot draw the text, a message says so, with a Retry button and the diagram's source.
 */
export default function Mermaid({value}: Props): ReactNode {
  const entryUrl = useBaseUrl(__CF_MERMAID_ENTRY__);
  const {colorMode} = useColorMode();
  const [attempt, setAttempt] = useState(0);
  const [drawing, setDrawing] = useState<Drawing | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const figure = useRef<HTMLElement>(null);
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    drawDiagram(value, colorMode, entryUrl).then(
      (drawn) => {
        if (!current) return;
        setDrawing(drawn);
        setFailure(null);
      },
      (error: unknown) => {
        if (!current) return;
        setDrawing(null);
        setFailure(failureOf(error));
      },
    );
    return () => {
      current = false;
    };
  }, [value, colorMode, entryUrl, attempt]);

  useEffect(() => {
    if (drawing && host.current) drawing.bind?.(host.current);
  }, [drawing]);

  const retry = useCallback(() => {
    setFailure(null);
    setAttempt((n) => n + 1);
    // The Retry button goes away: keep keyboard focus on the diagram rather than the page.
    figure.current?.focus();
  }, []);

  const status = failure ? 'failed' : drawing ? 'drawn' : 'loading';
  return (
    <figure
      ref={figure}
      className={clsx(
        MERMAID_CONTAINER_CLASS,
        styles.diagram,
        status !== 'drawn' && styles.placeholder,
        status !== 'drawn' && isHorizontal(value) && styles.short,
      )}
      aria-label="Diagram"
      aria-busy={status === 'loading'}
      tabIndex={-1}
      data-pagefind-ignore=""
      data-status={status}
    >
      {drawing && <div ref={host} className={styles.drawing} dangerouslySetInnerHTML={{__html: drawing.svg}} />}
      {status === 'loading' && (
        <p className={styles.status} role="status">
          Loading diagram…
        </p>
      )}
      {failure && (
        <div className={styles.failure}>
          <div className={styles.error} role="alert">
            {failure.stage === 'load' ? (
              <p>
                <strong>The diagram could not be loaded.</strong> Check the connection, then retry.
              </p>
            ) : (
              <>
                <p>
                  <strong>The diagram could not be drawn:</strong>
                </p>
                <pre className={styles.message}>{failure.message}</pre>
              </>
            )}
            <button type="button" className="button button--sm button--secondary" onClick={retry}>
              Retry
            </button>
          </div>
          <details className={styles.source}>
            <summary>The diagram’s source</summary>
            <pre>{value}</pre>
          </details>
        </div>
      )}
    </figure>
  );
}
