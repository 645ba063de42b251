/**
 * `npm run rehearse` (scripts/rehearse.mts): its command line, what it reads from the logs, its
 * report, and the copy it works in. Running a rehearsal for real installs, builds and browses, so
 * it is not part of the tests.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {
  commitCopy,
  copyProject,
  failedTests,
  firedPatchPoints,
  parseArgs,
  projectFiles,
  splitSpec,
  summary,
  type RehearsalResult,
} from '../../scripts/rehearse.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGE_JSON = {
  dependencies: {'@docusaurus/core': '3.10.2', '@docusaurus/faster': '3.10.2', react: '18.3.1'},
  devDependencies: {'@docusaurus/types': '3.10.2', typescript: '6.0.3'},
};

test('package specs keep their scope and version', () => {
  assert.deepEqual(splitSpec('react@19.2.0'), {name: 'react', version: '19.2.0'});
  assert.deepEqual(splitSpec('@docusaurus/core@4.0.0-canary-6822'), {
    name: '@docusaurus/core',
    version: '4.0.0-canary-6822',
  });
  assert.equal(splitSpec('@docusaurus/core'), undefined);
  assert.equal(splitSpec('react'), undefined);
  assert.equal(splitSpec('react@'), undefined);
});

test('the command line names packages, a scope wildcard and the options', () => {
  assert.deepEqual(parseArgs(['react@19.2.0', 'react-dom@19.2.0'], PACKAGE_JSON), {
    packages: ['react@19.2.0', 'react-dom@19.2.0'],
    keep: false,
    e2e: [],
  });
  assert.deepEqual(parseArgs(['@docusaurus/*@canary', '--keep', '--no-e2e'], PACKAGE_JSON), {
    packages: ['@docusaurus/core@canary', '@docusaurus/faster@canary', '@docusaurus/types@canary'],
    keep: true,
    e2e: null,
  });
  assert.deepEqual(
    parseArgs(['react@19', '--e2e', 'tests/e2e/shell.test.ts, tests/e2e/content.test.ts'], PACKAGE_JSON).e2e,
    ['tests/e2e/shell.test.ts', 'tests/e2e/content.test.ts'],
  );
  assert.equal(parseArgs(['react@19', '--node', '/opt/node24/bin'], PACKAGE_JSON).node, '/opt/node24/bin');
});

test('the command line refuses what it cannot install', () => {
  assert.throws(() => parseArgs([], PACKAGE_JSON), /name at least one package/);
  assert.throws(() => parseArgs(['react'], PACKAGE_JSON), /"react" names no version/);
  assert.throws(() => parseArgs(['@docusaurus/core'], PACKAGE_JSON), /names no version/);
  assert.throws(() => parseArgs(['react@19', '--fast'], PACKAGE_JSON), /unknown option --fast/);
  assert.throws(() => parseArgs(['react@19', '--e2e'], PACKAGE_JSON), /--e2e takes/);
  assert.throws(() => parseArgs(['react@19', '--node'], PACKAGE_JSON), /--node takes/);
  assert.throws(() => parseArgs(['react@19', '--node', '--keep'], PACKAGE_JSON), /--node takes/);
  assert.throws(() => parseArgs(['@vitejs/*@1'], PACKAGE_JSON), /no dependency in @vitejs\//);
  assert.throws(() => parseArgs(['Not A Name@1'], PACKAGE_JSON), /is not a package name/);
  assert.throws(() => parseArgs(['react@19', 'react@18'], PACKAGE_JSON), /react named twice/);
});

test('the patch points that fired are read from the logs, once each, with their first message', () => {
  const log = [
    '[INFO] Creating an optimized production build...',
    '  [lean-runtime/route-table] .docusaurus/registry.js: read 0 of 512 registry entries. See the entry …',
    'Module build failed: [lean-runtime/route-table] again',
    '[ERROR] [deferred-mdx/split] /docs/x/ renders its body outside a Suspense boundary',
    '[unknown/id] not a registry entry; [INFO] neither',
  ].join('\n');
  assert.deepEqual(
    firedPatchPoints(log, ['lean-runtime/route-table', 'deferred-mdx/split', 'react/keep-server-html']),
    [
      {
        id: 'lean-runtime/route-table',
        message: '[lean-runtime/route-table] .docusaurus/registry.js: read 0 of 512 registry entries. See the entry …',
      },
      {
        id: 'deferred-mdx/split',
        message: '[ERROR] [deferred-mdx/split] /docs/x/ renders its body outside a Suspense boundary',
      },
    ],
  );
});

test('failed tests are the innermost failures of the TAP report, named with their file (TODO excused)', () => {
  const tap = [
    'TAP version 13',
    '# Subtest: tests/e2e/shell.test.ts',
    '    # Subtest: the home page hydrates',
    '    ok 1 - the home page hydrates',
    '    # Subtest: tabs',
    '        # Subtest: a stored choice applies',
    '        not ok 1 - a stored choice applies',
    '        ok 2 - a click switches',
    '    not ok 2 - tabs',
    '    not ok 3 - Mermaid draws # TODO',
    'not ok 1 - tests/e2e/shell.test.ts',
    '# Subtest: tests/e2e/routes.test.ts',
    '    ok 1 - every route answers',
    'ok 2 - tests/e2e/routes.test.ts',
    'not ok 3 - a top-level test',
    '# tests 6',
  ].join('\n');
  assert.deepEqual(failedTests(tap), ['shell.test.ts › a stored choice applies', 'a top-level test']);
  assert.deepEqual(failedTests('ok 1 - tests/e2e/a.test.ts\n# tests 1'), []);
});

const RESULT: RehearsalResult = {
  packages: ['@docusaurus/core@4.0.0-canary-6822', 'react@19.2.0'],
  versions: new Map([
    ['@docusaurus/core', ['3.10.2', '4.0.0-canary-6822']],
    ['react', ['18.3.1', '19.2.0']],
  ]),
  install: {ok: true, seconds: 81.2},
  build: {ok: false, seconds: 40.4},
  e2e: null,
  fired: [{id: 'lean-runtime/route-table', message: '[lean-runtime/route-table] registry.js: read 0 of 512'}],
  listed: 29,
  folder: '/tmp/cf-rehearse-x',
  kept: false,
  logs: ['/tmp/logs/install.log', '/tmp/logs/build.log'],
  projectChanged: false,
};

test('the report says what was installed, what passed, what fired and that the project is untouched', () => {
  const text = summary(RESULT);
  assert.match(text, /^Rehearsal of @docusaurus\/core@4\.0\.0-canary-6822 react@19\.2\.0$/m);
  assert.match(text, /^ {2}@docusaurus\/core: 3\.10\.2 → 4\.0\.0-canary-6822$/m);
  assert.match(text, /^Install: passed \(81 s\)$/m);
  assert.match(text, /^Build: FAILED \(40 s\)$/m);
  assert.match(text, /^End-to-end tests: not run \(no build\)$/m);
  assert.match(text, /^Patch points that fired: 1 of the 29 listed$/m);
  assert.match(text, /^ {2}\[lean-runtime\/route-table\] registry\.js: read 0 of 512$/m);
  assert.match(text, /guards that run later, such as the output checks, were not reached/);
  assert.match(text, /The copy was deleted/);
  assert.match(text, /The project was left untouched/);

  const passed = summary({
    ...RESULT,
    build: {ok: true, seconds: 50},
    e2e: {ok: false, seconds: 300, failed: ['shell.test.ts › a stored choice applies'], total: 220},
    fired: [],
    install: {ok: true, seconds: 120, freshLock: true},
    kept: true,
    projectChanged: true,
  });
  assert.match(passed, /^Install: passed \(120 s\), with a new lockfile: the locked tree conflicted/m);
  assert.match(passed, /^End-to-end tests: FAILED \(300 s\): 1 of 220 failed$/m);
  assert.match(passed, /^ {2}- shell\.test\.ts › a stored choice applies$/m);
  assert.match(passed, /^Patch points that fired: 0 of the 29 listed$/m);
  assert.doesNotMatch(passed, /were not reached/);
  assert.match(passed, /The copy is kept in \/tmp\/cf-rehearse-x/);
  assert.match(passed, /WARNING: the project's git status changed/);
});

test('the copy holds the project as git sees it, and nothing is written to the project', () => {
  const status = () => execFileSync('git', ['status', '--porcelain'], {cwd: ROOT, encoding: 'utf8'});
  const before = status();
  const files = projectFiles(ROOT);
  assert.ok(files.includes('package.json') && files.includes('scripts/rehearse.mts'));
  assert.ok(!files.some((file) => file.startsWith('node_modules/') || file.startsWith('build/')));
  const target = mkdtempSync(path.join(tmpdir(), 'rehearse-copy-'));
  try {
    const some = files.filter((file) => file.startsWith('config/') || file === 'package.json');
    assert.equal(copyProject(ROOT, target, some), some.length);
    for (const file of some) {
      assert.equal(readFileSync(path.join(target, file), 'utf8'), readFileSync(path.join(ROOT, file), 'utf8'), file);
    }
    // A git repository of its own (Docusaurus reads each page's last update from git).
    assert.deepEqual(commitCopy(target).sort(), [...some].sort());
    assert.equal(execFileSync('git', ['status', '--porcelain'], {cwd: target, encoding: 'utf8'}), '');
  } finally {
    rmSync(target, {recursive: true, force: true});
  }
  assert.equal(status(), before);
});
