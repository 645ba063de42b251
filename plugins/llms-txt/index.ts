import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {toPlainMarkdown, type MarkdownContext} from './markdown';
import {groupDocs, llmsTxt, markdownPath, oneLine, type DocPage, type LinkSection, type SidebarNode} from './llms';

/** The docs instances whose pages get Markdown copies, with the heading of their loose pages. */
const INSTANCES = [
  {id: 'default', heading: 'Docs', prefix: ''},
  {id: 'community', heading: 'Community', prefix: 'Community: '},
] as const;

const SUMMARY =
  'conda-forge is a community-run distribution of conda packages: thousands of open-source packages, ' +
  'each built by CI from a recipe kept in its own GitHub repository (a feedstock), for Linux, macOS and Windows.';

function details(siteUrl: string): string[] {
  return [
    `This file lists the documentation and community pages of ${siteUrl.replace(/^https?:\/\//, '')}. ` +
      'Each link leads to the Markdown copy of a page, made from the same source as the web page when the ' +
      `site is built; the web page has the same address without \`.md\` and with a trailing slash (${siteUrl}/docs/user/faq.md ` +
      `is ${siteUrl}/docs/user/faq/).`,
    'The Optional section lists the minutes of the core team meetings, newest first.',
  ];
}

export interface LoadedDocs {
  instance: (typeof INSTANCES)[number];
  docs: DocPage[];
  sidebars: SidebarNode[][];
}

interface DocsContent {
  loadedVersions: {versionName: string; docs: DocPage[]; sidebars: Record<string, SidebarNode[]>}[];
}

/** The Markdown list standing for a page's card list: the items of the category the page opens. */
export function cardListOf(doc: DocPage, loaded: LoadedDocs, siteUrl: string): string {
  const byId = new Map(loaded.docs.map((d) => [d.id, d]));
  const line = (title: string, url: string, description = '') =>
    `- [${title.replace(/([[\]\\])/g, '\\$1')}](${url})${description ? `: ${oneLine(description)}` : ''}`;
  const find = (nodes: readonly SidebarNode[]): SidebarNode[] | undefined => {
    for (const node of nodes) {
      if (node.type !== 'category') continue;
      if (node.link?.id === doc.id) return node.items;
      const inner = find(node.items);
      if (inner) return inner;
    }
    return undefined;
  };
  const items = loaded.sidebars.map(find).find(Boolean);
  if (!items) return '';
  return items
    .flatMap((item) => {
      if (item.type === 'doc' || item.type === 'ref') {
        const target = byId.get(item.id);
        return target && !target.unlisted
          ? [line(item.label ?? target.title, `${siteUrl}${markdownPath(target.permalink)}`, target.description)]
          : [];
      }
      if (item.type === 'category') {
        const target = item.link?.id ? byId.get(item.link.id) : undefined;
        if (target) return [line(item.label, `${siteUrl}${markdownPath(target.permalink)}`, target.description)];
        return item.link?.permalink ? [line(item.label, `${siteUrl}${item.link.permalink}`)] : [];
      }
      if (item.type === 'link')
        return [line(item.label, item.href.startsWith('/') ? `${siteUrl}${item.href}` : item.href)];
      return [];
    })
    .join('\n');
}

/**
 * Writes /llms.txt (the docs and community pages, each with a one-line description) and a plain
 * Markdown copy of every docs and community page at its route without the trailing slash plus
 * `.md` (`/docs/user/faq/` → `/docs/user/faq.md`), made from the page's source file at build
 * time (plugins/llms-txt/markdown.ts says what is kept and what goes).
 */
export default function llmsTxtPlugin(context: LoadContext): Plugin {
  let loaded: LoadedDocs[] = [];
  return {
    name: 'llms-txt',
    async allContentLoaded({allContent}) {
      const docsPlugins = allContent['docusaurus-plugin-content-docs'] as Record<string, DocsContent> | undefined;
      loaded = INSTANCES.map((instance) => {
        const content = docsPlugins?.[instance.id];
        if (!content) throw new Error(`llms-txt: no docs plugin with id "${instance.id}"`);
        const version = content.loadedVersions.find((v) => v.versionName === 'current') ?? content.loadedVersions[0];
        return {instance, docs: version.docs, sidebars: Object.values(version.sidebars)};
      });
    },
    async postBuild({outDir, siteConfig}) {
      const siteUrl = siteConfig.url.replace(/\/$/, '');
      const bySource = new Map<string, string>();
      const byRoute = new Map<string, string>();
      for (const {docs} of loaded) {
        for (const doc of docs) {
          bySource.set(doc.source.replace(/^@site\//, ''), markdownPath(doc.permalink));
          byRoute.set(`${doc.permalink.replace(/\/+$/, '')}/`, markdownPath(doc.permalink));
        }
      }
      const markdownOf: MarkdownContext['markdownOf'] = ({route, source}) =>
        (source !== undefined ? bySource.get(source) : undefined) ??
        (route !== undefined ? byRoute.get(route) : undefined);

      let pages = 0;
      for (const group of loaded) {
        await Promise.all(
          group.docs.map(async (doc) => {
            const source = doc.source.replace(/^@site\//, '');
            const text = await readFile(path.join(context.siteDir, source), 'utf8');
            const markdown = toPlainMarkdown(text, doc.title, {
              siteUrl,
              route: `${doc.permalink.replace(/\/+$/, '')}/`,
              source,
              markdownOf,
              cardList: () => cardListOf(doc, group, siteUrl),
            });
            const file = path.join(outDir, markdownPath(doc.permalink));
            await mkdir(path.dirname(file), {recursive: true});
            await writeFile(file, markdown);
            pages += 1;
          }),
        );
      }

      const sections: LinkSection[] = [];
      const optional = [];
      for (const group of loaded) {
        const grouped = groupDocs(group.docs, group.sidebars, {
          looseHeading: group.instance.heading,
          siteUrl,
          isOptional: (doc) => group.instance.id === 'community' && doc.id.startsWith('minutes/'),
        });
        sections.push(
          ...grouped.sections.map((section) => ({
            ...section,
            heading:
              section.heading === group.instance.heading
                ? section.heading
                : `${group.instance.prefix}${section.heading}`,
          })),
        );
        optional.push(...grouped.optional);
      }
      // Newest minutes first, as the minutes archive lists them.
      optional.sort((a, b) => (a.url < b.url ? 1 : a.url > b.url ? -1 : 0));
      await writeFile(
        path.join(outDir, 'llms.txt'),
        llmsTxt({title: 'conda-forge', summary: SUMMARY, details: details(siteUrl), sections, optional}),
      );
      console.log(`[llms-txt] llms.txt and ${pages} Markdown pages written`);
    },
  };
}
