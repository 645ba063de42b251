/**
 * Fills the `topics` front matter of minutes pages that have neither `topics` nor `no_notes`,
 * from the h3 headings under their "## Topics" section:
 *   node --import tsx scripts/minutes-topics.ts
 * A page without such headings is reported: give it `no_notes: "why there is no record"` by hand.
 * Pages that already have either field are left as they are.
 */
import {readdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import {topicsFromMarkdown} from '../src/lib/minutes/index';
import {MINUTES_DIR} from './new-minutes';

/** Front matter of a Markdown file, or an empty object when it has none. */
export function frontMatterOf(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const data = match ? yaml.load(match[1]) : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** The page with a `topics:` line added at the end of its front matter, or null when there is nothing to add. */
export function withTopics(text: string): string | null {
  const front = frontMatterOf(text);
  if ('topics' in front || 'no_notes' in front) return null;
  const topics = topicsFromMarkdown(text);
  if (topics.length === 0) return null;
  // A JSON array of strings is a valid YAML flow sequence.
  return text.replace(
    /^(---\r?\n[\s\S]*?\r?\n)(---\r?\n)/,
    `$1topics: [${topics.map((t) => JSON.stringify(t)).join(', ')}]\n$2`,
  );
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename);
if (isMain) {
  let written = 0;
  for (const name of readdirSync(MINUTES_DIR).filter((n) => /^\d{4}-\d{2}-\d{2}\.mdx?$/.test(n))) {
    const file = path.join(MINUTES_DIR, name);
    const text = readFileSync(file, 'utf8');
    const updated = withTopics(text);
    if (updated) {
      writeFileSync(file, updated);
      written++;
    } else {
      const front = frontMatterOf(text);
      if (!('topics' in front) && !('no_notes' in front)) console.warn(`${name}: no topic headings; add no_notes`);
    }
  }
  console.log(`topics written to ${written} pages`);
}
