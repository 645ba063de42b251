import React, {
  forwardRef,
  lazy,
  memo,
  Suspense,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import styled from '@generated/lean-prism/styled-types.json';
import {loadLanguage, tokensNow} from '#highlighter';
import {linesHtml, plainLinesHtml} from '../../../plugins/lean-prism/client/html';
import {useDeferredMount} from '@site/src/lib/render/useDeferredMount';
import styles from './styles.module.css';

const Buttons = lazy(() => import('./Buttons'));

export interface Props {
  /** The code, as written (one trailing line break is dropped). */
  code: string;
  /** The fence's language; `text` when it has none. */
  language?: string;
  /** Shown above the code (a fence's `title="…"`). */
  title?: string;
}

/** What hydration gives the `<code>` element: nothing, so React keeps the server's lines. */
const SERVER_LINES = {__html: ''};

/** True while React hydrates this block from the server's HTML (false on the server itself). */
function useHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return ExecutionEnvironment.canUseDOM && !isBrowser;
}

/**
 * The block's `<pre>` and its lines.
 *
 * - The server highlights the code (package.json's `#highlighter`: Prism with every site grammar)
 *   and writes the lines as one HTML string (plugins/lean-prism/client/html.ts).
 * - Hydration keeps those lines: the `<code>` element is hydrated with an empty
 *   `dangerouslySetInnerHTML`, which React leaves as the server wrote it (it neither compares
 *   nor replaces an element's inner HTML while hydrating). So no page loads a highlighter to show
 *   its code, and hydration creates nothing per line or token.
 * - If the element turns out empty (React rendered the block from scratch, e.g. after a hydration
 *   error elsewhere), the block writes its lines itself before paint.
 * - A block first rendered in the browser (client-side navigation, fetched data) shows its code
 *   plain, marked busy, while Prism's core and its language's grammars load; then highlighted.
 */
const Lines = memo(
  forwardRef<HTMLPreElement, {code: string; language: string}>(function Lines({code, language}, ref) {
    const hydrating = useHydrating();
    const codeRef = useRef<HTMLElement>(null);
    const [serverLinesKept, setServerLinesKept] = useState(hydrating);
    const [, languageLoaded] = useReducer((count: number) => count + 1, 0);
    const tokens = serverLinesKept ? null : tokensNow(code, language);

    useLayoutEffect(() => {
      if (serverLinesKept && !codeRef.current?.firstChild) setServerLinesKept(false);
    }, [serverLinesKept]);
    const waiting = !serverLinesKept && tokens === null;
    useEffect(() => {
      if (!waiting) return undefined;
      let current = true;
      loadLanguage(language).then(
        () => current && languageLoaded(),
        // Offline or a failed chunk: the code stays readable, plain.
        () => undefined,
      );
      return () => {
        current = false;
      };
    }, [waiting, language]);

    const html = serverLinesKept ? SERVER_LINES : {__html: tokens ? linesHtml(tokens, styled) : plainLinesHtml(code)};
    return (
      <pre
        ref={ref}
        // Focusable, so a block that scrolls sideways can be scrolled from the keyboard.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        className={clsx('prism-code', `language-${language}`, styles.pre, 'thin-scrollbar')}
        // Plain while its grammars load: the colours are on their way.
        aria-busy={waiting || undefined}
      >
        <code ref={codeRef} className={styles.lines} dangerouslySetInnerHTML={html} suppressHydrationWarning />
      </pre>
    );
  }),
);

/**
 * The site's code block: every fenced block of the Markdown content (plugins/code-blocks puts it
 * there) and the code the React pages show. Its markup and class names are the classic theme's
 * (`theme-code-block`, `prism-code`, `token-line`), so the theme's and Infima's styles apply. Its
 * colours do not depend on the colour mode in the HTML (plugins/lean-prism: custom properties), so
 * nothing is rendered again after hydration or when the mode changes. The buttons (word wrap,
 * copy) exist only in the browser, in a chunk of their own, mounted in a transition after
 * hydration (src/lib/render/useDeferredMount.ts).
 */
function CodeBlock({code, language = 'text', title}: Props): ReactNode {
  const preRef = useRef<HTMLPreElement>(null);
  const buttons = useDeferredMount();
  const text = code.replace(/\r?\n$/, '');
  return (
    <div className={clsx(`language-${language}`, 'theme-code-block', styles.container)}>
      {title && <div className={styles.title}>{title}</div>}
      <div className={styles.content}>
        <Lines ref={preRef} code={text} language={language} />
        {buttons && (
          <Suspense fallback={null}>
            <Buttons code={text} preRef={preRef} />
          </Suspense>
        )}
      </div>
    </div>
  );
}

export default memo(CodeBlock);
