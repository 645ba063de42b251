/**
 * Diagrams from `mermaid` fences: each fenced block whose language is `mermaid` becomes the site's
 * diagram component, `<Mermaid value="…the fence's text…" />` (src/components/Mermaid), and a page
 * that has one imports the component, once. Pages without a diagram are left alone. Registered
 * for every content plugin in config/plugins.ts.
 */
import type {Code, Root, RootContent} from 'mdast';
import {defaultImport, jsxFlowElement} from '../mdx-nodes';

export const MERMAID_COMPONENT = '@site/src/components/Mermaid';
/** The component's name in the page (its default import). */
export const MERMAID_NAME = 'Mermaid';

type Parent = {children: RootContent[]};

function isParent(node: Root | RootContent): node is (Root | RootContent) & Parent {
  return 'children' in node && Array.isArray(node.children);
}

/** The JSX element `<Mermaid value="…" />` where the fence was (its position kept, for MDX's messages). */
function diagramElement(fence: Code): RootContent {
  return jsxFlowElement(MERMAID_NAME, {value: fence.value}, fence.position);
}

/** Replaces every mermaid fence under `node` (at any depth) by the diagram element; returns how many. */
function replaceFences(node: Root | RootContent): number {
  if (!isParent(node)) return 0;
  let replaced = 0;
  node.children = node.children.map((child) => {
    if (child.type === 'code' && child.lang === 'mermaid') {
      replaced += 1;
      return diagramElement(child);
    }
    replaced += replaceFences(child);
    return child;
  });
  return replaced;
}

export default function remarkMermaidDiagrams() {
  return (tree: Root): void => {
    if (replaceFences(tree) > 0) tree.children.unshift(defaultImport(MERMAID_NAME, MERMAID_COMPONENT));
  };
}
