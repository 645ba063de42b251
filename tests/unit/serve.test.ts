import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync, spawnSync} from 'node:child_process';
import {constants as fsConstants, type PathLike} from 'node:fs';
import {mkdtemp, mkdir, writeFile, open, realpath, rm, symlink} from 'node:fs/promises';
import {request as httpRequest, type Server} from 'node:http';
import {createServer as createNetServer, type AddressInfo} from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {startServer} from '../../scripts/serve.mjs';

// A build folder with a sibling whose name starts with "build": the containment check must not
// mistake the sibling for part of the build.
let parent = '';
let root = '';
let server: Server;
let base = '';
/** Files that cannot be read (opened), as when a rebuild removes or rewrites them mid-request. */
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
    realpath,
    open: async (file: PathLike, flags?: string | number) => {
      if (vanishing.has(path.basename(String(file)))) {
        throw Object.assign(new Error(`EACCES: permission denied, open '${String(file)}'`), {code: 'EACCES'});
      }
      return open(file, flags);
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

test('a request path that starts with two slashes is a path of this site, not the root of another host', async () => {
  // Read as a URL, `//evil.example/index.html` would be /index.html of evil.example: the home page.
  const res = await get('//evil.example/index.html');
  assert.deepEqual([res.status, res.body], [404, '<h1>Not found</h1>']);
  assert.equal((await get('//docs/')).body, '<h1>Docs</h1>');
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

// --- Containment by real path (issue 37): links, loops, devices, FIFOs; ports; large files ----

/** A build folder full of links, beside a folder of secrets; served without a stand-in file access. */
async function linkedSite() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'serve-links-'));
  const site = path.join(dir, 'site');
  const outside = path.join(dir, 'outside');
  await mkdir(path.join(site, 'docs'), {recursive: true});
  await mkdir(outside);
  await writeFile(path.join(outside, 'secret.txt'), 'secret outside the site');
  await writeFile(path.join(site, 'index.html'), '<h1>Home</h1>');
  await writeFile(path.join(site, '404.html'), '<h1>Not found</h1>');
  await writeFile(path.join(site, 'docs', 'page.html'), '<h1>Page</h1>');
  await symlink(path.join(outside, 'secret.txt'), path.join(site, 'secret.txt'));
  await symlink(outside, path.join(site, 'outside-dir'));
  await symlink('/proc/self/environ', path.join(site, 'environ.txt'));
  await symlink('/dev/zero', path.join(site, 'zero.js'));
  await symlink(path.join(site, 'loop-b'), path.join(site, 'loop-a'));
  await symlink(path.join(site, 'loop-a'), path.join(site, 'loop-b'));
  await symlink(path.join(site, 'docs', 'page.html'), path.join(site, 'inside.html'));
  await symlink(path.join(site, 'docs'), path.join(site, 'guide'));
  execFileSync('mkfifo', [path.join(site, 'pipe.txt')]);
  const started = (await startServer({dir: site, port: 0})) as {server: Server; url: string};
  return {dir, ...started};
}

