/**
 * Test durations of a node:test run, for finding what makes a suite slow.
 *
 * As a reporter it collects every finished test (name, file, duration, outcome) and writes one
 * JSON document when the run ends:
 *
 *   node --import tsx --test --test-concurrency=2 \
 *     --test-reporter=spec --test-reporter-destination=stdout \
 *     --test-reporter=./scripts/test-durations.mjs --test-reporter-destination=durations.json \
 *     tests/e2e/*.test.ts
 *
 * Run directly on such a document, it prints the slowest tests and the summed time of each file:
 *
 *   node scripts/test-durations.mjs durations.json [how many, 30 by default]
 *
 * A file's summed test time leaves out its before/after hooks (starting the server and the
 * browser); its wall time is how long its process ran, hooks included.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';

export default async function* durationsReporter(source) {
  const started = Date.now();
  const tests = [];
  /** Wall time of each file's process, from the runner's own entry for the file. */
  const files = {};
  for await (const event of source) {
    const file = event.data?.file ? path.relative(process.cwd(), event.data.file) : undefined;
    if (file && event.type === 'test:complete' && event.data.name === event.data.file) {
      files[file] = {wallMs: Math.round(event.data.details?.duration_ms ?? 0)};
    }
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    // Suites (describe) are reported as well; their time is the sum of their tests.
    if (event.data.details?.type === 'suite') continue;
    tests.push({
      file: file ?? '',
      name: event.data.name,
      nesting: event.data.nesting,
      ms: Math.round(event.data.details?.duration_ms ?? 0),
      ok: event.type === 'test:pass' && !event.data.skip && !event.data.todo,
    });
  }
  yield `${JSON.stringify({startedAt: new Date(started).toISOString(), wallMs: Date.now() - started, files, tests}, null, 1)}\n`;
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

function summarise(file, top) {
  const run = JSON.parse(readFileSync(file, 'utf8'));
  // A subtest's time is also in its parent's: totals count top-level tests only.
  const topLevel = run.tests.filter((test) => test.nesting === 0);
  const total = topLevel.reduce((sum, test) => sum + test.ms, 0);
  const withSubtests = run.tests.reduce((sum, test) => sum + test.ms, 0);
  const failed = run.tests.filter((test) => !test.ok);
  const lines = [
    `${run.tests.length} tests (${topLevel.length} top-level), ${failed.length} not passed; wall ${seconds(run.wallMs)}`,
    `summed test time ${seconds(total)} (${seconds(withSubtests)} counting subtests on their own too); started ${run.startedAt}`,
    '',
    `The ${Math.min(top, run.tests.length)} slowest tests:`,
  ];
  for (const test of [...run.tests].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    lines.push(
      `${seconds(test.ms).padStart(9)}  ${path.basename(test.file)}: ${test.name}${test.ok ? '' : ' (not passed)'}`,
    );
  }
  const byFile = new Map();
  for (const test of run.tests) {
    const entry = byFile.get(test.file) ?? {ms: 0, count: 0};
    if (test.nesting === 0) entry.ms += test.ms;
    entry.count += 1;
    byFile.set(test.file, entry);
  }
  lines.push('', 'Per file (summed test time, tests, wall time of its process):');
  for (const [name, entry] of [...byFile].sort((a, b) => b[1].ms - a[1].ms)) {
    const wall = run.files?.[name]?.wallMs;
    lines.push(
      `${seconds(entry.ms).padStart(9)}  ${String(entry.count).padStart(3)} tests  ${wall === undefined ? '' : `wall ${seconds(wall).padStart(8)}  `}${name}`,
    );
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [file, top = '30'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node scripts/test-durations.mjs durations.json [how many]');
    process.exit(2);
  }
  console.log(summarise(file, Number(top)));
}
