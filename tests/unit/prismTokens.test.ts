/**
 * The lean highlighter (plugins/lean-prism/client) must tokenise exactly as prism-react-renderer,
 * which it replaces: same lines, same token types, same text. For every grammar the site uses,
 * real code blocks of the site's content are tokenised by both and compared.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {Prism as referencePrism, normalizeTokens} from 'prism-react-renderer';
import {prismLanguages} from '../../config/prism';
import {grammarId, grammarImports} from '../../plugins/lean-prism/grammars';
import {toLines} from '../../plugins/lean-prism/client/tokens';
import {codeBlocks, pages} from '../helpers/content';

const require = createRequire(import.meta.url);

// Our side: Prism's core with the site's grammars, as the browser bundle loads them.
(globalThis as {Prism?: unknown}).Prism = {manual: true, disableWorkerMessageHandler: true};
const lean = require('prismjs/components/prism-core') as typeof referencePrism;
require('prismjs/components/prism-markup');
for (const id of grammarImports(prismLanguages, prismLanguages)) require(`prismjs/components/prism-${id}`);

// Reference side: prism-react-renderer's Prism plus the same extra grammars, registered the way
// the classic theme's `prism-include-languages` does (each component file run against it).
for (const id of grammarImports(prismLanguages, prismLanguages)) {
  const source = readFileSync(require.resolve(`prismjs/components/prism-${id}`), 'utf8');
  new Function('Prism', source)(referencePrism);
}

/** Up to `count` code blocks per grammar from the site's content, plus a few edge cases. */
function samples(count = 4): Map<string, string[]> {
  const byGrammar = new Map<string, string[]>();
  for (const file of pages) {
    for (const block of codeBlocks(readFileSync(file, 'utf8'))) {
      const id = grammarId(block.lang, prismLanguages);
      if (!id) continue;
      const list = byGrammar.get(id) ?? [];
      if (list.length < count) byGrammar.set(id, [...list, block.code]);
    }
  }
  return byGrammar;
}

function tokensOf(prism: typeof referencePrism, code: string, language: string) {
  const env = {code, grammar: prism.languages[language], language, tokens: [] as ReturnType<typeof prism.tokenize>};
  prism.hooks.run('before-tokenize', env);
  env.tokens = prism.tokenize(env.code, env.grammar);
  prism.hooks.run('after-tokenize', env);
  return env.tokens;
}

/**
 * What a reader sees: the tokens with text in them. prism-react-renderer also emits empty `plain`
 * tokens where a token ended a line; they render as empty spans, so they are left out of the
 * comparison (an empty line keeps its one `empty` token on both sides).
 */
function visible(lines: Array<Array<{types: string[]; content: string; empty?: boolean}>>) {
  return lines.map((line) => {
    const shown = line.filter((token) => token.content !== '' || token.empty);
    return shown.length > 0 ? shown : [{types: ['plain'], content: '\n', empty: true}];
  });
}

const blocks = samples();

test('the content has code blocks for every grammar the site highlights', () => {
  const missing = grammarImports(prismLanguages, prismLanguages).filter(
    (id) => !blocks.has(id) && !['markdown', 'toml', 'diff', 'batch', 'json'].includes(id),
  );
  assert.deepEqual(missing, []);
});

for (const id of ['markup', ...grammarImports(prismLanguages, prismLanguages)]) {
  test(`${id}: same lines and tokens as prism-react-renderer`, () => {
    const extra = [`\n\nfirst line after blanks\n`, ''];
    const codes = [...(blocks.get(id) ?? []), ...extra];
    assert.ok(lean.languages[id], `${id} is registered in the lean highlighter`);
    for (const code of codes) {
      const ours = visible(toLines(tokensOf(lean, code, id)));
      const reference = visible(normalizeTokens(tokensOf(referencePrism, code, id)));
      assert.deepEqual(ours, reference, `${id}: ${JSON.stringify(code.slice(0, 80))}`);
    }
  });
}
