/**
 * The registry of patch points (plugins/patch-guard/patches.ts) is complete and current:
 * - every id under which the code raises a PatchError, runs an output check or prints a guard
 *   message is an entry of the registry;
 * - every module replacement and alias the site's plugins give the bundler is listed, with the
 *   bundles it applies to, and every listed one is still made;
 * - every entry is still used (its files exist, and its id or its modules appear in the code);
 * - the versions the entries were checked against are the installed ones;
 * - the build-start check finds the replaced upstream files as listed, and reports each way a
 *   replacement can go stale (file gone, pattern off, exports changed, importer changed).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin, PluginConfig} from '@docusaurus/types';
import {CHECKED_AGAINST, PATCH_POINTS, type PatchPoint, type ReplacedModule} from '../../plugins/patch-guard/patches';
import {moduleProblems, packageDir, upstreamProblems} from '../../plugins/patch-guard/upstream';
import {unlistedChecks, withRegistryNotes} from '../../plugins/patch-guard/plugin';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(import.meta.dirname, '../..');
const IDS = new Set(PATCH_POINTS.map((point) => point.id));
const CODE_DIRS = ['plugins', 'config', 'src', 'scripts'];
/** The guard's own helpers, which take the id as a parameter. */
const GUARD_HELPERS = new Set(['plugins/patch-guard/index.cjs']);

function* codeFiles(dir: string): Generator<string> {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const file = path.posix.join(dir, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) yield* codeFiles(file);
    else if (/\.(?:tsx?|mts|cts|cjs|mjs|js)$/.test(name) && !/\.d\.[cm]?ts$/.test(name)) yield file;
  }
}
const CODE = new Map(
  [...CODE_DIRS.flatMap((dir) => [...codeFiles(dir)]), 'docusaurus.config.ts'].map((file) => [
    file,
    readFileSync(path.join(ROOT, file), 'utf8'),
  ]),
);

export interface GuardIds {
  /** Id → the files that use it. */
  ids: Map<string, Set<string>>;
  /** Guard calls whose id cannot be read from the text. */
  unreadable: string[];
}

/**
 * The ids under which code guards a patch point: `…PATCH = 'id'` constants, `new PatchError('id'`,
 * `patch: 'id'` (replaceStrict and output checks), and messages that start with `[id]`.
 */
