/**
 * Fenced code blocks as the site's own code block. Each fence (but Mermaid's, which are diagrams)
 * becomes `<CfCodeBlock code="…" language="…" title="…" />`, and a page with at least one imports
 * src/components/CodeBlock once, so only pages with code load it. The classic theme's code block,
 * its context and its highlighter are never used.
 *
 * A fence's info string may carry `title="…"` (or `title='…'`) after the language, nothing else:
 * any other option (line highlights, line numbers…) stops the build, naming the page, instead of
 * being dropped without a word.
 */
import type {Code, Root, RootContent} from 'mdast';
import {defaultImport, jsxFlowElement} from '../mdx-nodes';

export const CODE_BLOCK_MODULE = '@site/src/components/CodeBlock';
/** The name the page imports the component under (unlikely to meet a page's own). */
export const CODE_BLOCK_NAME = 'CfCodeBlock';

/** A fence's options: its title, if any. Throws on anything else. */
export function parseMeta(meta: string | null | undefined, where: string): {title?: string} {
  const rest = (meta ?? '').trim();
  if (rest === '') return {};
  const match = /^title=(?:"([^"]*)"|'([^']*)')$/.exec(rest);
  if (!match) {
    throw new Error(
      `${where}: the code fence option "${rest}" is not supported; src/components/CodeBlock takes title="…" only`,
    );
  }
  return {title: match[1] ?? match[2]};
}

/** The JSX element that replaces a fence. */
function codeBlockElement(node: Code, where: string): RootContent {
  const {title} = parseMeta(node.meta, where);
  return jsxFlowElement(CODE_BLOCK_NAME, {code: node.value, language: node.lang ?? 'text', title});
}

/** Replaces the fences under `parent`; returns how many. */
function replaceFences(parent: {children?: RootContent[]}, where: string): number {
  let count = 0;
  const children = parent.children ?? [];
  children.forEach((child, index) => {
    if (child.type === 'code' && child.lang !== 'mermaid') {
      children[index] = codeBlockElement(child, where);
      count += 1;
    } else if ('children' in child) {
      count += replaceFences(child as {children: RootContent[]}, where);
    }
  });
  return count;
}

export default function remarkCodeBlocks() {
  return (tree: Root, file?: {path?: string}): void => {
    if (replaceFences(tree, file?.path ?? 'a Markdown page') > 0) {
      tree.children.unshift(defaultImport(CODE_BLOCK_NAME, CODE_BLOCK_MODULE));
    }
  };
}
