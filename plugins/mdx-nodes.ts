/**
 * MDX nodes that the site's remark plugins (plugins/code-blocks, plugins/mermaid-diagrams) put in
 * a page's tree, in the shape MDX compiles from: a JSX element where a fence was, and the import
 * of its component.
 */
import type {RootContent} from 'mdast';

type Position = NonNullable<RootContent['position']>;

/** `<Name a="…" b="…" />`, with string attributes (undefined ones left out). */
export function jsxFlowElement(
  name: string,
  attributes: Record<string, string | undefined>,
  position?: Position,
): RootContent {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([key, value]) => ({type: 'mdxJsxAttribute', name: key, value})),
    children: [],
    ...(position ? {position} : {}),
  } as unknown as RootContent;
}

/** `import Name from 'source';`, with the estree MDX compiles from. */
export function defaultImport(name: string, source: string): RootContent {
  const raw = JSON.stringify(source);
  return {
    type: 'mdxjsEsm',
    value: `import ${name} from ${raw};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
            source: {type: 'Literal', value: source, raw},
          },
        ],
      },
    },
  } as unknown as RootContent;
}
