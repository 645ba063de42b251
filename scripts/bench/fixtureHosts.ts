/**
 * Lighthouse runs in its own Chromium, which the benchmark cannot intercept the way the tests
 * do, and this machine has no internet: the home page's live counts would fail and log a
 * console error (a best-practices failure that production does not have). So the Lighthouse
 * runs resolve the data sources' hosts to a local HTTPS server (self-signed certificate, made
 * with openssl for the run) that answers with the same fixtures as the end-to-end tests.
 */
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {createServer, type Server} from 'node:https';
import type {AddressInfo} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {DEFAULT_SOURCES, fillTemplate} from '../../src/lib/data/sources';
import {liveCounts} from '../../tests/e2e/fixtures/live';

/** The sources the measured pages read, answered by URL without its query. */
const ANSWERS: Record<string, () => unknown> = {
  [DEFAULT_SOURCES.liveCounts]: liveCounts,
};

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
  const server: Server = createServer({key: readFileSync(key), cert: readFileSync(cert)}, (req, res) => {
    const url = `https://${req.headers.host}${(req.url ?? '/').split('?')[0]}`;
    const answer = ANSWERS[url];
    const headers = {'Access-Control-Allow-Origin': '*', 'Content-Type': 'application/json'};
    if (!answer) {
      res.writeHead(404, headers).end('{}');
      return;
    }
    res.writeHead(200, headers).end(JSON.stringify(answer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  const hosts = [
    ...new Set(Object.values(DEFAULT_SOURCES).map((source) => new URL(fillTemplate(source, 'x')).hostname)),
  ];
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
