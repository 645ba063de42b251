import type {Plugin} from '@docusaurus/types';
import {minutesGist, type MinutesGist} from '../../src/lib/minutes/index';

/** Where the page data lands: `@generated/minutes-index/default/minutes-gists.json`. */
export const DATA_FILE = 'minutes-gists.json';

/** The docs instance that holds the minutes, and a minutes page's doc id (`minutes/YYYY-MM-DD`). */
const COMMUNITY_DOCS = 'community';
const MINUTES_ID = /^minutes\/(\d{4}-\d{2}-\d{2})$/;

/** A doc of the docs plugin's loaded content, as far as this plugin reads it. */
export interface MinutesDoc {
  id: string;
  source: string;
  frontMatter: Record<string, unknown>;
}

/** Date → gist of every minutes page among `docs`; throws naming the page whose front matter is incomplete. */
export function gistsOf(docs: readonly MinutesDoc[]): Record<string, MinutesGist> {
  const pages = docs
    .map((doc) => ({doc, date: MINUTES_ID.exec(doc.id)?.[1]}))
    .filter((page): page is {doc: MinutesDoc; date: string} => page.date !== undefined)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const gists: Record<string, MinutesGist> = {};
  for (const {doc, date} of pages) {
    try {
      gists[date] = minutesGist(doc.frontMatter);
    } catch (error) {
      throw new Error(`${doc.source.replace(/^@site\//, '')}: ${(error as Error).message}`);
    }
  }
  return gists;
}

/**
 * The topics of each meeting for the minutes index, from the front matter of
 * community/minutes/*.md as the community docs plugin has already read it (no second read or
 * parse of the 209 files). Written as a data file that only the index page's chunk imports, so
 * no other page (and no sidebar) carries it.
 */
export default function minutesIndex(): Plugin {
  return {
    name: 'minutes-index',
    async allContentLoaded({allContent, actions}) {
      const docsPlugins = allContent['docusaurus-plugin-content-docs'] as
        Record<string, {loadedVersions: {docs: MinutesDoc[]}[]}> | undefined;
      const community = docsPlugins?.[COMMUNITY_DOCS];
      if (!community) throw new Error(`minutes-index: no docs plugin with id "${COMMUNITY_DOCS}"`);
      const gists = gistsOf(community.loadedVersions.flatMap((version) => version.docs));
      if (Object.keys(gists).length === 0) throw new Error('minutes-index: found no minutes page');
      await actions.createData(DATA_FILE, JSON.stringify(gists));
    },
  };
}
