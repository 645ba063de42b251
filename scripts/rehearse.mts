#!/usr/bin/env node
/**
 * `npm run rehearse -- react@<v> react-dom@<v> @docusaurus/core@<v> …`: an upgrade tried in a
 * throw-away copy of the project. It copies the project's files (`git ls-files`, uncommitted
 * changes included) to a temporary folder (committed there: the site reads git for each page's
 * last update), installs the named versions there (with a new lockfile
 * when the locked tree's peers conflict with them), builds the site and
 * runs the end-to-end suite, then prints which patch points (plugins/patch-guard/patches.ts) fired
 * and which tests failed. The project itself is not written to: its `git status` is compared
 * before and after.
 *
 *   npm run rehearse -- '@docusaurus/*@canary'        every @docusaurus/* package of package.json
 *   npm run rehearse -- react@19 react-dom@19 --keep  keep the copy (to read its .docusaurus/)
 *   npm run rehearse -- … --no-e2e                     build only
 *   npm run rehearse -- … --e2e tests/e2e/shell.test.ts,tests/e2e/content.test.ts
 *   npm run rehearse -- … --node /opt/node24/bin    run npm, the build and the tests with the
 *                                                   `node` of that folder (a version the new
 *                                                   packages require)
 *
 * It builds and runs a browser: on a shared machine, take the heavy lock
 * (`flock /tmp/cf-heavy.lock npm run rehearse -- …`). Not part of `npm test`.
 */
