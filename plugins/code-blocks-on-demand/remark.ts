/**
 * Code blocks only where there is code. The classic theme's MDX components import the code block
 * (and with it the highlighter) for every Markdown page; our `MDXComponents/Code` does not. This
 * remark plugin adds one import to the pages that contain a fenced code block, `./register`: the
 * code block, without Prism. The server highlights every block; a block rendered in the browser
 * loads Prism and its language's grammars when it needs them (plugins/lean-prism/client/
 * highlighter.browser.ts). Mermaid fences are diagrams, not code blocks, and do not count.
 */
import path from 'node:path';
import type {Root, RootContent} from 'mdast';

export const REGISTER_MODULE = path.join(__dirname, 'register.ts');

/** Whether the tree has a fenced code block that is not a diagram. */
function hasCodeBlock(node: Root | RootContent): boolean {
  if (node.type === 'code') return node.lang !== 'mermaid';
  return 'children' in node && (node.children as RootContent[]).some(hasCodeBlock);
}

/** The ESM node `import "<module>";` in the shape MDX expects (with its estree). */
function sideEffectImport(module: string): RootContent {
  return {
    type: 'mdxjsEsm',
    value: `import ${JSON.stringify(module)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [],
            source: {type: 'Literal', value: module, raw: JSON.stringify(module)},
          },
        ],
      },
    },
  } as unknown as RootContent;
}

export default function remarkCodeBlocksOnDemand() {
  return (tree: Root): void => {
    if (hasCodeBlock(tree)) tree.children.unshift(sideEffectImport(REGISTER_MODULE));
  };
}
