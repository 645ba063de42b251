/**
 * Which Prism grammars a code block needs, from its language.
 *
 * Grammars are not in the highlighter's chunk: in the browser, a block rendered there loads the
 * ones its language needs (client/highlighter.browser.ts, from the table grammarLoaderModule
 * writes), so highlighting YAML and Bash never downloads Markdown, Python or Batch. Only the
 * site's languages (`themeConfig.prism.additionalLanguages`) count; a fence in any other language
 * stays plain, as it would with the stock theme.
 */
import {createRequire} from 'node:module';

interface ComponentEntry {
  require?: string | string[];
  alias?: string | string[];
}

const load = createRequire(__filename);
const components = (load('prismjs/components.json') as {languages: Record<string, ComponentEntry>}).languages;

/** Prism's core module ships `markup` and its aliases (`html`, `xml`, `svg`…) already. */
const IN_CORE = 'markup';

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The component id for a fence language among `available` (id or alias), if any. */
export function grammarId(language: string, available: readonly string[]): string | undefined {
  const name = language.toLowerCase();
  return [...available, IN_CORE].find((id) => id === name || asList(components[id]?.alias).includes(name));
}

/**
 * The Prism components (`prismjs/components/prism-<id>`) to import, in load order (a grammar
 * after the ones it extends), for code blocks in `languages`.
 */
export function grammarImports(languages: Iterable<string>, available: readonly string[]): string[] {
  const ordered: string[] = [];
  const visit = (id: string): void => {
    if (id === IN_CORE || ordered.includes(id)) return;
    for (const dependency of asList(components[id]?.require)) visit(dependency);
    ordered.push(id);
  };
  for (const language of languages) {
    const id = grammarId(language, available);
    if (id) visit(id);
  }
  return ordered;
}

/**
 * Source of the browser's grammar table (written by ../lean-prism to
 * `@generated/lean-prism/grammar-loaders`, read by client/highlighter.browser.ts): a loader per
 * site grammar, each its own chunk, and for every fence language the site highlights (id or
 * alias, lower case) the grammars to load, in order. Languages in Prism's core load none.
 */
export function grammarLoaderModule(available: readonly string[]): string {
  const loaders = available.map((id) => {
    const module = JSON.stringify(`prismjs/components/prism-${id}`);
    return `  ${JSON.stringify(id)}: () => import(${module}),`;
  });
  const orders: Record<string, string[]> = {};
  for (const id of [...available, IN_CORE]) {
    for (const name of [id, ...asList(components[id]?.alias)]) orders[name] = grammarImports([name], available);
  }
  return [
    '// Written by plugins/lean-prism/grammars.ts at build time.',
    'export const grammars = {',
    ...loaders,
    '};',
    `export const orders = ${JSON.stringify(orders)};`,
    '',
  ].join('\n');
}
