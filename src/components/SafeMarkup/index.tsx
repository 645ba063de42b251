import React, {type ReactNode} from 'react';
import DataState from '@site/src/components/DataState';
import {loadedMarkup, loadMarkup, type Markup} from '@site/src/lib/data/markup';
import {useRemoteData} from '@site/src/lib/data/useRemoteData';

interface Props {
  /** `markdown`: GitHub-flavoured Markdown (bot error texts); `note`: the bot's HTML notes. */
  kind: 'markdown' | 'note';
  source: string;
  className?: string;
  /** What the text is, for the loading and error messages. */
  what: string;
}

function toHtml(markup: Markup, kind: Props['kind'], source: string): string {
  return kind === 'markdown' ? markup.markdownToSafeHtml(source) : markup.sanitize('note', source);
}

/**
 * Third-party text shown when a reader opens it, rendered safe (src/lib/data/markdown). The
 * renderer is usually there already (the text's data loaded it); if not, it loads first, with the
 * usual loading and retry states.
 */
export default function SafeMarkup({kind, source, className, what}: Props): ReactNode {
  const state = useRemoteData(() => loadMarkup(), []);
  const ready = loadedMarkup();
  if (ready) return <div className={className} dangerouslySetInnerHTML={{__html: toHtml(ready, kind, source)}} />;
  return (
    <DataState state={state} what={what}>
      {(markup) => <div className={className} dangerouslySetInnerHTML={{__html: toHtml(markup, kind, source)}} />}
    </DataState>
  );
}
