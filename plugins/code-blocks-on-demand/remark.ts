/**
 * Code blocks only where there is code. The classic theme's MDX components import the code block
 * (and with it the highlighter) for every Markdown page; our `MDXComponents/Code` does not. This
 * remark plugin adds imports to the pages that contain a fenced code block, so their content chunk
 * brings along, before the page renders or hydrates:
 * 1. `./register`: the code block, with Prism's core (plugins/lean-prism);
 * 2. the Prism grammars of the languages the page's fences use (plugins/lean-prism/grammars.ts),
 *    each after the grammars it extends.
 * Mermaid fences are diagrams, not code blocks, and do not count.
 */
import path from 'node:path';
import type {Root, RootContent} from 'mdast';
import {grammarImports} from '../lean-prism/grammars';

export const REGISTER_MODULE = path.join(__dirname, 'register.ts');

export interface Options {
  /** The languages the site highlights (`themeConfig.prism.additionalLanguages`). */
  languages: readonly string[];
}

/** The languages of the tree's code blocks (`null` for a fence without one); none: no blocks. */
function codeLanguages(node: Root | RootContent, found: Set<string | null>): Set<string | null> {
  if (node.type === 'code') {
    if (node.lang !== 'mermaid') found.add(node.lang ?? null);
  } else if ('children' in node) {
    for (const child of node.children as RootContent[]) codeLanguages(child, found);
  }
  return found;
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

/** The modules a page with code blocks in `languages` imports, in evaluation order. */
function codeBlockImports(languages: Iterable<string | null>, options: Options): string[] {
  const named = [...languages].filter((language): language is string => language !== null);
  const grammars = grammarImports(named, options.languages).map((id) => `prismjs/components/prism-${id}`);
  return [REGISTER_MODULE, ...grammars];
}

export default function remarkCodeBlocksOnDemand(options: Options) {
  return (tree: Root): void => {
    const languages = codeLanguages(tree, new Set());
    if (languages.size === 0) return;
    tree.children.unshift(...codeBlockImports(languages, options).map(sideEffectImport));
  };
}
