import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import yaml from 'js-yaml';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {minutesGist, type MinutesGist} from '../../src/lib/minutes/index';

/** Where the page data lands: `@generated/minutes-index/default/minutes-gists.json`. */
export const DATA_FILE = 'minutes-gists.json';

/** Front matter of a Markdown file, or an empty object when it has none. */
export function frontMatterOf(text: string): Record<string, unknown> {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/.exec(text);
  const data = match ? yaml.load(match[1]) : undefined;
  return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
}

/** Date → gist of every minutes page in `dir`; throws naming the page whose front matter is incomplete. */
export async function loadGists(dir: string): Promise<Record<string, MinutesGist>> {
  const files = (await readdir(dir)).filter((name) => /^\d{4}-\d{2}-\d{2}\.mdx?$/.test(name)).sort();
  const gists: Record<string, MinutesGist> = {};
  for (const name of files) {
    const frontMatter = frontMatterOf(await readFile(path.join(dir, name), 'utf8'));
    try {
      gists[name.replace(/\.mdx?$/, '')] = minutesGist(frontMatter);
    } catch (error) {
      throw new Error(`${path.join(path.relative(process.cwd(), dir), name)}: ${(error as Error).message}`);
    }
  }
  return gists;
}

/**
 * The topics of each meeting for the minutes index, read from the front matter of
 * community/minutes/*.md. Written as a data file that only the index page's chunk imports,
 * so no other page (and no sidebar) carries it.
 */
export default function minutesIndex(context: LoadContext): Plugin {
  const dir = path.join(context.siteDir, 'community', 'minutes');
  return {
    name: 'minutes-index',
    loadContent: () => loadGists(dir),
    async contentLoaded({content, actions}) {
      await actions.createData(DATA_FILE, JSON.stringify(content as Record<string, MinutesGist>));
    },
    getPathsToWatch: () => [path.join(dir, '*.md')],
  };
}
