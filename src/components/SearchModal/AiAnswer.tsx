import React, {useDeferredValue, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SearchError} from '@site/src/lib/search/index';
import {
  AI_MESSAGES,
  AiError,
  buildMessages,
  citedSources,
  streamAnswer,
  topPassages,
  type Passage,
} from '@site/src/lib/search/ai';
import {answerMarkdownToHtml} from '@site/src/lib/search/answerMarkdown';
import {sanitizeHtml} from '@site/src/lib/data/markdown';
import type {AiConfig} from '@site/src/lib/search/config';
import type {SearchSetup} from '@site/src/components/SearchResults';
import {isPlainLeftClick} from '@site/src/lib/routing/plainClick';
import styles from './styles.module.css';

type Answer = {question: string; text: string; sources: Passage[]};
type State =
  | {status: 'idle'}
  | {status: 'gathering'; question: string}
  | ({status: 'streaming'} & Answer)
  | ({status: 'done'; truncated: boolean} & Answer)
  | ({status: 'cancelled'} & Answer)
  | ({status: 'error'; message: string} & Answer);

interface Props {
  config: AiConfig;
  setup: SearchSetup;
  question: string;
  /** Changes each time the question is submitted with Enter. */
  askToken: number;
  onNavigate: (url: string) => void;
}

/** Why an ask was aborted by the reader (rather than by a new ask or by closing the modal). */
class Cancelled extends Error {
  constructor() {
    super(AI_MESSAGES.cancelled);
    this.name = 'Cancelled';
  }
}

/**
 * The answer's Markdown, rendered under the answer rules (links to this site and to the sources
 * only, citations linked) and sanitised. Rendering follows the text at React's low priority, so a
 * fast stream does not re-render the Markdown for every piece. Links to this site open in place.
 */
function AnswerText({
  text,
  sources,
  onNavigate,
}: {
  text: string;
  sources: Passage[];
  onNavigate: (url: string) => void;
}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const deferred = useDeferredValue(text);
  const html = useMemo(
    () =>
      sanitizeHtml(answerMarkdownToHtml(deferred, {siteOrigins: [window.location.origin, siteConfig.url], sources})),
    [deferred, sources, siteConfig.url],
  );
  const container = useRef<HTMLDivElement>(null);
  const navigate = useRef(onNavigate);
  navigate.current = onNavigate;

  // One listener for every link of the answer (Enter on a link clicks it too).
  useEffect(() => {
    const node = container.current;
    if (!node) return undefined;
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest('a');
      const href = link?.getAttribute('href');
      if (!href?.startsWith('/') || !isPlainLeftClick(event)) return;
      event.preventDefault();
      navigate.current(href);
    };
    node.addEventListener('click', onClick);
    return () => node.removeEventListener('click', onClick);
  }, []);

  return <div ref={container} className={styles.answerText} dangerouslySetInnerHTML={{__html: html}} />;
}

/**
 * AI-answer mode: Ask sends the question with the best local passages and streams the answer;
 * Cancel stops it. Timeouts and broken streams are reported by streamAnswer's messages, with the
 * part that arrived kept.
 */
