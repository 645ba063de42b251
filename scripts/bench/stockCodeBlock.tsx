/**
 * The stock twin's stand-in for src/components/CodeBlock (see stockTwin.config.ts): the React
 * pages' code blocks drawn by the classic theme's own code block, as a stock site would.
 */
import React, {type ReactNode} from 'react';
import CodeBlock from '@theme/CodeBlock';
import type {Props} from '../../src/components/CodeBlock';

export default function StockCodeBlock({code, language, title}: Props): ReactNode {
  return (
    <CodeBlock language={language} title={title}>
      {code}
    </CodeBlock>
  );
}
