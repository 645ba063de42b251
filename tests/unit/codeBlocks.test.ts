import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {grammarId, grammarImports, grammarLoaderModule} from '../../plugins/lean-prism/grammars';
import remarkCodeBlocks, {CODE_BLOCK_MODULE, CODE_BLOCK_NAME, parseMeta} from '../../plugins/code-blocks/remark';
import {linesHtml, plainLinesHtml} from '../../plugins/lean-prism/client/html';
import {escapeHtml} from '../../src/lib/format/html';
import {onDemandHighlighter} from '../../plugins/lean-prism/client/onDemand';
import {prismLanguages} from '../../config/prism';

test('fence languages resolve to Prism components by id or alias, only among the site languages', () => {
  assert.equal(grammarId('yaml', prismLanguages), 'yaml');
  assert.equal(grammarId('yml', prismLanguages), 'yaml');
  assert.equal(grammarId('sh', prismLanguages), 'bash');
  assert.equal(grammarId('Shell', prismLanguages), 'bash');
  assert.equal(grammarId('html', prismLanguages), 'markup');
  assert.equal(grammarId('rust', prismLanguages), undefined);
  assert.equal(grammarId('text', prismLanguages), undefined);
});

test('grammars load after the grammars they extend, once each, never the core markup', () => {
  assert.deepEqual(grammarImports(['shell-session', 'bash', 'sh'], prismLanguages), ['bash', 'shell-session']);
  assert.deepEqual(grammarImports(['md', 'xml', 'text'], prismLanguages), ['markdown']);
  assert.deepEqual(grammarImports(['yaml', 'py'], ['yaml']), ['yaml']);
});

interface Fence {
  lang: string | null;
  meta?: string | null;
  value?: string;
}

/** A page with a heading and, in a blockquote, one fence per entry. */
function page(...fences: Array<string | null | Fence>): Root {
  const code = (fence: string | null | Fence) =>
    typeof fence === 'object' && fence !== null
      ? {type: 'code' as const, lang: fence.lang, meta: fence.meta ?? null, value: fence.value ?? 'x'}
      : {type: 'code' as const, lang: fence, meta: null, value: 'x'};
  return {
    type: 'root',
    children: [
      {type: 'heading', depth: 2, children: [{type: 'text', value: 'Install'}]},
      {type: 'blockquote', children: fences.map(code)},
    ],
  };
}

function importsOf(tree: Root): string[] {
  remarkCodeBlocks()(tree, {path: 'docs/page.md'});
  return tree.children
    .filter((node) => node.type === 'mdxjsEsm')
    .map(
      (node) =>
        /^import (\w+) from "(.*)";$/
          .exec((node as {value: string}).value)
          ?.slice(1)
          .join(' ') ?? '',
    );
}

interface JsxNode {
  type: string;
  name?: string;
  attributes?: {name: string; value: string}[];
}

/** The fences' replacements under the blockquote: element name and attributes. */
function blocksOf(tree: Root): {name?: string; props: Record<string, string>}[] {
  const quote = tree.children.find((node) => node.type === 'blockquote') as unknown as {children: JsxNode[]};
  return quote.children.map((node) => ({
    name: node.type === 'mdxJsxFlowElement' ? node.name : node.type,
    props: Object.fromEntries((node.attributes ?? []).map((attribute) => [attribute.name, attribute.value])),
  }));
}

test('a page with code blocks imports the site’s code block once; each fence becomes one, diagrams stay', () => {
  const tree = page({lang: 'yaml', meta: 'title="meta.yaml"', value: 'a: 1\nb: 2'}, null, 'mermaid');
  assert.deepEqual(importsOf(tree), [`${CODE_BLOCK_NAME} ${CODE_BLOCK_MODULE}`]);
  assert.deepEqual(blocksOf(tree), [
    {name: CODE_BLOCK_NAME, props: {code: 'a: 1\nb: 2', language: 'yaml', title: 'meta.yaml'}},
    {name: CODE_BLOCK_NAME, props: {code: 'x', language: 'text'}},
    {name: 'code', props: {}},
  ]);
  assert.deepEqual(importsOf(page('text', 'bash')), [`${CODE_BLOCK_NAME} ${CODE_BLOCK_MODULE}`]);
});

test('a fence takes a title in either quotes and nothing else: other options stop the build, naming the page', () => {
  assert.deepEqual(parseMeta('title="recipe.yaml"', 'p'), {title: 'recipe.yaml'});
  assert.deepEqual(parseMeta("title='a b.txt'", 'p'), {title: 'a b.txt'});
  assert.deepEqual(parseMeta(null, 'p'), {});
  assert.deepEqual(parseMeta('  ', 'p'), {});
  assert.throws(() => parseMeta('{1,3}', 'docs/x.md'), /docs\/x\.md: the code fence option "\{1,3\}" is not supported/);
  assert.throws(() => parseMeta('title="a" showLineNumbers', 'p'), /not supported/);
  assert.throws(() => importsOf(page({lang: 'bash', meta: 'showLineNumbers'})), /docs\/page\.md/);
});

