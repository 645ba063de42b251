/**
 * Switching patch points off to measure them (plugins/patch-guard/switches.ts, the ablation of
 * scripts/bench/ablate.ts):
 * - the variable is read strictly: unknown ids and points kept for correctness fail;
 * - a point goes off with the points it works through;
 * - every point the rule applies to can be switched off, somewhere in the code;
 * - the bundles learn which points are off, and a switched-off point's output checks are skipped;
 * - the ablation's arithmetic: blocking time from a trace, and which thresholds a point clears.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import {PATCH_POINTS} from '../../plugins/patch-guard/patches';
import {PATCHES_OFF_ENV, patchOn, switchedOff} from '../../plugins/patch-guard/switches';
import {switchedOffBundleConfig} from '../../plugins/patch-guard/plugin';
import {checkBuildOutput, OUTPUT_CHECKS, type BuildOutput} from '../../plugins/patch-guard/outputChecks';
import {blockingFromTrace, type TraceEvent} from '../../scripts/bench/cpuBlocking';
import {
  buildGainBeyondNoise,
  buildGainResolved,
  childrenCpuSeconds,
  clearedThresholds,
  chanceOfGains,
  consistentGain,
  GAIN_THRESHOLDS,
  type PointResult,
} from '../../scripts/bench/ablate';

const ROOT = path.resolve(import.meta.dirname, '../..');
const env = (off: string) => ({[PATCHES_OFF_ENV]: off});

test('no variable, no point off; a listed point goes off with the points that require it', () => {
  assert.equal(switchedOff({}).size, 0);
  assert.equal(patchOn('lean-runtime/trim-global-data', {}), true);
  assert.deepEqual([...switchedOff(env(' lean-runtime/trim-global-data , '))], ['lean-runtime/trim-global-data']);
  assert.equal(patchOn('lean-runtime/trim-global-data', env('lean-runtime/trim-global-data')), false);
  const off = switchedOff(env('lean-runtime/route-table'));
  assert.ok(off.has('page-chunks/manifest'), 'page-chunks reads the compact registry');
  assert.ok(!off.has('lean-runtime/trim-global-data'));
  assert.deepEqual([...switchedOff(env('deferred-mdx/split'))].sort(), ['deferred-hydration', 'deferred-mdx/split']);
});

test('a misspelt id or a point that cannot be left out fails instead of measuring nothing', () => {
  assert.throws(() => switchedOff(env('theme/codeblock')), /CF_PATCHES_OFF names no patch point: theme\/codeblock/);
  assert.throws(() => switchedOff(env('pagefind-runtime')), /cannot be switched off/);
  assert.throws(() => patchOn('no/such-point', {}), /no patch point/);
});

test('requires names real entries, and the dependency graph has no cycle', () => {
  const ids = new Set(PATCH_POINTS.map((point) => point.id));
  for (const point of PATCH_POINTS) {
    for (const id of point.requires ?? []) assert.ok(ids.has(id), `${point.id} requires unknown ${id}`);
    assert.ok(!(point.requires ?? []).includes(point.id), `${point.id} requires itself`);
  }
  // Each point switched off alone leaves at least one point on: no cycle swallows everything.
  for (const point of PATCH_POINTS.filter((candidate) => !candidate.noSwitch)) {
    assert.ok(switchedOff(env(point.id)).size < PATCH_POINTS.length, point.id);
  }
});

function* codeFiles(dir: string): Generator<string> {
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const file = path.join(dir, name);
    if (statSync(path.join(ROOT, file)).isDirectory()) yield* codeFiles(file);
    else if (/\.(?:tsx?|mts|cjs|js)$/.test(name)) yield file;
  }
}

/** The ids the code asks `patchOn` about (literal ids, …PATCH constants, and lean-runtime's `on`). */
function switchedInCode(): Set<string> {
  const ids = new Set<string>();
  const files = [...['plugins', 'config', 'src'].flatMap((dir) => [...codeFiles(dir)]), 'docusaurus.config.ts'];
  const texts = new Map(files.map((file) => [file, readFileSync(path.join(ROOT, file), 'utf8')]));
  // …PATCH constants by name, wherever they are defined (they are imported across files).
  const constants = new Map(
    [...texts.values()].flatMap((text) =>
      [...text.matchAll(/\b([A-Z_]+PATCH)\s*=\s*'([^']+)'/g)].map((m) => [m[1], m[2]] as const),
    ),
  );
  for (const [file, text] of texts) {
    for (const [, literal, constant] of text.matchAll(/\bpatchOn\(\s*(?:'([^']+)'|([A-Z_]+PATCH)\b)/g)) {
      ids.add(literal ?? constants.get(constant) ?? `unresolved ${constant} in ${file}`);
    }
    const prefix = /patchOn\(`([\w-]+\/)\$\{id\}`\)/.exec(text)?.[1];
    if (prefix) for (const [, id] of text.matchAll(/\b(?:on|when)\(\s*'([^']+)'/g)) ids.add(prefix + id);
    if (text.includes(`process.env.${PATCHES_OFF_ENV}`)) {
      for (const [, id] of text.matchAll(/\.includes\('([^']+)'\)/g)) ids.add(id);
    }
  }
  return ids;
}

test('every point the rule applies to can be switched off', () => {
  const switched = switchedInCode();
  const missing = PATCH_POINTS.filter((point) => !point.noSwitch && !switched.has(point.id)).map((point) => point.id);
  assert.deepEqual(missing, [], 'points that CF_PATCHES_OFF would not switch off');
  const unknown = [...switched].filter((id) => !PATCH_POINTS.some((point) => point.id === id));
  assert.deepEqual(unknown, [], 'patchOn asks about ids the registry does not list');
});

test('the bundles learn which points are off, and nothing else', () => {
  assert.deepEqual(switchedOffBundleConfig(new Set()), {define: {'process.env.CF_PATCHES_OFF': '""'}});
  const {define} = switchedOffBundleConfig(new Set(['lean-runtime/trim-global-data', 'deferred-mdx/split']));
  assert.deepEqual(JSON.parse(define['process.env.CF_PATCHES_OFF']).split(','), [
    'lean-runtime/trim-global-data',
    'deferred-mdx/split',
  ]);
});

test('the output checks of a switched-off point are skipped, the others still run', () => {
  // An empty build: every check that runs finds what it looks for missing.
  const output: BuildOutput = {
    outDir: '/nowhere',
    entry: new Map(),
    chunks: new Map(),
    homeHtml: '',
    codePages: new Map(),
    stylesheets: new Map(),
    splitPages: [],
  };
  const run = (off: Set<string>) => {
    try {
      return checkBuildOutput(output, off);
    } catch {
      return ['threw'];
    }
  };
  const all = new Set(OUTPUT_CHECKS.map((check) => check.patch));
  assert.deepEqual(checkBuildOutput(output, all), []);
  const allButOne = new Set([...all].filter((id) => id !== 'lean-runtime/route-table'));
  const problems = run(allButOne);
  assert.ok(problems.length > 0, 'the one check left on found the empty output wanting');
  assert.ok(problems.every((problem) => problem.startsWith('[lean-runtime/route-table]') || problem === 'threw'));
});

test('blocking time and CPU time count each top-level task of the busiest renderer thread by its CPU time', () => {
  const main = (pid: number, tid: number): TraceEvent => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    args: {name: 'CrRendererMain'},
  });
  const task = (pid: number, ts: number, cpuMs: number, wallMs = cpuMs * 3): TraceEvent => ({
    name: 'RunTask',
    ph: 'X',
    pid,
    tid: 1,
    ts,
    dur: wallMs * 1000,
    tdur: cpuMs * 1000,
  });
  const events = [
    main(1, 1),
    main(2, 1),
    task(1, 0, 5), // about:blank's renderer
    task(2, 0, 100), // 100 ms of CPU, 300 ms on the wall: counted by CPU
    task(2, 10_000, 40), // nested inside the first (starts before it ends): not counted again
    task(2, 400_000, 10),
    task(2, 500_000, 12),
  ];
  const result = blockingFromTrace(events, [1, 4, 10]);
  assert.equal(result['1×'], 50);
  assert.equal(result['4×'], 350);
  assert.equal(result['10×'], 950 + 50 + 70);
  assert.equal(result.cpu, 100 + 10 + 12, 'CPU time of the top-level tasks, not slowed down');
  assert.deepEqual(blockingFromTrace([], [4]), {'4×': 0, cpu: 0, 'cpu to hydration': 0});
  // The tasks up to the one that hydrated the page (the mark falls inside it).
  const marked = [...events, {name: 'cf-hydrated', ph: 'R', pid: 2, tid: 1, ts: 450_000}];
  assert.equal(blockingFromTrace(marked, [4])['cpu to hydration'], 100 + 10);
});

test('a point pays its way when one gain clears its threshold; build time counts beyond the noise', () => {
  const point = (over: Partial<PointResult>): PointResult => ({id: 'x', off: ['x'], firstLoadKb: {}, ...over});
  const base = [60, 61, 62];
  assert.equal(buildGainBeyondNoise(64, base), 1);
  assert.deepEqual(clearedThresholds(point({firstLoadKb: {home: 1.9, docs: 0.4}, buildSeconds: 61}), base), []);
  assert.match(clearedThresholds(point({firstLoadKb: {home: 2.1}}), base).join(), /first-load JS \+2\.1 KB/);
  const pairs = (...values: number[]) => ({'4×': values.map((v) => v / 4), '10×': values});
  assert.match(
    clearedThresholds(point({tbtMs: {'4×': 5, '10×': 25}, tbtPairs: pairs(25, 30, 20, 40, 25, 26, -5)}), base).join(),
    /blocking \+25 ms .* 10×/,
  );
  assert.deepEqual(
    clearedThresholds(point({tbtMs: {'4×': 5, '10×': 25}, tbtPairs: pairs(25, 30, -20, 40, 25, 26, -5)}), base),
    [],
    'a median over the threshold with two pairs in seven going the other way is noise',
  );
  assert.equal(consistentGain([]), false);
  // The sign test: 6 of 7, 5 of 5 and 26 of 40 are gains; 4 of 5 and 25 of 40 could be noise.
  assert.equal(chanceOfGains(7, 7), 1 / 128);
  assert.equal(chanceOfGains(6, 7), 8 / 128);
  assert.equal(chanceOfGains(0, 5), 1);
  const gainsIn = (gains: number, n: number) => [...Array(gains).fill(1), ...Array(n - gains).fill(-1)];
  assert.equal(consistentGain(gainsIn(5, 5)), true);
  assert.equal(consistentGain(gainsIn(4, 5)), false);
  assert.equal(consistentGain(gainsIn(26, 40)), true);
  assert.equal(consistentGain(gainsIn(25, 40)), false);
  assert.equal(consistentGain([...gainsIn(5, 5), 0, 0]), false, 'a pair that did not move is no gain');
  assert.deepEqual(clearedThresholds(point({buildSeconds: 63}), base), [], 'within the spread of own builds');
  assert.match(clearedThresholds(point({buildSeconds: 64}), base).join(), /build \+1\.0 s/);
  assert.deepEqual(clearedThresholds(point({buildError: 'x'}), base), ['the site does not build without it']);
  // Paired builds replace the run-wide spread: every pair gained, by more than the noise of the
  // own builds' CPU seconds. Own builds varying by about 0.5 s: three pairs of about 0.9 s count…
  const steady = [48, 48.5, 48.9, 48.2];
  assert.match(
    clearedThresholds(point({buildSeconds: 60, buildPairs: [0.9, 1.4, 0.6]}), base, steady).join(),
    /build \+0\.9 s of CPU .*3 pairs/,
  );
  assert.deepEqual(clearedThresholds(point({buildSeconds: 70, buildPairs: [3, 4, -1]}), base, steady), []);
  // …not when the own builds vary by several seconds, nor without own builds to judge by.
  assert.deepEqual(clearedThresholds(point({buildSeconds: 60, buildPairs: [1.4, 4.6]}), base, [51.7, 48.8, 47.3]), []);
  assert.deepEqual(clearedThresholds(point({buildSeconds: 60, buildPairs: [0.9, 1.4, 0.6]}), base), []);
  assert.equal(buildGainResolved([8.1, 7.6], [51.7, 48.8, 47.3]), true, 'eight seconds stand out of that noise');
  assert.equal(childrenCpuSeconds('0m0.004s 0m0.001s\n1m2.500s 0m3.250s\n'), 65.75);
  assert.throws(() => childrenCpuSeconds(''), /cannot read bash's times/);
});

test('every point the rule applies to carries its measured gain, and the gain it claims meets its threshold', () => {
  const problems: string[] = [];
  for (const point of PATCH_POINTS.filter((candidate) => !candidate.keptFor)) {
    const measured = point.measured;
    if (!measured) {
      problems.push(`${point.id}: no measured figures`);
      continue;
    }
    if (!existsSync(path.join(ROOT, measured.report))) problems.push(`${point.id}: ${measured.report} is missing`);
    const {clears} = measured;
    const meets =
      (/^first-load JS/.test(clears) && measured.firstLoadKb >= GAIN_THRESHOLDS.firstLoadKb) ||
      (/^main-thread CPU/.test(clears) && (measured.cpuMs ?? 0) * 4 >= GAIN_THRESHOLDS.tbtMs) ||
      (/^build/.test(clears) && (measured.buildSeconds ?? 0) >= GAIN_THRESHOLDS.buildSeconds) ||
      /^not (?:separable|resolved)/.test(clears);
    if (!meets) problems.push(`${point.id}: "${clears}" does not meet its threshold`);
  }
  assert.deepEqual(problems, []);
});
