import {writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {allRedirectPairs} from '../../config/redirects';
import {netlifyRedirects, nginxRedirectMap} from './format';

/**
 * Writes the redirect table as host configuration next to the built site, so hosts that can
 * answer with a real 301 do (the client-side redirect pages stay as the fallback):
 * - `_redirects` for Netlify / Cloudflare Pages style hosts,
 * - `nginx-redirects.conf` with a `map` for nginx.
 */
export default function hostRedirectsPlugin(_context: LoadContext): Plugin {
  return {
    name: 'host-redirects',
    async postBuild({outDir, routesPaths}) {
      const liveRoutes = routesPaths.filter((route) => route.endsWith('/'));
      const pairs = allRedirectPairs(liveRoutes);
      await writeFile(path.join(outDir, '_redirects'), netlifyRedirects(pairs));
      await writeFile(path.join(outDir, 'nginx-redirects.conf'), nginxRedirectMap(pairs));
    },
  };
}