test('code lines as HTML: one div per line, token types as classes, styles as custom properties, text escaped', () => {
  const styled = {color: ['keyword', 'string'], fontStyle: ['comment']};
  const html = linesHtml(
    [
      [
        {types: ['keyword'], content: 'if'},
        {types: ['plain'], content: ' a < b && "x"'},
      ],
      [{types: ['plain'], content: '\n', empty: true}],
      [{types: ['string', 'comment'], content: "'y'"}],
    ],
    styled,
  );
  assert.equal(
    html,
    '<div class="token-line"><span class="token keyword" style="color:var(--t-c-keyword)">if</span>' +
      '<span class="token plain"> a &#60; b &#38;&#38; &#34;x&#34;</span><br/></div>' +
      '<div class="token-line"><span class="token plain" style="display:inline-block"></span><br/></div>' +
      '<div class="token-line"><span class="token string comment" style="color:var(--t-c-string);font-style:var(--t-f-comment)">&#39;y&#39;</span><br/></div>',
  );
  assert.equal(escapeHtml('<img src=x onerror="a">'), '&#60;img src=x onerror=&#34;a&#34;&#62;');
  // Plain lines: the same markup, every line kept, blank ones too.
  const plain = plainLinesHtml('a\n\n<b>');
  assert.equal((plain.match(/class="token-line"/g) ?? []).length, 3);
  assert.match(plain, /&#60;b&#62;/);
});

/** The generated grammar table, evaluated with each loader replaced by the name of what it imports. */
function loaderTable(available: readonly string[]): {
  grammars: Record<string, string>;
  orders: Record<string, string[]>;
} {
  const source = grammarLoaderModule(available)
    .replace(/import\((".*?")\)/g, '$1')
    .replace(/\(\) => /g, '')
    .replace(/export const (\w+) =/g, 'out.$1 =');
  const out = {} as {grammars: Record<string, string>; orders: Record<string, string[]>};
  new Function('out', source)(out);
  return out;
}

test('the browser grammar table: one loader per site grammar, and every fence name in load order', () => {
  const {grammars, orders} = loaderTable(prismLanguages);
  assert.deepEqual(Object.keys(grammars).sort(), [...prismLanguages].sort());
  assert.equal(grammars['shell-session'], 'prismjs/components/prism-shell-session');
  assert.deepEqual(orders['shell-session'], ['bash', 'shell-session']);
  assert.deepEqual(orders.sh, ['bash']);
  assert.deepEqual(orders.yml, ['yaml']);
  assert.deepEqual(orders.md, ['markdown']);
  // In Prism's core: nothing to load.
  assert.deepEqual(orders.html, []);
  assert.equal(orders.rust, undefined);
  // Every listed grammar has a loader.
  for (const ids of Object.values(orders)) for (const id of ids) assert.ok(grammars[id], id);
  // The module really imports the grammars (webpack splits each import() into a chunk).
  assert.match(grammarLoaderModule(['yaml']), /"yaml": \(\) => import\("prismjs\/components\/prism-yaml"\)/);
});

test('a page with only diagrams or no code imports nothing', () => {
  assert.deepEqual(importsOf(page('mermaid')), []);
  assert.deepEqual(importsOf(page()), []);
});

test('the on-demand highlighter loads the core, then the grammars in order, once; a failure can be retried', async () => {
  const calls: string[] = [];
  let failYaml = true;
  const grammar = (id: string) => async () => {
    calls.push(id);
    if (id === 'yaml' && failYaml) throw new Error('offline');
  };
  const highlighter = onDemandHighlighter({
    core: async () => {
      calls.push('core');
      return (code, language) => [[{types: [language], content: code}]];
    },
    grammars: {bash: grammar('bash'), 'shell-session': grammar('shell-session'), yaml: grammar('yaml')},
    orders: {'shell-session': ['bash', 'shell-session'], yaml: ['yaml']},
  });
  assert.equal(highlighter.tokensNow('$ ls', 'shell-session'), null);
  const first = highlighter.loadLanguage('shell-session');
  assert.equal(highlighter.loadLanguage('shell-session'), first, 'one load per language');
  await first;
  assert.deepEqual(calls, ['core', 'bash', 'shell-session']);
  assert.deepEqual(highlighter.tokensNow('$ ls', 'shell-session'), [[{types: ['shell-session'], content: '$ ls'}]]);
  // Another language is not ready because the core is.
  assert.equal(highlighter.tokensNow('a: 1', 'yaml'), null);
  await assert.rejects(highlighter.loadLanguage('yaml'), /offline/);
  assert.equal(highlighter.tokensNow('a: 1', 'yaml'), null);
  failYaml = false;
  await highlighter.loadLanguage('yaml');
  assert.deepEqual(highlighter.tokensNow('a: 1', 'yaml'), [[{types: ['yaml'], content: 'a: 1'}]]);
  // A language the site does not highlight needs only the core.
  calls.length = 0;
  await highlighter.loadLanguage('rust');
  assert.deepEqual(calls, ['core']);
  assert.ok(highlighter.tokensNow('fn main() {}', 'rust'));
});
