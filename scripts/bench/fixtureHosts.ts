/**
 * Lighthouse runs in its own Chromium, which the benchmark cannot intercept the way the tests
 * do, and this machine has no internet: live data would fail and log console errors (a
 * best-practices failure that production does not have). So the Lighthouse runs resolve the data
 * sources' hosts to a local HTTPS server (self-signed certificate, made with openssl for the run)
 * that answers every source with the end-to-end tests' own fixtures: the home page's counts, the
 * status dashboard and migration pages, the packages map and feed (25,000 names), the Miniforge
 * release, and the status page's workflow badges. A fixture's Playwright `route.fulfill` is
 * answered over HTTP (`httpRoute`); CORS preflights are allowed.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:https';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {IncomingMessage, ServerResponse} from 'node:http';
import type {Route} from 'playwright-core';
import {DEFAULT_SOURCES, fillTemplate} from '../../src/lib/data/sources';
import {matches, type Fixture} from '../../tests/e2e/harness';
import {exact, graphSvg, hugePackageFixtures, latestRelease, liveCounts} from '../../tests/e2e/fixtures/live';
import {statusFixtures} from '../../tests/e2e/fixtures/status';
import {WORKFLOW_BADGES} from '../../src/lib/status';

const json = (body: unknown) => (route: Route) =>
  route.fulfill({status: 200, contentType: 'application/json', body: JSON.stringify(body)});

/** A workflow badge as GitHub and CircleCI draw one: a small SVG. */
const BADGE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="90" height="20"><rect width="90" height="20" fill="#4c1"/></svg>';

/** Every source a measured page reads, as the end-to-end tests answer it, and the status badges. */
function fixtures(): Fixture[] {
  return [
    ...WORKFLOW_BADGES.map(({badge}) =>
      exact(badge, (route) => route.fulfill({status: 200, contentType: 'image/svg+xml', body: BADGE_SVG})),
    ),
    exact(DEFAULT_SOURCES.liveCounts, json(liveCounts())),
    exact(DEFAULT_SOURCES.miniforgeLatestRelease, json(latestRelease())),
    ...hugePackageFixtures(25_000),
    ...statusFixtures(),
    {
      match: (url) => url.pathname.includes('/migration_svg/'),
      handle: (route) => route.fulfill({status: 200, contentType: 'image/svg+xml', body: graphSvg()}),
    },
  ];
}

/** The part of Playwright's Route that fixtures use, answering an HTTP request instead. */
function httpRoute(url: URL, req: IncomingMessage, res: ServerResponse): Route {
  const route = {
    request: () => ({url: () => url.href, method: () => req.method ?? 'GET', headers: () => req.headers}),
    fulfill: async (answer: {
      status?: number;
      contentType?: string;
      body?: string;
      headers?: Record<string, string>;
    }) => {
      res.writeHead(answer.status ?? 200, {
        'Access-Control-Allow-Origin': '*',
        ...(answer.contentType ? {'Content-Type': answer.contentType} : {}),
        ...answer.headers,
      });
      res.end(answer.body ?? '');
    },
    abort: async () => void res.destroy(),
    fallback: async () => void res.writeHead(404, {'Access-Control-Allow-Origin': '*'}).end(),
  };
  return route as unknown as Route;
}

export interface FixtureHosts {
  /** Chromium flags that send the sources' hosts to the local server. */
  chromeFlags: string[];
  close: () => void;
}

export async function startFixtureHosts(): Promise<FixtureHosts> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cf-bench-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    {stdio: 'ignore'},
  );
  const answers = fixtures();
  const server: Server = createServer({key: readFileSync(key), cert: readFileSync(cert)}, (req, res) => {
    const url = new URL(`https://${req.headers.host}${req.url ?? '/'}`);
    if (req.method === 'OPTIONS') {
      // CORS preflight (requests with headers such as X-GitHub-Api-Version): allow what is asked.
      res
        .writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, HEAD',
          'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '*',
        })
        .end();
      return;
    }
    const fixture = answers.find((candidate) => matches(candidate, url));
    if (!fixture) {
      res.writeHead(404, {'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json'}).end('{}');
      return;
    }
    void fixture.handle(httpRoute(url, req, res), url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const urls = [
    ...Object.values(DEFAULT_SOURCES).map((source) => fillTemplate(source, 'x')),
    ...WORKFLOW_BADGES.map((b) => b.badge),
  ];
  const hosts = [...new Set(urls.map((url) => new URL(url).hostname))];
  return {
    chromeFlags: [
      `--host-resolver-rules=${hosts.map((host) => `MAP ${host} 127.0.0.1:${port}`).join(',')}`,
      '--ignore-certificate-errors',
    ],
    close: () => {
      server.close();
      rmSync(dir, {recursive: true, force: true});
    },
  };
}
