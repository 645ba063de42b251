#!/usr/bin/env node
/**
 * Serves the production build (./build) on localhost, as a static host would:
 * - files are served as they are; a directory answers with its index.html;
 * - a directory path without its trailing slash is redirected (301) to the slash form;
 * - any other path answers with the site's 404 page and status 404.
 *
 * Usage: node scripts/serve.mjs [--port 3000] [--host 127.0.0.1] [--dir build]
 * Also used by the end-to-end tests through startServer().
 */
import {createServer} from 'node:http';
import {createReadStream} from 'node:fs';
import {stat} from 'node:fs/promises';
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

function send(res, status, file, size, method) {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  const immutable = /\/assets\//.test(file) || /pagefind\/.+\.(pf_|pagefind)/.test(file);
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Length': size,
    'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (method === 'HEAD') return res.end();
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
      if (info?.isFile()) return send(res, 200, file, info.size, req.method);
      if (info?.isDirectory()) {
        if (!pathname.endsWith('/')) {
          res.writeHead(301, {Location: `${url.pathname}/${url.search}`}).end();
          return;
        }
        const index = path.join(file, 'index.html');
        const indexInfo = await statOrNull(index);
        if (indexInfo?.isFile()) return send(res, 200, index, indexInfo.size, req.method);
      }
      const notFound = path.join(root, '404.html');
      const notFoundInfo = await statOrNull(notFound);
      if (notFoundInfo) return send(res, 404, notFound, notFoundInfo.size, req.method);
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
