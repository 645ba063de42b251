/**
 * MDX `code`: inline code. Fenced blocks never get here (plugins/code-blocks turns them into the
 * site's code block), so, unlike the theme's version, this one does not import a code block into
 * every Markdown page. A block written as JSX (`<pre><code>`) is shown as it is.
 */
import React, {Children, type ComponentProps, type ReactNode} from 'react';

type Props = ComponentProps<'code'>;

/** Inline when every child is a string without a line break (and there are children at all). */
export function isInlineCode(children: ReactNode): boolean {
  if (children === undefined) return false;
  return Children.toArray(children).every((child) => typeof child === 'string' && !child.includes('\n'));
}

export default function MDXCode(props: Props): ReactNode {
  if (isInlineCode(props.children)) return <code {...props} />;
  return (
    <pre>
      <code {...props} />
    </pre>
  );
}
