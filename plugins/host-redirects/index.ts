import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {cloudflareRedirects, netlifyRedirects, nginxRedirectMap, type RedirectPair} from './format';

export interface Options {
  /**
   * The site's redirects as plain pairs, given the routes the build produced (the site passes
   * `allRedirectPairs` from config/redirects.ts, the table the client redirects use too).
   */
  redirects: (liveRoutes: string[]) => RedirectPair[];
}

/**
 * Writes the redirect table as host configuration next to the built site, so hosts that can
 * answer with a real 301 do (the client-side redirect pages stay as the fallback, and are all
 * GitLab Pages uses: see ./format.ts):
 * - `_redirects` for Netlify (forced rules),
 * - `_redirects.cloudflare` for Cloudflare Pages (deploy it as `_redirects`),
 * - `nginx-redirects.conf` with a `map` for nginx.
 */
export default function hostRedirectsPlugin(_context: LoadContext, pluginOptions: unknown): Plugin {
  const options = pluginOptions as Partial<Options> | undefined;
  const redirects = options?.redirects;
  if (typeof redirects !== 'function') throw new Error('host-redirects: the `redirects` option is required');
  return {
    name: 'host-redirects',
    async postBuild({outDir, routesPaths}) {
      const liveRoutes = routesPaths.filter((route) => route.endsWith('/'));
      const pairs = redirects(liveRoutes);
      await writeFile(path.join(outDir, '_redirects'), netlifyRedirects(pairs, liveRoutes));
      await writeFile(path.join(outDir, '_redirects.cloudflare'), cloudflareRedirects(pairs));
      await writeFile(path.join(outDir, 'nginx-redirects.conf'), nginxRedirectMap(pairs));
    },
  };
}
