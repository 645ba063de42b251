import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {grammarId, grammarImports, grammarLoaderModule} from '../../plugins/lean-prism/grammars';
import remarkCodeBlocksOnDemand, {REGISTER_MODULE} from '../../plugins/code-blocks-on-demand/remark';
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

function page(...langs: Array<string | null>): Root {
  return {
    type: 'root',
    children: [
      {type: 'heading', depth: 2, children: [{type: 'text', value: 'Install'}]},
      {type: 'blockquote', children: langs.map((lang) => ({type: 'code', lang, value: 'x'}))},
    ],
  };
}

function importsOf(tree: Root): string[] {
  remarkCodeBlocksOnDemand()(tree);
  return tree.children
    .filter((node) => node.type === 'mdxjsEsm')
    .map((node) => /^import "(.*)";$/.exec((node as {value: string}).value)?.[1] ?? '');
}

test('a page with code blocks imports the code block only: no grammar, no Prism', () => {
  assert.deepEqual(importsOf(page('shell-session', 'yaml', null)), [REGISTER_MODULE]);
  assert.deepEqual(importsOf(page('text')), [REGISTER_MODULE]);
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