/** A raw GET against `url`, failing (not hanging) when no answer comes. */
function fetchRaw(url: string, rawPath: string) {
  const {hostname, port} = new URL(url);
  return new Promise<{status: number; body: string}>((resolve, reject) => {
    const req = httpRequest({hostname, port, path: rawPath, timeout: 15_000}, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({status: res.statusCode ?? 0, body}));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer for ${rawPath}`)));
    req.on('error', reject);
    req.end();
  });
}

test('a link out of the served folder is not followed; a link that stays inside is', async () => {
  const linked = await linkedSite();
  try {
    for (const raw of ['/secret.txt', '/outside-dir/secret.txt', '/environ.txt']) {
      const res = await fetchRaw(linked.url, raw);
      assert.equal(res.status, 404, raw);
      assert.equal(res.body, '<h1>Not found</h1>', raw);
    }
    assert.deepEqual(await fetchRaw(linked.url, '/inside.html'), {status: 200, body: '<h1>Page</h1>'});
    assert.deepEqual(await fetchRaw(linked.url, '/guide/page.html'), {status: 200, body: '<h1>Page</h1>'});
  } finally {
    await new Promise<void>((resolve) => linked.server.close(() => resolve()));
    await rm(linked.dir, {recursive: true, force: true});
  }
});

test(
  'a link loop, /dev/zero and a FIFO answer at once, and the server goes on serving',
  {timeout: 60_000},
  async () => {
    const linked = await linkedSite();
    try {
      // More requests than libuv has threads: none of them may hold one.
      const raws = ['/loop-a', '/zero.js', '/pipe.txt', '/pipe.txt', '/zero.js', '/pipe.txt', '/loop-b'];
      const answers = await Promise.all(raws.map((raw) => fetchRaw(linked.url, raw)));
      assert.deepEqual(
        answers.map((res) => res.status),
        raws.map(() => 404),
      );
      assert.deepEqual(await fetchRaw(linked.url, '/'), {status: 200, body: '<h1>Home</h1>'});
    } finally {
      await new Promise<void>((resolve) => linked.server.close(() => resolve()));
      await rm(linked.dir, {recursive: true, force: true});
    }
  },
);

test('a 404 page that is a FIFO answers at once, and the server goes on serving', {timeout: 60_000}, async () => {
  // Every other path is looked up by kind before it is read; the not-found page is read too when a
  // path is missing, so it must be a regular file as well, or a request waits for a FIFO's writer.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'serve-fifo-'));
  await writeFile(path.join(dir, 'index.html'), '<h1>Home</h1>');
  const fifo = path.join(dir, '404.html');
  execFileSync('mkfifo', [fifo]);
  const started = (await startServer({dir, port: 0})) as {server: Server; url: string};
  try {
    assert.equal((await fetchRaw(started.url, '/nowhere/')).status, 404);
    assert.deepEqual(await fetchRaw(started.url, '/'), {status: 200, body: '<h1>Home</h1>'});
  } finally {
    // A server that did open the FIFO waits for a writer: become one so that it lets go.
    await open(fifo, fsConstants.O_WRONLY | fsConstants.O_NONBLOCK).then(
      (handle) => handle.close(),
      () => undefined,
    );
    await new Promise<void>((resolve) => started.server.close(() => resolve()));
    await rm(dir, {recursive: true, force: true});
  }
});

test('a busy port makes the server say so in one line, without a stack trace', {timeout: 60_000}, async () => {
  const busy = createNetServer();
  await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
  const {port} = busy.address() as AddressInfo;
  try {
    const result = spawnSync(process.execPath, ['scripts/serve.mjs', '--port', String(port), '--dir', root], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.equal(lines.length, 1, result.stderr);
    assert.match(lines[0], new RegExp(`^serve: cannot start: port ${port} on 127\\.0\\.0\\.1 is already in use`));
  } finally {
    busy.close();
  }
});

test('parallel requests for a large file do not each read it whole', async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'serve-large-'));
  await writeFile(path.join(dir, 'index.html'), '<h1>Home</h1>');
  await writeFile(path.join(dir, 'big.png'), Buffer.alloc(3 * 1024 * 1024, 7));
  await writeFile(path.join(dir, 'big.js'), `export const x = "${'a'.repeat(2 * 1024 * 1024)}";`);
  // Every way of reading a whole file into memory is counted, whichever the server uses.
  const wholeReads: string[] = [];
  const fs = {
    realpath,
    open: async (file: PathLike, flags?: string | number) => {
      const handle = await open(file, flags);
      const readWhole = handle.readFile.bind(handle);
      return Object.assign(handle, {
        readFile: (...args: Parameters<typeof readWhole>) => {
          wholeReads.push(path.basename(String(file)));
          return readWhole(...args);
        },
      });
    },
    stat: (await import('node:fs/promises')).stat,
    readFile: async (file: string) => {
      wholeReads.push(path.basename(file));
      return (await import('node:fs/promises')).readFile(file);
    },
  };
  const started = (await startServer({dir, port: 0, fs})) as {server: Server; url: string};
  const {hostname, port} = new URL(started.url);
  const getLength = (rawPath: string, headers: Record<string, string> = {}) =>
    new Promise<number>((resolve, reject) => {
      httpRequest({hostname, port, path: rawPath, headers}, (res) => {
        let length = 0;
        res.on('data', (chunk: Buffer) => (length += chunk.length));
        res.on('end', () => resolve(length));
      })
        .on('error', reject)
        .end();
    });
  try {
    const images = await Promise.all(Array.from({length: 6}, () => getLength('/big.png')));
    assert.deepEqual(images, Array(6).fill(3 * 1024 * 1024));
    assert.deepEqual(
      wholeReads.filter((name) => name === 'big.png'),
      [],
      'the image is streamed',
    );
    const scripts = await Promise.all(Array.from({length: 6}, () => getLength('/big.js', {'accept-encoding': 'gzip'})));
    assert.ok(scripts.every((length) => length > 0 && length === scripts[0]));
    assert.deepEqual(
      wholeReads.filter((name) => name === 'big.js'),
      ['big.js'],
      'one compression serves every request',
    );
  } finally {
    await new Promise<void>((resolve) => started.server.close(() => resolve()));
    await rm(dir, {recursive: true, force: true});
  }
});
