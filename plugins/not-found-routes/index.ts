import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {ROUTE_LIST_FILE, type RouteEntry} from '../../src/lib/notFound/index';

/**
 * Routes the not-found page never suggests: one page per meeting, tag and author, list pages
 * after the first, archives and the search page (their words are dates, names or numbers).
 */
const LEFT_OUT = /^\/(?:community\/minutes\/\d{4}-|search\/)|\/(?:tags|authors|archive|page)\//;

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Text of an HTML title: entities decoded. */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * A page's title as the not-found page lists it: the document's <title> without the site's
 * " | site title" suffix; null when the page has none of its own (the home page's is the site's).
 */
export function pageTitle(html: string, siteTitle: string): string | null {
  const raw = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  if (raw === undefined) return null;
  const title = decodeEntities(raw).trim();
  const suffix = ` | ${siteTitle}`;
  if (title.endsWith(suffix)) return title.slice(0, -suffix.length).trim() || null;
  return title === siteTitle ? null : title || null;
}

/** Whether the not-found page may suggest a route. */
export function suggestable(route: string): boolean {
  return route.endsWith('/') && route !== '/' && !LEFT_OUT.test(route);
}

/**
 * Writes the list of the site's pages with their titles (ROUTE_LIST_FILE, at the site's root),
 * which the not-found page loads after hydration to suggest the pages whose address is closest to
 * the missing one (src/lib/notFound, closestRoutes): a renamed page (`adding-packages` for
 * `adding_pkgs`) is found by its address even where the search index, which has no addresses,
 * ranks it low.
 */
export default function notFoundRoutesPlugin(context: LoadContext): Plugin {
  return {
    name: 'not-found-routes',
    async postBuild({outDir, routesPaths}) {
      const routes = [...new Set(routesPaths)].filter(suggestable).sort();
      const entries: RouteEntry[] = [];
      for (const route of routes) {
        const relative = route.slice(context.baseUrl.length);
        let html: string;
        try {
          html = await readFile(path.join(outDir, relative, 'index.html'), 'utf8');
        } catch {
          continue;
        }
        const title = pageTitle(html, context.siteConfig.title);
        if (title) entries.push({path: route, title});
      }
      await writeFile(path.join(outDir, ROUTE_LIST_FILE), JSON.stringify(entries));
    },
  };
}
