import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Code, Root, RootContent} from 'mdast';
import type {Mermaid, MermaidConfig} from 'mermaid';
import remarkMermaidDiagrams, {MERMAID_COMPONENT} from '../../plugins/mermaid-diagrams/remark';
import remarkCodeBlocks from '../../plugins/code-blocks/remark';
import {DiagramError, diagramDrawer} from '../../src/lib/mermaid/draw';
import {MERMAID_THEME_VARIABLES, MERMAID_THEMES, mermaidConfig} from '../../src/lib/mermaid/options';

const SEQUENCE = 'sequenceDiagram\n    a->>b: "quoted" & <b>'; // quotes and markup stay as they are

function fence(lang: string | null, value: string): Code {
  return {type: 'code', lang, value};
}

function page(...children: RootContent[]): Root {
  return {
    type: 'root',
    children: [{type: 'heading', depth: 2, children: [{type: 'text', value: 'Flow'}]}, ...children],
  };
}

function transform(tree: Root): Root {
  remarkMermaidDiagrams()(tree);
  return tree;
}

/** The page's ESM nodes' text. */
function imports(tree: Root): string[] {
  return tree.children.filter((node) => node.type === 'mdxjsEsm').map((node) => (node as {value: string}).value);
}

test('a mermaid fence becomes <Mermaid value="…"/> with its source, at any depth; other fences stay', () => {
  const tree = transform(
    page(fence('mermaid', SEQUENCE), fence('yaml', 'a: 1'), fence(null, 'plain'), {
      type: 'blockquote',
      children: [fence('mermaid', 'graph TD\n  A-->B')],
    }),
  );
  const [esm, heading, diagram, yaml, plain, quote] = tree.children;
  assert.equal(esm.type, 'mdxjsEsm');
  assert.equal(heading.type, 'heading');
  assert.deepEqual(diagram, {
    type: 'mdxJsxFlowElement',
    name: 'Mermaid',
    attributes: [{type: 'mdxJsxAttribute', name: 'value', value: SEQUENCE}],
    children: [],
  });
  assert.deepEqual(yaml, fence('yaml', 'a: 1'));
  assert.deepEqual(plain, fence(null, 'plain'));
  const nested = (quote as {children: RootContent[]}).children[0] as unknown as {name: string; attributes: unknown};
  assert.equal(nested.name, 'Mermaid');
  assert.deepEqual(nested.attributes, [{type: 'mdxJsxAttribute', name: 'value', value: 'graph TD\n  A-->B'}]);
});

test('the page imports the component once, as a default import MDX can compile, and only when it has a diagram', () => {
  const tree = transform(page(fence('mermaid', 'graph TD'), fence('mermaid', 'pie')));
  assert.deepEqual(imports(tree), [`import Mermaid from "${MERMAID_COMPONENT}";`]);
  const estree = (tree.children[0] as {data: {estree: {body: unknown[]}}}).data.estree;
  assert.deepEqual(estree.body, [
    {
      type: 'ImportDeclaration',
      specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name: 'Mermaid'}}],
      source: {type: 'Literal', value: MERMAID_COMPONENT, raw: JSON.stringify(MERMAID_COMPONENT)},
    },
  ]);
  // Run again on the same tree: no fence is left, so no second import.
  assert.equal(imports(transform(tree)).length, 1);
  const none = page(fence('python', 'print(1)'), fence('text', 'mermaid'));
  const before = structuredClone(none);
  assert.deepEqual(transform(none), before, 'a page without diagrams is untouched');
});

test('the fence keeps its position on the element (for MDX error messages)', () => {
  const position = {start: {line: 3, column: 1, offset: 10}, end: {line: 5, column: 4, offset: 40}};
  const tree = transform({type: 'root', children: [{type: 'code', lang: 'mermaid', value: 'pie', position}]});
  assert.deepEqual((tree.children[1] as {position?: unknown}).position, position);
});

test('after the diagrams, the code-block plugin finds no code block on a page with only diagrams', () => {
  const tree = transform(page(fence('mermaid', 'graph TD')));
  remarkCodeBlocks()(tree);
  assert.deepEqual(imports(tree), [`import Mermaid from "${MERMAID_COMPONENT}";`]);
});

test('Mermaid is configured strict, without start-up scan or error diagrams, with the theme of each mode', () => {
  for (const mode of ['light', 'dark'] as const) {
    const config = mermaidConfig(mode);
    assert.equal(config.startOnLoad, false);
    assert.equal(config.securityLevel, 'strict');
    assert.equal(config.suppressErrorRendering, true);
    assert.equal(config.theme, MERMAID_THEMES[mode]);
    assert.deepEqual(config.themeVariables, MERMAID_THEME_VARIABLES);
  }
});

/** A stand-in for Mermaid that records its calls; `fail` makes render throw. */
function fakeMermaid(fail?: unknown) {
  const calls: string[] = [];
  const mermaid = {
    initialize: (config: MermaidConfig) => calls.push(`initialize ${config.theme}`),
    render: async (id: string, text: string) => {
      calls.push(`render ${id} ${text}`);
      if (fail !== undefined) throw fail;
      return {svg: `<svg id="${id}"></svg>`, diagramType: 'x'};
    },
  } as unknown as Mermaid;
  return {mermaid, calls};
}

test('the drawer loads Mermaid once, initialises it again only when the colour mode changes, and gives unique ids', async () => {
  const {mermaid, calls} = fakeMermaid();
  const urls: string[] = [];
  const draw = diagramDrawer({
    importEntry: async (url) => {
      urls.push(url);
      return {default: mermaid};
    },
    ready: async () => {},
  });
  const [first, second] = await Promise.all([draw('pie', 'light', '/m.mjs'), draw('graph', 'light', '/m.mjs')]);
  assert.notEqual(first.svg, second.svg);
  await draw('pie', 'dark', '/m.mjs');
  assert.deepEqual(urls, ['/m.mjs']);
  assert.deepEqual(calls, [
    'initialize base',
    'render cf-mermaid-1 pie',
    'render cf-mermaid-2 graph',
    'initialize base',
    'render cf-mermaid-3 pie',
  ]);
});

test('a failed load is a load error and is tried again; a text Mermaid cannot draw is a draw error', async () => {
  let online = false;
  const {mermaid} = fakeMermaid(new Error('Parse error on line 1'));
  const draw = diagramDrawer({
    importEntry: async () => {
      if (!online) throw new TypeError('Failed to fetch dynamically imported module');
      return {default: mermaid};
    },
    ready: async () => {},
  });
  await assert.rejects(draw('pie', 'light', '/m.mjs'), (error: unknown) => {
    assert.ok(error instanceof DiagramError);
    assert.equal(error.stage, 'load');
    assert.match(error.message, /Failed to fetch/);
    return true;
  });
  online = true;
  await assert.rejects(draw('pie', 'light', '/m.mjs'), (error: unknown) => {
    assert.ok(error instanceof DiagramError);
    assert.equal(error.stage, 'draw');
    assert.equal(error.message, 'Parse error on line 1');
    return true;
  });
});
