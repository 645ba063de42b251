import React, {
  forwardRef,
  memo,
  useEffect,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type ComponentProps,
  type ReactNode,
  type RefObject,
} from 'react';
import clsx from 'clsx';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useCodeBlockContext, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import Line from '@theme/CodeBlock/Line';
import {loadLanguage, tokensNow} from '@site/plugins/lean-prism/client/highlighter';
import {getLineProps, getTokenProps, prismClassName} from '@site/plugins/lean-prism/client/renderProps';
import {toLines} from '@site/plugins/lean-prism/client/tokens';
// The theme's own stylesheet, so the class names are the ones its CSS and other components use.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/**
 * The classic theme's highlighted code (`@theme/CodeBlock/Content`), rendered once, and never
 * re-highlighted in the browser when the server already did it.
 *
 * - The server highlights every block (plugins/lean-prism/client/highlighter.ts).
 * - Hydration keeps those lines: the `<code>` element is hydrated with an empty
 *   `dangerouslySetInnerHTML`, which React leaves as the server wrote it (it neither compares nor
 *   replaces an element's inner HTML when hydrating). So pages load no highlighter to show their
 *   code, and hydration creates no fiber per line or token: on the longest docs page, ~1,400
 *   token spans fewer to hydrate. If the element turns out empty (React rendered it from scratch,
 *   e.g. after a hydration error elsewhere), the block renders its lines itself before paint.
 * - A block first rendered in the browser (client-side navigation, fetched data) shows its code
 *   plain, in the same lines, while Prism's core and its language's grammars load
 *   (plugins/lean-prism/client/highlighter.browser.ts), then highlighted.
 *
 * The theme's version also reads the block's context, whose value changes with the word-wrap
 * state (set right after hydration, when the block measures whether it scrolls) and the colour
 * mode: either change re-rendered every token. Here colours do not depend on the mode
 * (plugins/lean-prism: custom properties), and the lines are memoised on the code, its language,
 * its line classes and numbering. The markup is the theme's, element for element.
 */
interface HighlightedProps {
  className?: string;
  code: string;
  language: string;
  lineClassNames: CodeBlockMetadata['lineClassNames'];
  lineNumbersStart: number | undefined;
  codeBlockRef: RefObject<HTMLPreElement>;
}

const Pre = forwardRef<HTMLPreElement, ComponentProps<'pre'>>(function Pre(props, ref) {
  // The theme's <pre>: focusable, so a scrolling block can be scrolled from the keyboard.
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <pre ref={ref} tabIndex={0} {...props} className={clsx(props.className, styles.codeBlock, 'thin-scrollbar')} />
  );
});

/** What hydration gives the `<code>` element: nothing, so React keeps the server's lines. */
const SERVER_LINES = {__html: ''};

/** True while React hydrates this block from the server's HTML (false on the server itself). */
function useHydrating(): boolean {
  const isBrowser = useIsBrowser();
  return ExecutionEnvironment.canUseDOM && !isBrowser;
}

function Highlighted(props: HighlightedProps) {
  const {className, code, language, lineClassNames, lineNumbersStart, codeBlockRef} = props;
  const hydrating = useHydrating();
  const codeRef = useRef<HTMLElement>(null);
  // The props the server's lines were written for; other props (never seen on a static page)
  // are rendered here.
  const hydratedProps = useRef(hydrating ? props : null);
  const [serverLinesKept, setServerLinesKept] = useState(hydrating);
  const keepServerLines =
    serverLinesKept && hydratedProps.current !== null && sameHighlight(hydratedProps.current, props);
  const [, languageLoaded] = useReducer((count: number) => count + 1, 0);
  const tokens = keepServerLines ? null : tokensNow(code, language);

  useLayoutEffect(() => {
    if (keepServerLines && !codeRef.current?.firstChild) setServerLinesKept(false);
  }, [keepServerLines]);
  const waiting = !keepServerLines && tokens === null;
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

  return (
    <Pre
      ref={codeBlockRef}
      className={clsx(className, prismClassName(language))}
      style={PLAIN}
      // Plain while its grammars load: the colours are on their way.
      aria-busy={waiting || undefined}
    >
      <code
        ref={codeRef}
        className={clsx(styles.codeBlockLines, lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering)}
        style={{counterReset: lineNumbersStart === undefined ? undefined : `line-count ${lineNumbersStart - 1}`}}
        {...(keepServerLines ? {dangerouslySetInnerHTML: SERVER_LINES, suppressHydrationWarning: true} : {})}
      >
        {keepServerLines
          ? undefined
          : (tokens ?? toLines(code)).map((line, i) => (
              <Line
                key={i}
                line={line}
                getLineProps={getLineProps}
                getTokenProps={getTokenProps}
                classNames={lineClassNames[i]}
                showLineNumbers={lineNumbersStart !== undefined}
              />
            ))}
      </code>
    </Pre>
  );
}

/** The block's own colours come from the stylesheet (`.prism-code`). */
const PLAIN = {};

/** Same code, language, line classes and numbering: the same highlighted lines. */
export function sameHighlight(a: HighlightedProps, b: HighlightedProps): boolean {
  return (
    a.code === b.code &&
    a.language === b.language &&
    a.className === b.className &&
    a.lineNumbersStart === b.lineNumbersStart &&
    a.codeBlockRef === b.codeBlockRef &&
    JSON.stringify(a.lineClassNames) === JSON.stringify(b.lineClassNames)
  );
}

const MemoHighlighted = memo(Highlighted, sameHighlight);

export default function CodeBlockContent({className}: {className?: string}): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  return (
    <MemoHighlighted
      className={className}
      code={metadata.code}
      language={metadata.language}
      lineClassNames={metadata.lineClassNames}
      lineNumbersStart={metadata.lineNumbersStart}
      codeBlockRef={wordWrap.codeBlockRef as RefObject<HTMLPreElement>}
    />
  );
}
