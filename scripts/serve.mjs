#!/usr/bin/env node
/**
 * Serves the production build (./build) on localhost, as a static host would:
 * - files are served as they are; a directory answers with its index.html;
 * - a directory path without its trailing slash is redirected (301) to the slash form;
 * - any other path answers with the site's 404 page and status 404;
 * - text files (HTML, CSS, JavaScript, JSON, SVG, XML, Wasm) are sent gzip-compressed to clients
 *   that accept it, as GitHub Pages and other static hosts do, so transfer sizes and Lighthouse's
 *   simulated network times match production. Compressed bodies are kept in memory per file;
 * - only GET and HEAD are answered (others: 405); a path with malformed percent-encoding or one that
 *   resolves outside the build folder answers 400; a redirect's location is always a path on this
 *   host; a file that cannot be read answers 500 and the server goes on.
 *
 * Usage: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--dir build]
 * Also used by the end-to-end tests through startServer().
 */
import {createServer} from 'node:http';
import {readFile, stat} from 'node:fs/promises';
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
  '.ics': 'text/calendar; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.svg', '.txt', '.ics', '.wasm']);
const gzipAsync = promisify(gzip);

/**
 * Answers one request from the files under `root`. Never throws: a file that cannot be read (or
 * vanishes between stat and read, as during a rebuild) answers 500 and the server goes on.
 * `fs` is the file access ({stat, readFile}); tests replace it to make reads fail.
 */
export function createHandler({root, fs = {stat, readFile}, quiet = true}) {
  /** file path → {key, body}: the gzip body of the file's last seen version (size and mtime). */
  const compressed = new Map();

  const statOrNull = async (file) => {
    try {
      return await fs.stat(file);
    } catch {
      return null;
    }
  };

  const gzipped = async (file, info) => {
    const key = `${info.size}:${info.mtimeMs}`;
    const cached = compressed.get(file);
    if (cached?.key === key) return cached.body;
    const body = await gzipAsync(await fs.readFile(file), {level: 9});
    compressed.set(file, {key, body});
    return body;
  };

  const send = async (req, res, status, file, info) => {
    const extension = path.extname(file).toLowerCase();
    const type = TYPES[extension] ?? 'application/octet-stream';
    const immutable = /[\\/]assets[\\/]/.test(file) || /pagefind[\\/].+\.(pf_|pagefind)/.test(file);
    const headers = {
      'Content-Type': type,
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    };
    let body;
    if (COMPRESSIBLE.has(extension)) {
      headers.Vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
        body = await gzipped(file, info);
        headers['Content-Encoding'] = 'gzip';
      }
    }
    // Read before the status line goes out, so that a failed read can still answer 500.
    body ??= await fs.readFile(file);
    res.writeHead(status, {...headers, 'Content-Length': body.length});
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  /** The file under `root` that a decoded path names, or null when the path leaves `root`. */
  const contained = (pathname) => {
    const file = path.resolve(root, '.' + pathname);
    const relative = path.relative(root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
    return {file, relative};
  };

  const answer = async (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, {Allow: 'GET, HEAD', 'Content-Type': 'text/plain'}).end('Method not allowed');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
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
    const info = await statOrNull(file);
    if (info?.isFile()) return await send(req, res, 200, file, info);
    if (info?.isDirectory()) {
      if (!pathname.endsWith('/')) {
        // The location is rebuilt from the resolved path, so it is always a path on this host:
        // never `//other.host/…`, whatever the request's path looked like.
        const segments = relative.split(path.sep).filter(Boolean).map(encodeURIComponent);
        const location = `/${segments.join('/')}${segments.length ? '/' : ''}${url.search}`;
        res.writeHead(301, {Location: location}).end();
        return;
      }
      const index = path.join(file, 'index.html');
      const indexInfo = await statOrNull(index);
      if (indexInfo?.isFile()) return await send(req, res, 200, index, indexInfo);
    }
    const notFound = path.join(root, '404.html');
    const notFoundInfo = await statOrNull(notFound);
    if (notFoundInfo) return await send(req, res, 404, notFound, notFoundInfo);
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
 *   fs?: {stat: typeof stat, readFile: (file: string) => Promise<Buffer>}}} [options]
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
  startServer({dir, port, host, quiet: false}).then(({url}) => {
    console.log(`conda-forge site (production build in ./${dir}) served at ${url}/`);
  });
}
