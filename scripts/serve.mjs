#!/usr/bin/env node
/**
 * Serves the production build (./build) on localhost, as a static host would:
 * - files are served as they are; a directory answers with its index.html;
 * - a directory path without its trailing slash is redirected (301) to the slash form;
 * - any other path answers with the site's 404 page and status 404;
 * - text files (HTML, CSS, JavaScript, JSON, SVG, XML, Wasm) are sent gzip-compressed to clients
 *   that accept it, as GitHub Pages and other static hosts do, so transfer sizes and Lighthouse's
 *   simulated network times match production. Compressed bodies are kept in memory per file.
 *
 * Usage: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--dir build]
 * Also used by the end-to-end tests through startServer().
 */
import {createServer} from 'node:http';
import {createReadStream} from 'node:fs';
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
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
  '.pf_meta': 'application/octet-stream',
  '.pf_fragment': 'application/octet-stream',
  '.pf_index': 'application/octet-stream',
  '.pagefind': 'application/octet-stream',
};

async function statOrNull(file) {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.xml', '.svg', '.txt', '.wasm']);
const gzipAsync = promisify(gzip);
/** file path → {key, body}: the gzip body of the file's last seen version (size and mtime). */
const compressed = new Map();

async function gzipped(file, info) {
  const key = `${info.size}:${info.mtimeMs}`;
  const cached = compressed.get(file);
  if (cached?.key === key) return cached.body;
  const body = await gzipAsync(await readFile(file), {level: 9});
  compressed.set(file, {key, body});
  return body;
}

async function send(req, res, status, file, info) {
  const extension = path.extname(file).toLowerCase();
  const type = TYPES[extension] ?? 'application/octet-stream';
  const immutable = /\/assets\//.test(file) || /pagefind\/.+\.(pf_|pagefind)/.test(file);
  const headers = {
    'Content-Type': type,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  if (COMPRESSIBLE.has(extension)) {
    headers.Vary = 'Accept-Encoding';
    if (/\bgzip\b/.test(req.headers['accept-encoding'] ?? '')) {
      const body = await gzipped(file, info);
      res.writeHead(status, {...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length});
      return res.end(req.method === 'HEAD' ? undefined : body);
    }
  }
  res.writeHead(status, {...headers, 'Content-Length': info.size});
  if (req.method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

/** Starts the server; resolves with {server, url}. */
export function startServer({dir = 'build', port = 3000, host = '127.0.0.1', quiet = true} = {}) {
  const root = path.resolve(dir);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = '/';
      }
      const file = path.join(root, pathname);
      if (!file.startsWith(root)) {
        res.writeHead(400).end('Bad request');
        return;
      }
      const info = await statOrNull(file);
      if (info?.isFile()) return send(req, res, 200, file, info);
      if (info?.isDirectory()) {
        if (!pathname.endsWith('/')) {
          res.writeHead(301, {Location: `${url.pathname}/${url.search}`}).end();
          return;
        }
        const index = path.join(file, 'index.html');
        const indexInfo = await statOrNull(index);
        if (indexInfo?.isFile()) return send(req, res, 200, index, indexInfo);
      }
      const notFound = path.join(root, '404.html');
      const notFoundInfo = await statOrNull(notFound);
      if (notFoundInfo) return send(req, res, 404, notFound, notFoundInfo);
      res.writeHead(404, {'Content-Type': 'text/plain'}).end('Not found');
    } catch (error) {
      if (!quiet) console.error(error);
      if (!res.headersSent) res.writeHead(500).end('Server error');
    }
  });
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