export function guardIds(files: Map<string, string>): GuardIds {
  const ids = new Map<string, Set<string>>();
  const unreadable: string[] = [];
  const add = (id: string, file: string) => {
    if (!ids.has(id)) ids.set(id, new Set());
    ids.get(id)!.add(file);
  };
  for (const [file, text] of files) {
    for (const pattern of [
      /\b[A-Z_]*PATCH\s*=\s*['"]([^'"]+)['"]/g,
      /\bnew PatchError\(\s*['"]([^'"]+)['"]/g,
      /\bpatch:\s*['"]([^'"]+)['"]/g,
      /(?:Error|error)\(\s*[`'"]\[([^\]\s$]+)\]/g,
    ]) {
      for (const match of text.matchAll(pattern)) add(match[1], file);
    }
    if (GUARD_HELPERS.has(file)) continue;
    for (const match of text.matchAll(/\b(?:new PatchError\(|patch:)\s*([^,\s}]+)/g)) {
      const argument = match[1];
      if (/^['"]/.test(argument) || /^(?:[\w$]+\.)?[A-Z_]*PATCH$/.test(argument)) continue;
      if (/^string\b/.test(argument)) continue; // a type annotation (`patch: string`)
      unreadable.push(`${file}: ${match[0]}`);
    }
  }
  return {ids, unreadable};
}

interface Recorded {
  match: string;
  how: 'replacement' | 'alias';
  bundle: 'browser' | 'server';
  file: string;
}

/** The file of this project that called the recording constructor (from its stack). */
function callerFile(stack: string | undefined): string {
  const line = stack
    ?.split('\n')
    .slice(2)
    .find((frame) => frame.includes(ROOT) && !frame.includes('patchRegistry.test'));
  const full = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(line ?? '')?.[1] ?? '';
  return path.relative(ROOT, full.replace(/^file:\/\//, ''));
}

/**
 * Every module replacement and alias the site's plugins (config/plugins.ts) give the bundler, in a
 * production build, for both bundles: their configureWebpack hooks run with a recording bundler.
 */
async function recordBundlerPatches(): Promise<Recorded[]> {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'patch-registry-'));
  try {
    const {plugins} = (await import('../../config/plugins')) as {plugins: PluginConfig[]};
    const {themeConfig} = (await import('../../config/theme')) as {themeConfig: unknown};
    const context = {
      siteDir: ROOT,
      generatedFilesDir,
      baseUrl: '/',
      siteConfig: {themeConfig},
    } as unknown as LoadContext;
    const recorded: Recorded[] = [];
    class NormalModuleReplacementPlugin {
      match: string;
      file: string;
      constructor(match: RegExp) {
        this.match = String(match);
        this.file = callerFile(new Error().stack);
      }
    }
    class DefinePlugin {}
    class BannerPlugin {}
    const Compilation = {PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE: 700};
    const utils = {
      currentBundler: {
        name: 'rspack',
        instance: {NormalModuleReplacementPlugin, DefinePlugin, BannerPlugin, Compilation},
      },
    };
    for (const entry of plugins) {
      const [factory, options] = Array.isArray(entry) ? entry : [entry, undefined];
      if (typeof factory !== 'function') continue;
      const plugin = (await (factory as (context: LoadContext, options: unknown) => Plugin | Promise<Plugin>)(
        context,
        options,
      )) as Plugin;
      if (!plugin.configureWebpack) continue;
      for (const isServer of [false, true]) {
        const bundle = isServer ? 'server' : 'browser';
        const config = {
          mode: 'production',
          module: {rules: [{test: /\.css$/, use: [{loader: '/nm/postcss-loader/dist/cjs.js', options: {}}]}]},
        };
        const content = {file: 'assets/js/search-prepaint.0.js', code: ''};
        const result = (
          plugin.configureWebpack as (
            ...args: unknown[]
          ) => {resolve?: {alias?: object}; plugins?: unknown[]} | undefined
        )(config, isServer, utils, content);
        // What the bundler is given: a replacement made but not returned replaces nothing.
        for (const item of result?.plugins ?? []) {
          if (item instanceof NormalModuleReplacementPlugin) {
            recorded.push({match: item.match, how: 'replacement', bundle, file: item.file});
          }
        }
        for (const key of Object.keys(result?.resolve?.alias ?? {})) {
          recorded.push({match: key, how: 'alias', bundle, file: plugin.name});
        }
      }
    }
    return recorded;
  } finally {
    process.env.NODE_ENV = previous;
    rmSync(generatedFilesDir, {recursive: true, force: true});
  }
}

const listedModules = PATCH_POINTS.flatMap((point) =>
  (point.modules ?? []).map((module) => ({id: point.id, module, match: String(module.match)})),
);

test('the registry lists at most 12 patch points (issue #34): a new one means retiring or merging another', () => {
  assert.ok(PATCH_POINTS.length <= 12, `${PATCH_POINTS.length} patch points: ${[...IDS].join(', ')}`);
});

test('entries have unique ids, existing files, and every field filled', () => {
  assert.equal(IDS.size, PATCH_POINTS.length, 'duplicate ids');
  for (const point of PATCH_POINTS) {
    for (const field of ['replaces', 'checkedBy', 'buys', 'deleteWhen'] as const) {
      assert.ok(point[field].trim().length > 10, `${point.id}: ${field}`);
    }
    assert.ok(point.dependsOn.length > 0, `${point.id}: dependsOn`);
    const missing = point.files.filter((file) => !existsSync(path.join(ROOT, file)));
    assert.deepEqual(missing, [], `${point.id} lists files that do not exist`);
    if (point.kind === 'module-replacement' || point.kind === 'alias') {
      assert.ok(point.modules?.length, `${point.id} is a ${point.kind} without modules`);
    }
  }
});

test('every id the code guards under is an entry of the registry', () => {
  const {ids, unreadable} = guardIds(CODE);
  assert.deepEqual(unreadable, [], 'guard calls whose id is neither a string nor a …PATCH constant');
  const unlisted = [...ids].filter(([id]) => !IDS.has(id)).map(([id, files]) => `${id} (${[...files].join(', ')})`);
  assert.deepEqual(unlisted, [], 'code guards patch points that plugins/patch-guard/patches.ts does not list');
  assert.deepEqual(unlistedChecks(), [], 'output checks of unlisted patch points');
});

test('the id reader finds every form of guard, and flags an id it cannot read', () => {
  const {ids, unreadable} = guardIds(
    new Map([
      ['a.cjs', "const PATCH = 'one/a';\nthrow new PatchError('two/b', file, 'x');"],
      [
        'b.ts',
        "export const RAW_PATCH = 'three';\nreplaceStrict({patch: 'four/c', file});\n{patch: 'five', proves: ''}",
      ],
      ['c.ts', "throw new Error(`[six/d] ${why}`);\nconsole.error('[seven] no');\nnew Error(`[${X_PATCH}] y`);"],
      ['d.ts', 'throw new PatchError(someName, file, problem);\nreplaceStrict({patch: deferral.PATCH, file});'],
    ]),
  );
  assert.deepEqual([...ids.keys()].sort(), ['five', 'four/c', 'one/a', 'seven', 'six/d', 'three', 'two/b']);
  assert.deepEqual(unreadable, ['d.ts: new PatchError(someName']);
});

test('every module replacement and alias of the plugins is listed, and every listed one is made', async () => {
  const recorded = await recordBundlerPatches();
  assert.ok(recorded.length > 0, 'the recording bundler saw no replacement at all');
  const unlisted = recorded.filter(
    (entry) => !listedModules.some(({module, match}) => module.how === entry.how && match === entry.match),
  );
  assert.deepEqual(
    unlisted.map((entry) => `${entry.how} ${entry.match} (${entry.file}, ${entry.bundle})`),
    [],
    'the bundler gets module replacements or aliases that plugins/patch-guard/patches.ts does not list',
  );
  for (const {id, module, match} of listedModules) {
    const bundles = [...new Set(recorded.filter((entry) => entry.match === match).map((entry) => entry.bundle))];
    assert.deepEqual(bundles.sort(), [...module.bundles].sort(), `${id}: ${match} is made for other bundles`);
  }
  // Replacements made outside the plugins exercised here would escape the check above.
  const makers = new Set(recorded.filter((entry) => entry.how === 'replacement').map((entry) => entry.file));
  const writers = [...CODE]
    .filter(([file, text]) => /new NormalModuleReplacementPlugin\(/.test(text) && !file.includes('stockTwin'))
    .map(([file]) => file);
  assert.deepEqual(
    writers.filter((file) => !makers.has(file)),
    [],
    'files that make replacements the test did not see',
  );
  const aliasWriters = [...CODE].filter(([, text]) => /\balias\s*:\s*\{/.test(text)).map(([file]) => file);
  for (const file of aliasWriters) {
    const literalKeys = [...CODE.get(file)!.matchAll(/\balias\s*:\s*\{\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);
    for (const key of literalKeys) {
      assert.ok(
        listedModules.some(({module}) => module.how === 'alias' && module.match === key),
        `${file}: alias ${key}`,
      );
    }
  }
});

test('every entry is still used: its id guards code, its modules are made, or its files rely on it', () => {
  const {ids} = guardIds(CODE);
  const relies = (point: PatchPoint) =>
    point.usedBy !== undefined && point.files.every((file) => point.usedBy!.test(CODE.get(file) ?? ''));
  const unused = PATCH_POINTS.filter((point) => !ids.has(point.id) && !point.modules?.length && !relies(point)).map(
    (point) => point.id,
  );
  assert.deepEqual(unused, [], 'entries no code refers to: delete them, or guard the point under its id');
});

test('a behaviour relied on at run time is relied on only by the files its entry lists', () => {
  const behaviours = PATCH_POINTS.filter((point) => point.usedBy);
  assert.ok(behaviours.length > 0);
  for (const point of behaviours) {
    const users = [...CODE].filter(([, text]) => point.usedBy!.test(text)).map(([file]) => file);
    assert.deepEqual(users.sort(), [...point.files].sort(), `${point.id}: the files that rely on it`);
  }
});

/**
 * Imports of what Docusaurus and React keep to themselves: a package's `lib/` files and
 * `/internal` entry (in code, not in comments), and React's fibers.
 */
const INTERNAL = [
  /(?:from\s+|import\s*\(\s*|require(?:\.resolve)?\(\s*)['"`]@docusaurus\/[\w-]+\/(?:lib\/|internal['"`])/,
  /\._reactInternals\b/,
];

/** The files that reach into an internal (comments left out). */
function internalUsers(files: Map<string, string>): string[] {
  return [...files]
    .filter(([, text]) => {
      const code = text.replace(/\/\*[^]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      return INTERNAL.some((pattern) => pattern.test(code));
    })
    .map(([file]) => file);
}

test('every file that imports an internal of Docusaurus or React belongs to a listed point', () => {
  const listed = new Set(PATCH_POINTS.flatMap((point) => point.files));
  const tooling = (file: string) => file.startsWith('plugins/patch-guard/') || file.startsWith('scripts/');
  const unlisted = internalUsers(CODE).filter((file) => !listed.has(file) && !tooling(file));
  assert.deepEqual(
    unlisted,
    [],
    'internal imports outside the registry: list the point in patches.ts, or use a public API',
  );
  // The reader sees each form, and not a comment.
  const sample = new Map([
    ['a.tsx', "import {useThing} from '@docusaurus/theme-common/internal';"],
    ['b.ts', "const t = require('@docusaurus/core/lib/client/x.js');"],
    ['c.ts', 'const fiber = instance._reactInternals;'],
    ['d.ts', "// see @docusaurus/core/lib/client/x.js\nimport x from '@docusaurus/theme-common';"],
    ['e.ts', "export const UPSTREAM = '@docusaurus/core/lib/ssg/ssgTemplate.html.js';"],
  ]);
  assert.deepEqual(internalUsers(sample), ['a.tsx', 'b.ts', 'c.ts']);
});

test('the versions the entries were checked against are the installed ones', () => {
  const installed = (pkg: string) =>
    (JSON.parse(readFileSync(path.join(packageDir(pkg, ROOT) ?? pkg, 'package.json'), 'utf8')) as {version: string})
      .version;
  const stale = PATCH_POINTS.flatMap((point) =>
    point.dependsOn
      .filter((dep) => installed(dep.package) !== dep.version)
      .map((dep) => `${point.id}: ${dep.package} checked against ${dep.version}, installed ${installed(dep.package)}`),
  );
  assert.deepEqual(
    stale,
    [],
    'after an upgrade, check these entries against the new version, then update CHECKED_AGAINST in plugins/patch-guard/patches.ts',
  );
  assert.equal(CHECKED_AGAINST.docusaurus, installed('@docusaurus/core'));
  assert.equal(CHECKED_AGAINST.react, installed('react'));
});

test('the build-start check passes on the installed packages', () => {
  assert.deepEqual(upstreamProblems(PATCH_POINTS, ROOT), []);
});

test('the build-start check reports a replaced file that moved, a pattern that misses, and changed exports', () => {
  const site = mkdtempSync(path.join(tmpdir(), 'patch-upstream-'));
  try {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(site, file)), {recursive: true});
      writeFileSync(path.join(site, file), text);
    };
    write('node_modules/up/package.json', '{"name":"up","version":"1.0.0"}');
    write('node_modules/up/lib/thing.js', 'export function useThing() {}\nexport default 1;\n');
    write('node_modules/up/lib/user.js', "import {useThing} from './thing.js';\nconst t = require('helpers');\n");
    write('ours/thing.ts', 'export function useThing() {}\nexport default 2;\n');
    const module: ReplacedModule = {
      how: 'replacement',
      match: /up[\\/]lib[\\/]thing\.js$/,
      on: 'resource',
      replaces: {package: 'up', file: 'lib/thing.js'},
      exports: ['useThing', 'default'],
      exact: true,
      by: 'ours/thing.ts',
      bundles: ['browser'],
    };
    assert.deepEqual(moduleProblems(module, site), []);
    assert.match(
      moduleProblems({...module, match: /up[\\/]src[\\/]thing\.js$/}, site).join(),
      /no longer matches up\/lib\/thing\.js/,
    );
    write(
      'node_modules/up/lib/thing.js',
      'export function useThing() {}\nexport default 1;\nexport const extra = 1;\n',
    );
    assert.match(moduleProblems(module, site).join(), /now also exports extra, which ours\/thing\.ts does not replace/);
    write('node_modules/up/lib/thing.js', 'export default 1;\n');
    assert.match(moduleProblems(module, site).join(), /no longer exports useThing/);
    write('ours/thing.ts', 'export default 2;\n');
    assert.match(moduleProblems(module, site).join(), /ours\/thing\.ts does not export useThing/);
    rmSync(path.join(site, 'node_modules/up/lib/thing.js'));
    assert.match(moduleProblems(module, site).join(), /up\/lib\/thing\.js, the file it replaces, is gone/);
    // A request replacement: the importer must still import the request.
    write('node_modules/helpers/package.json', '{"name":"helpers","version":"1.0.0"}');
    write('node_modules/helpers/index.js', 'exports.__one = function () {};\nexports.__two = 1;\n');
    const request: ReplacedModule = {
      how: 'replacement',
      match: /^helpers$/,
      on: 'request',
      replaces: {package: 'helpers', file: 'index.js'},
      importedBy: [{package: 'up', file: 'lib/user.js', request: 'helpers'}],
      exports: ['__one'],
      exact: false,
      by: 'ours/helpers.cjs',
      bundles: ['browser'],
    };
    write('ours/helpers.cjs', 'exports.__one = () => {};\n');
    assert.deepEqual(moduleProblems(request, site), []);
    write('node_modules/up/lib/user.js', "import {useThing} from './thing.js';\n");
    assert.match(moduleProblems(request, site).join(), /up\/lib\/user\.js no longer imports 'helpers'/);
  } finally {
    rmSync(site, {recursive: true, force: true});
  }
});

test('guard messages name the registry entry, what it depends on and when to delete it', () => {
  const {PatchError} = require('../../plugins/patch-guard/index.cjs') as {
    PatchError: new (patch: string, file: string, problem: string) => Error;
  };
  const error = new PatchError('lean-runtime/tslib-import-default', 'index.js', 'matched 0 times');
  assert.match(error.message, /^\[lean-runtime\/tslib-import-default\] index\.js: matched 0 times\. /);
  assert.match(error.message, /the entry "lean-runtime\/tslib-import-default" in plugins\/patch-guard\/patches\.ts/);
  const report = withRegistryNotes([
    '[lean-runtime/tslib-import-default] one',
    '[lean-runtime/tslib-import-default] two',
  ]);
  const notes = report.split('\n').filter((line) => line.startsWith('  lean-runtime/tslib-import-default:'));
  assert.equal(notes.length, 1);
  assert.match(notes[0], /depends on @docusaurus\/utils-common@3\.10\.2 lib\/index\.js/);
  assert.match(notes[0], /Delete it when `@docusaurus\/utils-common` is published as ES modules or without tslib\.$/);
});
