import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtemp, mkdir, writeFile, readFile, stat, rm} from 'node:fs/promises';
import {request as httpRequest, type Server} from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/serve.mjs';

// A build folder with a sibling whose name starts with "build": the containment check must not
// mistake the sibling for part of the build.
let parent = '';
let root = '';
let server: Server;
let base = '';
/** Files whose reads fail after stat succeeded, as when a rebuild removes them mid-request. */
const vanishing = new Set<string>();

before(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'serve-test-'));
  root = path.join(parent, 'build');
  await mkdir(path.join(root, 'docs'), {recursive: true});
  await mkdir(path.join(parent, 'build-secret'));
  await writeFile(path.join(parent, 'build-secret', 'secret.txt'), 'secret');
  await writeFile(path.join(root, 'index.html'), '<h1>Home</h1>');
  await writeFile(path.join(root, 'docs', 'index.html'), '<h1>Docs</h1>');
  await writeFile(path.join(root, '404.html'), '<h1>Not found</h1>');
  await writeFile(path.join(root, 'gone.js'), 'export {};');
  await writeFile(path.join(root, 'gone.png'), 'png');
  await writeFile(path.join(root, 'docs.md'), '# Docs\n');
  await writeFile(path.join(root, 'llms.txt'), '# Site\n');
  const fs = {
    stat,
    readFile: async (file: string) => {
      if (vanishing.has(path.basename(file))) {
        throw Object.assign(new Error(`ENOENT: no such file, open '${file}'`), {code: 'ENOENT'});
      }
      return readFile(file);
    },
  };
  ({server, url: base} = (await startServer({dir: root, port: 0, fs})) as {server: Server; url: string});
});

after(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(parent, {recursive: true, force: true});
});

/** A raw request: the path goes out exactly as written, without URL normalisation. */
function get(rawPath: string, method = 'GET', headers: Record<string, string> = {}) {
  const {hostname, port} = new URL(base);
  return new Promise<{status: number; headers: Record<string, unknown>; body: string}>((resolve, reject) => {
    const req = httpRequest({hostname, port, path: rawPath, method, headers}, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body}));
    });
    req.on('error', reject);
    req.end();
  });
}

test('serves files, directory indexes and the 404 page', async () => {
  assert.deepEqual([(await get('/')).status, (await get('/')).body], [200, '<h1>Home</h1>']);
  assert.equal((await get('/docs/')).body, '<h1>Docs</h1>');
  const missing = await get('/nowhere/');
  assert.deepEqual([missing.status, missing.body], [404, '<h1>Not found</h1>']);
  const head = await get('/docs/', 'HEAD');
  assert.deepEqual([head.status, head.body, head.headers['content-length']], [200, '', '13']);
});

test('Markdown copies and llms.txt are served as UTF-8 text of their kind, compressed on request', async () => {
  const markdown = await get('/docs.md');
  assert.deepEqual(
    [markdown.status, markdown.headers['content-type'], markdown.body],
    [200, 'text/markdown; charset=utf-8', '# Docs\n'],
  );
  const text = await get('/llms.txt', 'GET', {'Accept-Encoding': 'gzip'});
  assert.deepEqual(
    [text.headers['content-type'], text.headers['content-encoding']],
    ['text/plain; charset=utf-8', 'gzip'],
  );
  assert.equal((await get('/docs.md', 'GET', {'Accept-Encoding': 'gzip'})).headers['content-encoding'], 'gzip');
});

test('a directory without its slash redirects to a path on this host, whatever the request path', async () => {
  assert.equal((await get('/docs?x=1')).headers.location, '/docs/?x=1');
  const tricky = await get('/.//evil.com/x%2f..%2f..%2fdocs');
  assert.equal(tricky.status, 301);
  assert.equal(tricky.headers.location, '/docs/');
  const doubled = await get('//evil.com/..%2fdocs');
  assert.ok(!String(doubled.headers.location ?? '').startsWith('//'), String(doubled.headers.location));
});

test('paths that leave the build folder answer 400, including a sibling whose name starts alike', async () => {
  for (const raw of ['/..%2fbuild-secret/secret.txt', '/docs/..%2f..%2fbuild-secret%2fsecret.txt', '/%00']) {
    const res = await get(raw);
    assert.equal(res.status, 400, raw);
    assert.doesNotMatch(res.body, /secret/, raw);
  }
  // Dot segments written as %2e are resolved by the URL parser before the file lookup: inside
  // the build folder, so this is an ordinary miss.
  const dots = await get('/%2e%2e/build-secret/secret.txt');
  assert.equal(dots.status, 404);
  assert.doesNotMatch(dots.body, /secret/);
});

test('malformed percent-encoding answers 400, and methods other than GET and HEAD answer 405', async () => {
  assert.equal((await get('/docs/%E0%A4%A')).status, 400);
  assert.equal((await get('/%zz')).status, 400);
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
    const res = await get('/', method);
    assert.equal(res.status, 405, method);
    assert.equal(res.headers.allow, 'GET, HEAD');
  }
});

test('a file that cannot be read answers 500 and the server goes on serving', async () => {
  vanishing.add('gone.js');
  vanishing.add('gone.png');
  try {
    assert.equal((await get('/gone.js', 'GET', {'accept-encoding': 'gzip'})).status, 500);
    assert.equal((await get('/gone.js')).status, 500);
    assert.equal((await get('/gone.png')).status, 500);
  } finally {
    vanishing.clear();
  }
  assert.equal((await get('/gone.png')).body, 'png');
  assert.equal((await get('/')).status, 200);
});
