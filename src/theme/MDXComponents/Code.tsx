/**
 * MDX `code`: inline code stays inline; a block is rendered by the code block that the page
 * registered (plugins/code-blocks-on-demand), so pages without code blocks never load it.
 */
import React, {Children, type ComponentProps, type ReactNode} from 'react';
import CodeInline from '@theme/CodeInline';
import {registeredCodeBlock} from '@site/plugins/code-blocks-on-demand/slot';

type Props = ComponentProps<'code'>;

/** Inline when every child is a string without a line break (and there are children at all). */
export function isInlineCode(children: ReactNode): boolean {
  if (children === undefined) return false;
  return Children.toArray(children).every((child) => typeof child === 'string' && !child.includes('\n'));
}

export default function MDXCode(props: Props): ReactNode {
  if (isInlineCode(props.children)) return <CodeInline {...props} />;
  const CodeBlock = registeredCodeBlock();
  if (CodeBlock) return <CodeBlock {...(props as ComponentProps<typeof CodeBlock>)} />;
  // A block the remark plugin could not see (built from JSX): plain, but still readable.
  return (
    <pre>
      <code {...props} />
    </pre>
  );
}
