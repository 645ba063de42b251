/**
 * Which Prism grammars a page needs, from the languages of its code blocks.
 *
 * Grammars are not in the shared highlighter chunk: each page's content chunk imports the ones
 * its fences use (plugins/code-blocks-on-demand/remark.ts), so a page of YAML and Bash does not
 * download Markdown, Python or Batch. Only the site's languages
 * (`themeConfig.prism.additionalLanguages`) count; a fence in any other language stays plain,
 * as it would with the stock theme.
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
