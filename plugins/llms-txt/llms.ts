/**
 * The shape of /llms.txt (the format proposed at llmstxt.org): a title, a one-paragraph summary
 * as a block quote, a few lines on how to use the file, then sections of links, each a page with
 * a one-line description; a last section titled "Optional" holds what a reader may skip. Pure:
 * the plugin feeds it the docs as Docusaurus loaded them.
 */

/** A docs page as the docs plugin loaded it, as far as llms.txt and the Markdown copies read it. */
export interface DocPage {
  id: string;
  title: string;
  /** Front matter `description`, or the first paragraph as Docusaurus extracted it. */
  description: string;
  /** The page's route without its trailing slash (Docusaurus's `permalink`). */
  permalink: string;
  /** The source file, as `@site/docs/…`. */
  source: string;
  unlisted: boolean;
}

/** A sidebar item, as far as the grouping reads it. */
export type SidebarNode =
  | {type: 'doc' | 'ref'; id: string; label?: string}
  | {type: 'category'; label: string; items: SidebarNode[]; link?: {type: string; id?: string; permalink?: string}}
  | {type: 'link'; href: string; label: string}
  | {type: 'html'};

export interface LinkEntry {
  title: string;
  url: string;
  description: string;
}

export interface LinkSection {
  heading: string;
  entries: LinkEntry[];
}

/** The longest description llms.txt gives a page. */
export const MAX_DESCRIPTION = 200;
/** At most this many pages are listed (the site has a few hundred). */
export const MAX_ENTRIES = 2000;

/** The site path of a page's Markdown copy: its route without the trailing slash, plus `.md`. */
export function markdownPath(permalink: string): string {
  const bare = permalink.replace(/\/+$/, '');
  return `${bare === '' ? '/index' : bare}.md`;
}

/** One line of plain text: Markdown links and emphasis reduced to their words, cut at a word. */
export function oneLine(text: string, max = MAX_DESCRIPTION): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

/** The doc ids of a sidebar subtree, in reading order (a category's own page first). */
export function docIdsOf(nodes: readonly SidebarNode[]): string[] {
  const ids: string[] = [];
  for (const node of nodes) {
    if (node.type === 'doc') ids.push(node.id);
    else if (node.type === 'category') {
      if (node.link?.type === 'doc' && node.link.id) ids.push(node.link.id);
      ids.push(...docIdsOf(node.items));
    }
  }
  return ids;
}

/**
 * Groups docs for llms.txt by their sidebars: each top-level category of each sidebar is a section
 * (named `${prefix}: ${label}` when a prefix is given), top-level pages go to `looseHeading`, and
 * pages in no sidebar to the end of it. Each page is listed once, where it first appears; unlisted
 * pages are left out. `isOptional(id)` moves a page to the returned `optional` list instead.
 */
export function groupDocs(
  docs: readonly DocPage[],
  sidebars: readonly (readonly SidebarNode[])[],
  options: {looseHeading: string; siteUrl: string; isOptional?: (doc: DocPage) => boolean},
): {sections: LinkSection[]; optional: LinkEntry[]} {
  const byId = new Map(docs.map((doc) => [doc.id, doc]));
  const listed = new Set<string>();
  const loose: LinkEntry[] = [];
  const optional: LinkEntry[] = [];
  const sections: LinkSection[] = [];
  const entry = (doc: DocPage): LinkEntry => ({
    title: oneLine(doc.title, 120),
    url: `${options.siteUrl}${markdownPath(doc.permalink)}`,
    description: oneLine(doc.description),
  });
  const take = (ids: string[], into: LinkEntry[]) => {
    for (const id of ids) {
      const doc = byId.get(id);
      if (!doc || doc.unlisted || listed.has(id)) continue;
      listed.add(id);
      (options.isOptional?.(doc) ? optional : into).push(entry(doc));
    }
  };
  for (const sidebar of sidebars) {
    for (const node of sidebar) {
      if (node.type === 'category') {
        const entries: LinkEntry[] = [];
        take(docIdsOf([node]), entries);
        if (entries.length > 0) sections.push({heading: node.label, entries});
      } else take(docIdsOf([node]), loose);
    }
  }
  take(
    docs.map((doc) => doc.id),
    loose,
  );
  if (loose.length > 0) sections.unshift({heading: options.looseHeading, entries: loose});
  return {sections, optional};
}

/** Merges sections of the same heading (a category of one sidebar repeated in another). */
function mergeSections(sections: readonly LinkSection[]): LinkSection[] {
  const merged = new Map<string, LinkEntry[]>();
  for (const {heading, entries} of sections) merged.set(heading, [...(merged.get(heading) ?? []), ...entries]);
  return [...merged].map(([heading, entries]) => ({heading, entries}));
}

function escapeLinkText(text: string): string {
  return text.replace(/([[\]\\])/g, '\\$1');
}

/** The text of llms.txt. */
export function llmsTxt(input: {
  title: string;
  summary: string;
  details: readonly string[];
  sections: readonly LinkSection[];
  optional: readonly LinkEntry[];
}): string {
  let budget = MAX_ENTRIES;
  const list = (entries: readonly LinkEntry[]) =>
    entries
      .slice(0, Math.max(0, budget))
      .map((entry) => {
        budget -= 1;
        const link = `- [${escapeLinkText(entry.title)}](${entry.url})`;
        return entry.description ? `${link}: ${entry.description}` : link;
      })
      .join('\n');
  const parts = [`# ${input.title}`, `> ${oneLine(input.summary, 500)}`, ...input.details];
  for (const section of mergeSections(input.sections)) {
    if (section.entries.length > 0) parts.push(`## ${section.heading}\n\n${list(section.entries)}`);
  }
  if (input.optional.length > 0) parts.push(`## Optional\n\n${list(input.optional)}`);
  return `${parts.join('\n\n')}\n`;
}