import {spawn, execFileSync} from 'node:child_process';
import {cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {PATCH_POINTS} from '../plugins/patch-guard/patches';

export interface RehearsalOptions {
  /** Package specs to install, `name@version`. */
  packages: string[];
  keep: boolean;
  /** The e2e files to run; empty: the whole suite; null: none. */
  e2e: string[] | null;
  /** A folder with another `node` binary, put first on the PATH of every step. */
  node?: string;
}

const NAME = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*$/i;

/** Splits `name@version` (the name may be scoped); undefined when there is no version. */
export function splitSpec(spec: string): {name: string; version: string} | undefined {
  const at = spec.lastIndexOf('@');
  if (at <= 0) return undefined;
  const name = spec.slice(0, at);
  const version = spec.slice(at + 1);
  return version ? {name, version} : undefined;
}

/** The names of the project's dependencies (both kinds) that start with `prefix`. */
function dependencyNames(packageJson: unknown, prefix: string): string[] {
  const pkg = packageJson as {dependencies?: Record<string, string>; devDependencies?: Record<string, string>};
  return Object.keys({...pkg.dependencies, ...pkg.devDependencies})
    .filter((name) => name.startsWith(prefix))
    .sort();
}

export const USAGE =
  'Usage: npm run rehearse -- <name@version>… [--keep] [--no-e2e] [--e2e file,file] [--node dir]\n' +
  "  e.g. npm run rehearse -- react@19.2.0 react-dom@19.2.0 '@docusaurus/*@3.10.2'";

/**
 * The options of a command line. `scope/*@version` stands for every dependency of package.json in
 * that scope. Throws a message for the reader on anything it cannot use.
 */
export function parseArgs(argv: string[], packageJson: unknown): RehearsalOptions {
  const options: RehearsalOptions = {packages: [], keep: false, e2e: []};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--keep') options.keep = true;
    else if (arg === '--no-e2e') options.e2e = null;
    else if (arg === '--e2e') {
      const files = (argv[++i] ?? '')
        .split(',')
        .map((file) => file.trim())
        .filter(Boolean);
      if (files.length === 0) throw new Error(`--e2e takes a comma-separated list of test files\n${USAGE}`);
      options.e2e = files;
    } else if (arg === '--node') {
      const dir = argv[++i];
      if (!dir || dir.startsWith('--')) throw new Error(`--node takes the folder of a node binary\n${USAGE}`);
      options.node = dir;
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}\n${USAGE}`);
    else {
      const spec = splitSpec(arg);
      if (!spec) throw new Error(`"${arg}" names no version: write name@version\n${USAGE}`);
      if (spec.name.endsWith('/*')) {
        const scope = spec.name.slice(0, -1);
        const names = dependencyNames(packageJson, scope);
        if (names.length === 0) throw new Error(`package.json has no dependency in ${scope}`);
        options.packages.push(...names.map((name) => `${name}@${spec.version}`));
      } else if (!NAME.test(spec.name)) throw new Error(`"${spec.name}" is not a package name\n${USAGE}`);
      else options.packages.push(`${spec.name}@${spec.version}`);
    }
  }
  if (options.packages.length === 0) throw new Error(`name at least one package to install\n${USAGE}`);
  const names = options.packages.map((spec) => splitSpec(spec)!.name);
  const twice = names.filter((name, index) => names.indexOf(name) !== index);
  if (twice.length > 0) throw new Error(`${[...new Set(twice)].join(', ')} named twice`);
  return options;
}

/** One fired patch point: its id and the first message that named it. */
export interface Fired {
  id: string;
  message: string;
}

/** The registry's patch points named (`[id]`) in a build or test log, each once, in order. */
export function firedPatchPoints(log: string, ids: Iterable<string>): Fired[] {
  const known = new Set(ids);
  const fired = new Map<string, string>();
  for (const line of log.split('\n')) {
    for (const match of line.matchAll(/\[([\w./-]+)\]/g)) {
      if (known.has(match[1]) && !fired.has(match[1])) fired.set(match[1], line.trim().slice(0, 300));
    }
  }
  return [...fired].map(([id, message]) => ({id, message}));
}

/**
 * The failed tests of a TAP report (node --test --test-reporter=tap): the innermost `not ok`
 * of each branch, as `file › test` when the file is known.
 */
export function failedTests(tap: string): string[] {
  // Subtests are reported before the test that holds them, one level (four spaces) deeper.
  const pending = new Map<number, string[]>();
  for (const raw of tap.split('\n')) {
    const match = /^( *)(not ok|ok) \d+ - (.*?)(?: # (\w+).*)?$/.exec(raw);
    if (!match) continue;
    // A test marked TODO or SKIP does not fail the run.
    const excused = /^(?:todo|skip)$/i.test(match[4] ?? '');
    const depth = Math.floor(match[1].length / 4);
    const name = match[3];
    let leaves = pending.get(depth + 1) ?? [];
    pending.delete(depth + 1);
    if (match[2] === 'not ok' && !excused && leaves.length === 0) leaves = [name];
    if (/\.test\.[cm]?[jt]s$/.test(name)) leaves = leaves.map((leaf) => `${path.basename(name)} › ${leaf}`);
    pending.set(depth, [...(pending.get(depth) ?? []), ...leaves]);
  }
  return [...pending.keys()].sort((a, b) => a - b).flatMap((depth) => pending.get(depth)!);
}

export interface RehearsalResult {
  packages: string[];
  /** name → [before, after] versions. */
  versions: Map<string, [string, string]>;
  /** `freshLock`: the locked tree conflicted with the new versions, so the lockfile was dropped. */
  install: {ok: boolean; seconds: number; freshLock?: boolean};
  build: {ok: boolean; seconds: number} | null;
  e2e: {ok: boolean; seconds: number; failed: string[]; total: number} | null;
  fired: Fired[];
  /** How many patch points the registry lists. */
  listed: number;
  folder: string;
  kept: boolean;
  logs: string[];
  /** The project's `git status` changed while the rehearsal ran (it must not). */
  projectChanged: boolean;
}

/** The report printed at the end. */
export function summary(result: RehearsalResult): string {
  const lines = [`Rehearsal of ${result.packages.join(' ')}`];
  for (const [name, [before, after]] of result.versions) lines.push(`  ${name}: ${before} → ${after}`);
  const step = (label: string, outcome: {ok: boolean; seconds: number} | null, skipped: string) =>
    outcome
      ? `${label}: ${outcome.ok ? 'passed' : 'FAILED'} (${outcome.seconds.toFixed(0)} s)`
      : `${label}: not run (${skipped})`;
  lines.push(
    step('Install', result.install, '') +
      (result.install.freshLock
        ? ', with a new lockfile: the locked tree conflicted with the new versions (ERESOLVE)'
        : ''),
  );
  lines.push(step('Build', result.build, 'the install failed'));
  if (result.e2e) {
    lines.push(
      `${step('End-to-end tests', result.e2e, '')}: ${result.e2e.failed.length} of ${result.e2e.total} failed`,
    );
    for (const name of result.e2e.failed) lines.push(`  - ${name}`);
  } else lines.push(step('End-to-end tests', null, result.build?.ok ? 'not asked for' : 'no build'));
  lines.push(`Patch points that fired: ${result.fired.length} of the ${result.listed} listed`);
  for (const {id, message} of result.fired) lines.push(`  [${id}] ${message.replace(`[${id}] `, '')}`);
  if (result.build && !result.build.ok) {
    lines.push('  (the build stopped: guards that run later, such as the output checks, were not reached)');
  }
  lines.push(`Logs: ${result.logs.join(', ')}`);
  lines.push(result.kept ? `The copy is kept in ${result.folder}` : 'The copy was deleted (--keep keeps it).');
  lines.push(
    result.projectChanged
      ? "WARNING: the project's git status changed during the rehearsal."
      : 'The project was left untouched (same git status before and after).',
  );
  return lines.join('\n');
}

/** The project's files as git sees them: tracked and untracked-but-not-ignored, existing. */
export function projectFiles(root: string): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return [...new Set(listed.split('\0').filter(Boolean))].filter((file) => existsSync(path.join(root, file)));
}

/** Copies the files into `target` (which must not be inside the project). */
export function copyProject(root: string, target: string, files = projectFiles(root)): number {
  for (const file of files) {
    mkdirSync(path.dirname(path.join(target, file)), {recursive: true});
    cpSync(path.join(root, file), path.join(target, file), {dereference: false});
  }
  return files.length;
}

/**
 * Makes the copy a git repository of one commit: the site reads each page's last update from git
 * (`future.experimental_vcs`) and stops outside a worktree. Returns the commit's files.
 */
export function commitCopy(folder: string): string[] {
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@localhost', ...args], {
      cwd: folder,
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'rehearsal copy');
  return git('ls-files', '-z').split('\0').filter(Boolean);
}

/** Runs a command in `cwd`, its output appended to `log` (and echoed when `echo`). */
function run(
  command: string,
  args: string[],
  cwd: string,
  log: string,
  node?: string,
): Promise<{ok: boolean; seconds: number}> {
  const started = performance.now();
  const PATH = node ? `${path.resolve(node)}${path.delimiter}${process.env.PATH ?? ''}` : process.env.PATH;
  return new Promise((resolve) => {
    const out = createWriteStream(log, {flags: 'a'});
    const child = spawn(command, args, {cwd, env: {...process.env, PATH, FORCE_COLOR: '0'}});
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => out.write(chunk));
    }
    child.on('close', (code) => {
      out.end();
      resolve({ok: code === 0, seconds: (performance.now() - started) / 1000});
    });
  });
}

function installedVersion(dir: string, name: string): string {
  try {
    return (JSON.parse(readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')) as {version: string})
      .version;
  } catch {
    return 'not installed';
  }
}

function gitStatus(root: string): string {
  return execFileSync('git', ['status', '--porcelain'], {cwd: root, encoding: 'utf8'});
}

async function main(): Promise<void> {
  const root = process.cwd();
  let options: RehearsalOptions;
  try {
    options = parseArgs(process.argv.slice(2), JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')));
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const ids = PATCH_POINTS.map((point) => point.id);
  const statusBefore = gitStatus(root);
  const folder = mkdtempSync(path.join(tmpdir(), 'cf-rehearse-'));
  const logDir = mkdtempSync(path.join(tmpdir(), 'cf-rehearse-logs-'));
  const log = (name: string) => path.join(logDir, name);
  const count = copyProject(root, folder);
  commitCopy(folder);
  console.log(`Copied ${count} files to ${folder}; installing ${options.packages.join(' ')}…`);

  const names = options.packages.map((spec) => splitSpec(spec)!.name);
  const before = new Map(names.map((name) => [name, installedVersion(root, name)]));
  const npmInstall = () =>
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--save-exact', ...options.packages],
      folder,
      log('install.log'),
      options.node,
    );
  let install: RehearsalResult['install'] = await npmInstall();
  if (!install.ok && /\bERESOLVE\b/.test(readFileSync(log('install.log'), 'utf8'))) {
    // The other locked packages hold peers of the old versions: resolve the tree anew, as an
    // upgrade of this size would.
    console.log('The locked tree conflicts with the new versions; installing with a new lockfile…');
    rmSync(path.join(folder, 'package-lock.json'), {force: true});
    rmSync(path.join(folder, 'node_modules'), {recursive: true, force: true});
    const retry = await npmInstall();
    install = {...retry, seconds: install.seconds + retry.seconds, freshLock: true};
  }
  const versions = new Map(
    names.map((name) => [name, [before.get(name)!, installedVersion(folder, name)] as [string, string]]),
  );
  let build: RehearsalResult['build'] = null;
  let e2e: RehearsalResult['e2e'] = null;
  const logs = [log('install.log')];
  if (install.ok) {
    console.log('Building…');
    build = await run('npm', ['run', 'build'], folder, log('build.log'), options.node);
    logs.push(log('build.log'));
    if (build.ok && options.e2e !== null) {
      console.log('Running the end-to-end tests…');
      const files = options.e2e.length > 0 ? options.e2e : ['tests/e2e/*.test.ts'];
      const outcome = await run(
        'sh',
        ['-c', `node --import tsx --test --test-concurrency=2 --test-reporter=tap ${files.join(' ')}`],
        folder,
        log('e2e.tap'),
        options.node,
      );
      logs.push(log('e2e.tap'));
      const tap = readFileSync(log('e2e.tap'), 'utf8');
      const total = Number(/^# tests (\d+)/m.exec(tap)?.[1] ?? 0);
      e2e = {...outcome, failed: failedTests(tap), total};
    }
  }
  const allLogs = logs
    .filter(existsSync)
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const result: RehearsalResult = {
    packages: options.packages,
    versions,
    install,
    build,
    e2e,
    fired: firedPatchPoints(allLogs, ids),
    listed: ids.length,
    folder,
    kept: options.keep,
    logs,
    projectChanged: gitStatus(root) !== statusBefore,
  };
  if (!options.keep) rmSync(folder, {recursive: true, force: true});
  console.log(`\n${summary(result)}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
