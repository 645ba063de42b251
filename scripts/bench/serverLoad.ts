/**
 * Load on the local server (scripts/serve.mjs): many requests at a fixed concurrency over a mix of
 * pages, assets, misses, redirects and hostile paths. An error is a failed connection or a 5xx;
 * 4xx answers are expected for the hostile paths and count as served.
 */
import {Agent, request} from 'node:http';
import {readdirSync} from 'node:fs';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
}

function samplePaths(buildDir: string): string[] {
  const assets = readdirSync(`${buildDir}/assets/js`)
    .slice(0, 20)
    .map((name) => `/assets/js/${name}`);
  return [
    '/',
    '/docs/',
    '/docs/maintainer/adding_pkgs/',
    '/blog/',
    '/news/',
    '/packages/',
    '/docs',
    '/no/such/page/',
    '/..%2fbuild-secret/x',
    '/%E0%A4%A',
    '/.//evil.com/x%2f..%2f..%2fdocs',
    '/sitemap.xml',
    ...assets,
  ];
}

export async function loadServer(baseUrl: string, total = 20_000, concurrency = 100): Promise<LoadResult> {
  const {hostname, port} = new URL(baseUrl);
  const paths = samplePaths('build');
  const agent = new Agent({keepAlive: true, maxSockets: concurrency});
  let next = 0;
  let errors = 0;
  const one = (path: string) =>
    new Promise<void>((resolve) => {
      const req = request({hostname, port, path, agent, headers: {'accept-encoding': 'gzip'}}, (res) => {
        if ((res.statusCode ?? 500) >= 500) errors += 1;
        res.resume();
        res.on('end', resolve);
        res.on('error', () => {
          errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end();
    });
  const worker = async () => {
    while (next < total) {
      const index = next++;
      await one(paths[index % paths.length]);
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({length: concurrency}, worker));
  agent.destroy();
  return {requests: total, errors, seconds: (performance.now() - start) / 1000};
}
