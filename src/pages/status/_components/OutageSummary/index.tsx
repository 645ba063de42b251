import React, {useState, type ReactNode} from 'react';
import {outageSentence, sameSummary, summarize, type OutageSummary as Summary} from '@site/src/lib/status/outage';
import {useSourceRegistry, useSourceReports} from '../StatusCard';
import styles from './styles.module.css';

/**
 * One message for an outage, above the cards: how many of the page's live sources could not be
 * reached, which ones and why (on request), and one button that asks all of them again. It
 * appears once every source has answered or failed, and then stays: while a retry runs, and with
 * a short all-clear when every source answers again (the page does not jump, the focus stays).
 */
export default function OutageSummary(): ReactNode {
  const registry = useSourceRegistry();
  const summary = summarize(useSourceReports());
  // The last settled summary, once one had a failure: kept on screen while sources are asked again.
  const [last, setLast] = useState<Summary | null>(null);
  const settled = summary.loading === 0 && (summary.failed.length > 0 || last !== null);
  if (settled && !sameSummary(last, summary)) setLast(summary);
  if (!registry || !last) return null;
  const retrying = summary.loading > 0;
  if (last.failed.length === 0) {
    return (
      <div className={styles.summary} role="status">
        <p>Every live source answered.</p>
      </div>
    );
  }
  const everything = last.failed.length === last.total;
  return (
    <div className={styles.summary} role="alert">
      <div className={styles.line}>
        <p>
          <strong>{outageSentence(last)}</strong>{' '}
          {everything
            ? 'They are on several hosts, so your network connection is the likely cause.'
            : 'The cards below show what did answer.'}
        </p>
        <button
          type="button"
          className="button button--sm button--primary"
          disabled={retrying}
          onClick={() => registry.retryFailed()}
        >
          {retrying ? 'Asking again…' : 'Retry all'}
        </button>
      </div>
      <details className={styles.which}>
        <summary>Which sources, and why</summary>
        <ul>
          {last.failed.map((failed) => (
            <li key={failed.source}>
              {failed.label}: {failed.message ?? 'no answer.'}
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
