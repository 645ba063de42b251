#!/usr/bin/env node
/**
 * Serves the production build (./build) on localhost, as a static host would:
 * - files are served as they are; a directory answers with its index.html;
 * - a directory path without its trailing slash is redirected (301) to the slash form;
 * - any other path answers with the site's 404 page and status 404;
 * - text files (HTML, CSS, JavaScript, JSON, SVG, XML, plain text, Markdown, Wasm) are sent gzip-compressed to clients
 *   that accept it, as GitHub Pages and other static hosts do, so transfer sizes and Lighthouse's
 *   simulated network times match production. Compressed bodies are kept in memory per file;
 * - only GET and HEAD are answered (others: 405); a path with malformed percent-encoding or one that
 *   resolves outside the build folder answers 400; a redirect's location is always a path on this
 *   host; a file that cannot be read answers 500 and the server goes on;
 * - containment: a path is served only when its real path (every symbolic link resolved) lies
 *   inside the real path of the build folder. A link inside the folder to a file or folder outside
 *   it is not followed (404), a link that stays inside works, and a link loop, a device or a FIFO
 *   answers 404 at once: only regular files are ever opened for reading;
 * - files are streamed from disk; a compressed body is made once per file version however many
 *   requests ask for it at the same time, and files over COMPRESS_LIMIT are sent uncompressed.
 *
 * Usage: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--dir build]
 * Also used by the end-to-end tests through startServer().
 */
import {createServer} from 'node:http';
import {constants as fsConstants} from 'node:fs';
import {open, realpath} from 'node:fs/promises';
import {promisify} from 'node:util';
import {gzip} from 'node:zlib';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.ics': 'text/calendar; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.svg', '.txt', '.md', '.ics', '.wasm']);
/** Larger files are streamed as they are rather than compressed in memory. */
export const COMPRESS_LIMIT = 8 * 1024 * 1024;
const gzipAsync = promisify(gzip);
/** Read-only, and without waiting: opening a FIFO for reading would wait for a writer. */
const OPEN_FLAGS = fsConstants.O_RDONLY | fsConstants.O_NONBLOCK;

