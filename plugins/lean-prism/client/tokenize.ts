/**
 * Prism tokenisation as the classic theme's code block does it (Prism's hooks included), as lines
 * of flat tokens. Which grammars it knows depends on the bundle (see ./prism.ts).
 */
import Prism from './prism';
import {toLines, type LineToken} from './tokens';

export {Prism};

/** Tokenises `code` as Prism does, or leaves it plain for a language without a loaded grammar. */
export function tokenize(code: string, language: string): LineToken[][] {
  const grammar = Prism.languages[language];
  if (!grammar) return toLines(code);
  const env = {code, grammar, language, tokens: [] as ReturnType<typeof Prism.tokenize>};
  Prism.hooks.run('before-tokenize', env);
  env.tokens = Prism.tokenize(env.code, env.grammar);
  Prism.hooks.run('after-tokenize', env);
  return toLines(env.tokens);
}
