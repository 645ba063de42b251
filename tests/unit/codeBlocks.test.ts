import {test} from 'node:test';
import assert from 'node:assert/strict';
import type {Root} from 'mdast';
import {grammarId, grammarImports} from '../../plugins/lean-prism/grammars';
import remarkCodeBlocksOnDemand, {REGISTER_MODULE} from '../../plugins/code-blocks-on-demand/remark';
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
  remarkCodeBlocksOnDemand({languages: prismLanguages})(tree);
  return tree.children
    .filter((node) => node.type === 'mdxjsEsm')
    .map((node) => /^import "(.*)";$/.exec((node as {value: string}).value)?.[1] ?? '');
}

test('a page with code blocks imports the code block, then the grammars of its fences', () => {
  assert.deepEqual(importsOf(page('shell-session', 'yaml', null)), [
    REGISTER_MODULE,
    'prismjs/components/prism-bash',
    'prismjs/components/prism-shell-session',
    'prismjs/components/prism-yaml',
  ]);
  assert.deepEqual(importsOf(page('text')), [REGISTER_MODULE]);
});

test('a page with only diagrams or no code imports nothing', () => {
  assert.deepEqual(importsOf(page('mermaid')), []);
  assert.deepEqual(importsOf(page()), []);
});
