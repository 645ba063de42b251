import {test} from 'node:test';
import assert from 'node:assert/strict';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  leanPostCssOptions,
  checkRawHtml,
  isMinifiedHtml,
  OneServerFile,
  rendersInWorkers,
  serverFilesProblem,
} from '../../plugins/lean-build';
import leanBuild from '../../plugins/lean-build';

const PRESET_ENV = '/site/node_modules/postcss-preset-env/dist/index.cjs';

test('leanPostCssOptions drops preset-env and the config search, keeps other plugins', () => {
  const other = ['/nm/postcss-other/index.js', {}];
  const lean = leanPostCssOptions({ident: 'postcss', plugins: [[PRESET_ENV, {}], other]});
  assert.deepEqual(lean, {ident: 'postcss', config: false, plugins: [other]});
  assert.deepEqual(leanPostCssOptions({plugins: [PRESET_ENV]}).plugins, []);
});

test('leanPostCssOptions leaves other plugin lists as they are, without the config search', () => {
  const other = ['/nm/autoprefixer/index.js', {}];
  assert.deepEqual(leanPostCssOptions({plugins: [other]}), {config: false, plugins: [other]});
  assert.deepEqual(leanPostCssOptions({}), {config: false, plugins: []});
});

test('the server build makes its dynamic imports eager and is checked to be one file', () => {
  const plugin = leanBuild();
  const server = plugin.configureWebpack?.({mode: 'production'} as never, true, {} as never, undefined as never) as {
    module: unknown;
    plugins: unknown[];
  };
  assert.deepEqual(server.module, {parser: {javascript: {dynamicImportMode: 'eager'}}});
  assert.ok(server.plugins.some((p) => p instanceof OneServerFile));
});

test('one server file passes; chunks beside it stop the build, named', () => {
  assert.equal(serverFilesProblem(['__server/server.bundle.js']), undefined);
  assert.match(serverFilesProblem([]) ?? '', /found 0/);
  const chunks = ['__server/server.bundle.js', 'a.js', 'b.js', 'c.js', 'd.js'];
  assert.match(
    serverFilesProblem(chunks) ?? '',
    /^lean-build: .*found 5 \(__server\/server\.bundle\.js, a\.js, b\.js, …\)$/,
  );

  // The check as the bundler runs it: the report stage of processAssets, errors on the compilation.
  const runCheck = (names: string[]) => {
    const compilation = {
      errors: [] as Error[],
      hooks: {
        processAssets: {
          tap: (_: unknown, fn: (assets: Record<string, unknown>) => void) =>
            fn(Object.fromEntries(names.map((n) => [n, {}]))),
        },
      },
    };
    new OneServerFile().apply({
      webpack: {Compilation: {PROCESS_ASSETS_STAGE_REPORT: 5000}, WebpackError: Error},
      hooks: {thisCompilation: {tap: (_: string, fn: (c: typeof compilation) => void) => fn(compilation)}},
    });
    return compilation.errors.map((e) => e.message);
  };
  assert.deepEqual(runCheck(['__server/server.bundle.js', 'assets/x.css']), []);
  assert.equal(runCheck(chunks).length, 1);
});

// The start of the home page as Docusaurus writes it without and with its HTML minifier.
const RAW =
  '<!DOCTYPE html>\n<html lang="en" dir="ltr" class="plugin-pages plugin-id-default" data-has-hydrated="false">\n<head>';
const MINIFIED =
  '<!doctype html><html lang=en dir=ltr class="plugin-pages plugin-id-default" data-has-hydrated=false><head>';

test('isMinifiedHtml tells the minifier’s output by the <html> tag’s unquoted lang', () => {
  assert.equal(isMinifiedHtml(RAW, 'index.html'), false);
  assert.equal(isMinifiedHtml(MINIFIED, 'index.html'), true);
  assert.equal(isMinifiedHtml("<html class='x' lang='en'>", 'index.html'), false);
  assert.throws(() => isMinifiedHtml('<html dir="ltr"><head>', 'index.html'), /lean-build\/raw-html.*no <html lang>/);
});

test('rendersInWorkers follows Docusaurus: one thread per 100 pages, at most one per CPU, or the env', () => {
  assert.equal(rendersInWorkers(418, 2, {}), true);
  assert.equal(rendersInWorkers(418, 1, {}), false);
  assert.equal(rendersInWorkers(90, 8, {}), false);
  assert.equal(rendersInWorkers(418, 2, {DOCUSAURUS_SSG_WORKER_THREAD_COUNT: '1'}), false);
  assert.equal(rendersInWorkers(50, 1, {DOCUSAURUS_SSG_WORKER_THREAD_COUNT: '3'}), true);
});

test('checkRawHtml fails a worker-rendered build whose pages came out minified, only then', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'raw-html-'));
  const on = {SKIP_HTML_MINIFICATION: 'true'};
  writeFileSync(path.join(dir, 'index.html'), RAW);
  assert.doesNotThrow(() => checkRawHtml(dir, 418, 2, on));
  writeFileSync(path.join(dir, 'index.html'), MINIFIED);
  assert.throws(
    () => checkRawHtml(dir, 418, 2, on),
    /\[lean-build\/raw-html\].*minified although SKIP_HTML_MINIFICATION=true/,
  );
  // Rendered in the main thread (which loaded the minifier before the switch was set), or switched back on.
  assert.doesNotThrow(() => checkRawHtml(dir, 418, 1, on));
  assert.doesNotThrow(() => checkRawHtml(dir, 418, 2, {SKIP_HTML_MINIFICATION: 'false'}));
  rmSync(dir, {recursive: true});
});

test('the plugin sets the switch unless it is already set', () => {
  const saved = process.env.SKIP_HTML_MINIFICATION;
  try {
    delete process.env.SKIP_HTML_MINIFICATION;
    leanBuild();
    assert.equal(process.env.SKIP_HTML_MINIFICATION, 'true');
    process.env.SKIP_HTML_MINIFICATION = 'false';
    leanBuild();
    assert.equal(process.env.SKIP_HTML_MINIFICATION, 'false');
  } finally {
    if (saved === undefined) delete process.env.SKIP_HTML_MINIFICATION;
    else process.env.SKIP_HTML_MINIFICATION = saved;
  }
});