export default function AiAnswer({config, setup, question, askToken, onNavigate}: Props): ReactNode {
  const [state, setState] = useState<State>({status: 'idle'});
  const controller = useRef<AbortController | null>(null);
  const askButton = useRef<HTMLButtonElement>(null);
  const againButton = useRef<HTMLButtonElement>(null);
  const cancelFocused = useRef(false);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = async () => {
    if (!question) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({status: 'gathering', question});
    let sources: Passage[] = [];
    let text = '';
    const cancelled = () => current.signal.reason instanceof Cancelled;
    try {
      sources = await topPassages(setup.baseUrl, question, setup.context);
    } catch (error) {
      // Without the local index the question still goes out, with no sources to ground it.
      if (!(error instanceof SearchError)) throw error;
    }
    if (current.signal.aborted) return;
    setState({status: 'streaming', question, text, sources});
    try {
      const {truncated} = await streamAnswer(
        config,
        buildMessages(question, sources),
        (piece) => {
          text += piece;
          setState({status: 'streaming', question, text, sources});
        },
        {signal: current.signal},
      );
      if (!current.signal.aborted) setState({status: 'done', question, text, sources, truncated});
    } catch (error) {
      if (cancelled()) setState({status: 'cancelled', question, text, sources});
      if (current.signal.aborted) return;
      const message = error instanceof AiError ? error.message : 'The answer could not be loaded.';
      setState({status: 'error', question, message, text, sources});
    }
  };

  const cancel = () => {
    controller.current?.abort(new Cancelled());
    // While the pages are still being gathered nothing has been sent: the ask ends here.
    setState((s) =>
      s.status === 'gathering' ? {status: 'cancelled', question: s.question, text: '', sources: []} : s,
    );
  };

  // Each new token asks once, with the question and config of the render that raised it.
  const latestAsk = useRef(ask);
  latestAsk.current = ask;
  useEffect(() => {
    if (askToken > 0) void latestAsk.current();
  }, [askToken]);

  const busy = state.status === 'gathering' || state.status === 'streaming';
  // Cancel disappears when the answer ends; keep the keyboard focus in the dialog when it had it.
  useEffect(() => {
    if (busy || !cancelFocused.current) return;
    cancelFocused.current = false;
    (againButton.current ?? askButton.current)?.focus();
  }, [busy]);

  const hasAnswer = state.status !== 'idle' && state.status !== 'gathering';
  const cited = hasAnswer ? citedSources(state.text, state.sources.length) : [];
  const listed = hasAnswer
    ? cited.length > 0
      ? cited.map((n) => ({n, source: state.sources[n - 1]}))
      : state.sources.map((source, i) => ({n: i + 1, source}))
    : [];

  return (
    <div className={styles.ai}>
      <div className={styles.askRow}>
        <button
          ref={askButton}
          type="button"
          className={`button button--primary button--sm ${styles.askButton}`}
          disabled={!question || state.status === 'gathering'}
          onClick={ask}
        >
          Ask
        </button>
        {busy && (
          <button
            type="button"
            className="button button--secondary button--sm"
            aria-label="Cancel the answer"
            onClick={cancel}
            onFocus={() => {
              cancelFocused.current = true;
            }}
            onBlur={() => {
              cancelFocused.current = false;
            }}
          >
            Cancel
          </button>
        )}
        <span className={styles.hint}>
          Answers come from an AI model using pages of this site; check them against the linked sources.
        </span>
      </div>
      <div aria-live="polite" aria-busy={busy}>
        {state.status === 'gathering' && <p className={styles.hint}>Finding relevant pages…</p>}
        {hasAnswer && (
          <section className={styles.answer} aria-label="AI answer">
            {state.text ? (
              <AnswerText text={state.text} sources={state.sources} onNavigate={onNavigate} />
            ) : (
              state.status === 'streaming' && <p className={styles.hint}>Writing an answer…</p>
            )}
            {state.status === 'done' && state.truncated && <p className={styles.hint}>{AI_MESSAGES.truncated()}</p>}
            {state.status === 'cancelled' && (
              <div className={styles.aiNotice} role="status">
                <p>{AI_MESSAGES.cancelled}</p>
                <button ref={againButton} type="button" className="button button--secondary button--sm" onClick={ask}>
                  Ask again
                </button>
              </div>
            )}
            {state.status === 'error' && (
              <div className={styles.aiError} role="alert">
                <p>{state.message}</p>
                <button ref={againButton} type="button" className="button button--secondary button--sm" onClick={ask}>
                  Retry
                </button>
              </div>
            )}
            {listed.length > 0 && state.status !== 'streaming' && (
              <>
                <p className={styles.sourcesTitle}>
                  {cited.length > 0 ? 'Sources cited' : 'Pages sent with the question'}
                </p>
                <ol className={styles.sources}>
                  {listed.map(({n, source}) => (
                    <li key={n} value={n}>
                      <Link
                        to={source.url}
                        onClick={(e) => {
                          e.preventDefault();
                          onNavigate(source.url);
                        }}
                      >
                        {source.title}
                      </Link>
                    </li>
                  ))}
                </ol>
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