/** Whether `file` is `dir` or lies inside it (both absolute). */
function inside(dir, file) {
  const relative = path.relative(dir, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * Answers one request from the files under `root`. Never throws: a file that cannot be read (or
 * vanishes between two steps, as during a rebuild) answers 500 and the server goes on.
 * `fs` is the file access ({realpath, open} of node:fs/promises); tests replace it to make
 * reads fail.
 */
export function createHandler({root, fs = {realpath, open}, quiet = true}) {
  /** file path → {key, body}: the gzip body of the file's last seen version (size and mtime). */
  const compressed = new Map();
  /** The real path of the served folder, resolved once. */
  let realRoot;

  /**
   * The regular file or folder a path under `root` names, opened (files) or stat'ed (folders),
   * or null: missing, a link out of the folder or in a loop, anything but a file or a folder.
   */
  const lookup = async (file) => {
    realRoot ??= await fs.realpath(root);
    let real;
    try {
      real = await fs.realpath(file);
    } catch {
      return null;
    }
    if (!inside(realRoot, real)) return null;
    let handle;
    try {
      handle = await fs.open(real, OPEN_FLAGS);
    } catch (error) {
      if (error?.code === 'ENOENT' || error?.code === 'EISDIR' || error?.code === 'ENXIO') return null;
      throw error;
    }
    const info = await handle.stat();
    if (info.isFile()) return {kind: 'file', handle, info, real};
    await handle.close();
    return info.isDirectory() ? {kind: 'directory'} : null;
  };

  const gzipped = async (file, handle, info) => {
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = compressed.get(file);
    if (cached?.key === key) return cached.body;
    // Requests that arrive while the file is compressed share the one compression.
    const body = handle.readFile().then((data) => gzipAsync(data, {level: 9}));
    compressed.set(file, {key, body});
    body.catch(() => compressed.get(file)?.body === body && compressed.delete(file));
    return body;
  };

  const send = async (req, res, status, found) => {
    const {handle, info, real} = found;
    try {
      const extension = path.extname(real).toLowerCase();
      const type = TYPES[extension] ?? 'application/octet-stream';
      const immutable = /[\\/]assets[\\/]/.test(real) || /pagefind[\\/].+\.(pf_|pagefind)/.test(real);
      const headers = {
        'Content-Type': type,
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      if (COMPRESSIBLE.has(extension)) {
        headers.Vary = 'Accept-Encoding';
        if (info.size <= COMPRESS_LIMIT && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
          // Read before the status line goes out, so that a failed read can still answer 500.
          const body = await gzipped(real, handle, info);
          res.writeHead(status, {...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length});
          res.end(req.method === 'HEAD' ? undefined : body);
          return;
        }
      }
      res.writeHead(status, {...headers, 'Content-Length': info.size});
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      // Streamed: a large file is never held whole in memory, however many ask for it.
      const stream = handle.createReadStream({start: 0, end: Math.max(0, info.size - 1), autoClose: false});
      await new Promise((resolve, reject) => {
        stream.on('error', reject);
        res.on('close', () => {
          stream.destroy();
          resolve();
        });
        stream.pipe(res);
      });
    } finally {
      await handle.close().catch(() => undefined);
    }
  };

  /** The file under `root` that a decoded path names, or null when the path leaves `root`. */
  const contained = (pathname) => {
    const file = path.resolve(root, '.' + pathname);
    if (!inside(root, file)) return null;
    return {file, relative: path.relative(root, file)};
  };

  const answer = async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain'}).end('Method not allowed');
      return;
    }
    // The request target is a path: `//other.host/x` is the path `//other.host/x` of this site
    // (read as a URL relative to a base, it would be `/x` of another host).
    const url = new URL(`http://localhost${req.url?.startsWith('/') ? req.url : `/${req.url ?? ''}`}`);
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, {'Content-Type': 'text/plain'}).end('Bad request: malformed percent-encoding');
      return;
    }
    const target = pathname.includes('\0') ? null : contained(pathname);
    if (!target) {
      res.writeHead(400, {'Content-Type': 'text/plain'}).end('Bad request');
      return;
    }
    const {file, relative} = target;
    const found = await lookup(file);
    if (found?.kind === 'file') return await send(req, res, 200, found);
    if (found?.kind === 'directory') {
      if (!pathname.endsWith('/')) {
        // The location is rebuilt from the resolved path, so it is always a path on this host:
        // never `//other.host/…`, whatever the request's path looked like.
        const segments = relative.split(path.sep).filter(Boolean).map(encodeURIComponent);
        const location = `/${segments.join('/')}${segments.length ? '/' : ''}${url.search}`;
        res.writeHead(301, {Location: location}).end();
        return;
      }
      const index = await lookup(path.join(file, 'index.html'));
      if (index?.kind === 'file') return await send(req, res, 200, index);
    }
    const notFound = await lookup(path.join(root, '404.html'));
    if (notFound?.kind === 'file') return await send(req, res, 404, notFound);
    res.writeHead(404, {'Content-Type': 'text/plain'}).end('Not found');
  };

  return async (req, res) => {
    try {
      await answer(req, res);
    } catch (error) {
      if (!quiet) console.error(error);
      if (!res.headersSent) res.writeHead(500, {'Content-Type': 'text/plain'}).end('Server error');
      else res.destroy();
    }
  };
}

/**
 * Starts the server; resolves with {server, url}.
 * @param {{dir?: string, port?: number, host?: string, quiet?: boolean,
 *   fs?: {realpath: typeof realpath, open: typeof open}}} [options]
 */
export function startServer({dir = 'build', port = 3000, host = '127.0.0.1', quiet = true, fs = undefined} = {}) {
  const server = createServer(createHandler({root: path.resolve(dir), fs, quiet}));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address();
      resolve({server, url: `http://${host}:${address.port}`});
    });
  });
}

function argument(name, fallback) {
  const index = process.argv.indexOf(`--${name}`);
  return index > -1 ? process.argv[index + 1] : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(argument('port', process.env.PORT ?? '3000'));
  const host = argument('host', '127.0.0.1');
  const dir = argument('dir', 'build');
  startServer({dir, port, host, quiet: false}).then(
    ({url}) => {
      console.log(`conda-forge site (production build in ./${dir}) served at ${url}/`);
    },
    (error) => {
      // One line, not a stack trace: the usual cause is a port already taken.
      const reason =
        error?.code === 'EADDRINUSE'
          ? `port ${port} on ${host} is already in use; stop the other server or pass --port <number>`
          : error?.code === 'EACCES'
            ? `no permission to listen on port ${port} on ${host}; pass --port <number> (above 1023)`
            : (error?.message ?? String(error));
      console.error(`serve: cannot start: ${reason}.`);
      process.exitCode = 1;
    },
  );
}
