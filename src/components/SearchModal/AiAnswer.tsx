import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {SearchError} from '@site/src/lib/search/index';
import {AiError, buildMessages, citedSources, streamAnswer, topPassages, type Passage} from '@site/src/lib/search/ai';
import type {AiConfig} from '@site/src/lib/search/config';
import type {SearchSetup} from '@site/src/components/SearchResults';
import styles from './styles.module.css';

type State =
  | {status: 'idle'}
  | {status: 'gathering'; question: string}
  | {status: 'streaming' | 'done'; question: string; text: string; sources: Passage[]}
  | {status: 'error'; question: string; message: string; text: string; sources: Passage[]};

interface Props {
  config: AiConfig;
  setup: SearchSetup;
  question: string;
  /** Changes each time the question is submitted with Enter. */
  askToken: number;
  onNavigate: (url: string) => void;
}

/** The answer text with each [n] turned into a link to source n. Rendered as text, never HTML. */
function AnswerText({
  text,
  sources,
  onNavigate,
}: {
  text: string;
  sources: Passage[];
  onNavigate: (url: string) => void;
}): ReactNode {
  const parts = text.split(/(\[\d+\])/);
  return (
    <p className={styles.answerText}>
      {parts.map((part, i) => {
        const n = /^\[(\d+)\]$/.exec(part)?.[1];
        const source = n ? sources[Number(n) - 1] : undefined;
        if (!source) return <React.Fragment key={i}>{part}</React.Fragment>;
        return (
          <Link
            key={i}
            to={source.url}
            className={styles.cite}
            aria-label={`source ${n}: ${source.title}`}
            onClick={(e) => {
              e.preventDefault();
              onNavigate(source.url);
            }}
          >
            [{n}]
          </Link>
        );
      })}
    </p>
  );
}

/** AI-answer mode: Ask sends the question with the best local passages and streams the answer. */
export default function AiAnswer({config, setup, question, askToken, onNavigate}: Props): ReactNode {
  const [state, setState] = useState<State>({status: 'idle'});
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const ask = async () => {
    if (!question) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({status: 'gathering', question});
    let sources: Passage[] = [];
    let text = '';
    try {
      sources = await topPassages(setup.baseUrl, question, setup.context);
    } catch (error) {
      // Without the local index the question still goes out, with no sources to ground it.
      if (!(error instanceof SearchError)) throw error;
    }
    if (current.signal.aborted) return;
    setState({status: 'streaming', question, text, sources});
    try {
      await streamAnswer(
        config,
        buildMessages(question, sources),
        (piece) => {
          text += piece;
          setState({status: 'streaming', question, text, sources});
        },
        current.signal,
      );
      if (!current.signal.aborted) setState({status: 'done', question, text, sources});
    } catch (error) {
      if (current.signal.aborted) return;
      const message = error instanceof AiError ? error.message : 'The answer could not be loaded.';
      setState({status: 'error', question, message, text, sources});
    }
  };

  // Each new token asks once, with the question and config of the render that raised it.
  const latestAsk = useRef(ask);
  latestAsk.current = ask;
  useEffect(() => {
    if (askToken > 0) void latestAsk.current();
  }, [askToken]);

  const hasAnswer = state.status === 'streaming' || state.status === 'done' || state.status === 'error';
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
          type="button"
          className={`button button--primary button--sm ${styles.askButton}`}
          disabled={!question || state.status === 'gathering'}
          onClick={ask}
        >
          Ask
        </button>
        <span className={styles.hint}>
          Answers come from an AI model using pages of this site; check them against the linked sources.
        </span>
      </div>
      <div aria-live="polite" aria-busy={state.status === 'gathering' || state.status === 'streaming'}>
        {state.status === 'gathering' && <p className={styles.hint}>Finding relevant pages…</p>}
        {hasAnswer && (
          <section className={styles.answer} aria-label="AI answer">
            {state.text ? (
              <AnswerText text={state.text} sources={state.sources} onNavigate={onNavigate} />
            ) : (
              state.status === 'streaming' && <p className={styles.hint}>Writing an answer…</p>
            )}
            {state.status === 'error' && (
              <div className={styles.aiError} role="alert">
                <p>{state.message}</p>
                <button type="button" className="button button--secondary button--sm" onClick={ask}>
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
