import React, {forwardRef, memo, type ComponentProps, type ReactNode, type RefObject} from 'react';
import clsx from 'clsx';
import {useCodeBlockContext, type CodeBlockMetadata} from '@docusaurus/theme-common/internal';
import {Highlight} from 'prism-react-renderer';
import Line from '@theme/CodeBlock/Line';
// The theme's own stylesheet, so the class names are the ones its CSS and other components use.
import styles from '@docusaurus/theme-classic/lib/theme/CodeBlock/Content/styles.module.css';

/**
 * The classic theme's highlighted code (`@theme/CodeBlock/Content`), rendered once.
 *
 * The theme's version reads the code block's context, whose value changes with the block's
 * word-wrap state (set right after hydration, when the block measures whether it scrolls), and the
 * colour mode (to pick the Prism theme). Either change re-tokenised the code and re-rendered every
 * token: on the longest docs page, all 37 blocks once more, in one long task just after hydration.
 * Here the colours do not depend on the mode (plugins/lean-prism: custom properties), and the
 * highlighted lines depend only on the code, its language, its line classes and numbering: they
 * are memoised on those. The markup is the theme's, element for element.
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

function Highlighted({className, code, language, lineClassNames, lineNumbersStart, codeBlockRef}: HighlightedProps) {
  return (
    <Highlight code={code} language={language}>
      {({className: prismClassName, style, tokens: lines, getLineProps, getTokenProps}) => (
        <Pre ref={codeBlockRef} className={clsx(className, prismClassName)} style={style}>
          <code
            className={clsx(
              styles.codeBlockLines,
              lineNumbersStart !== undefined && styles.codeBlockLinesWithNumbering,
            )}
            style={{counterReset: lineNumbersStart === undefined ? undefined : `line-count ${lineNumbersStart - 1}`}}
          >
            {lines.map((line, i) => (
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
      )}
    </Highlight>
  );
}

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
