/** The site's Markdown pages and their fenced code blocks, for content and highlighter tests. */
import {readdirSync, statSync} from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const CONTENT = ['docs', 'community', 'blog', 'news', 'src/pages'];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.mdx?$/.test(name)) yield full;
  }
}

export const pages = CONTENT.flatMap((dir) => [...files(path.join(ROOT, dir))]);

/** Fenced code blocks of a Markdown file, with their language and first line number. */
export function codeBlocks(text: string): Array<{lang: string; code: string; line: number}> {
  const blocks: Array<{lang: string; code: string; line: number}> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !lines[j].trimStart().startsWith(fence); j++) {
      body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
    }
    blocks.push({lang, code: body.join('\n'), line: i + 1});
    i = j;
  }
  return blocks;
}

/** Jinja as conda recipes use it: drop whole-line statements, replace expressions by a word. */
export function stripJinja(code: string): string {
  return code
    .split('\n')
    .filter((line) => !/^\s*\{%.*%\}\s*$/.test(line))
    .join('\n')
    .replace(/\{\{.*?\}\}/g, 'jinja');
}
