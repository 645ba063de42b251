import {test} from 'node:test';
import assert from 'node:assert/strict';
import {EARLY_PAGEFIND, PAGEFIND_OPTIONS, pagefindBootScript} from '../../src/lib/search/pagefind';
import {mergeRanked, PAGE_SIZE, SECTIONS, type Section} from '../../src/lib/search/index';

const CONTEXT = {language: 'en', versionTags: ['default', 'docs-default-current']};

interface Call {
  method: string;
  args: unknown[];
}

/** A fake Pagefind runtime that records calls; results per section have the given raw scores. */
function fakePagefind(scores: Partial<Record<Section, number[]>>) {
  const calls: Call[] = [];
  const loaded: string[] = [];
  const runtime = {
    options: async (...args: unknown[]) => void calls.push({method: 'options', args}),
    preload: async (...args: unknown[]) => void calls.push({method: 'preload', args}),
    search: async (query: string, options: {filters: {section: Section}}) => {
      calls.push({method: 'search', args: [query, options]});
      const section = options.filters.section;
      return {
        results: (scores[section] ?? []).map((score, index) => ({
          id: `${section}-${index}`,
          score,
          data: async () => void loaded.push(`${section}-${index}`),
        })),
      };
    },
  };
  return {runtime, calls, loaded};
}

/** Runs the boot script as the browser would: `import()` answers with `runtime` (or fails). */
async function boot(search: string, runtime: unknown, extraWindow: Record<string, unknown> = {}) {
  const script = pagefindBootScript('/', CONTEXT);
  const imported: string[] = [];
  const window: Record<string, unknown> = {...extraWindow};
  const load = (url: string) => {
    imported.push(url);
    return runtime ? Promise.resolve(runtime) : Promise.reject(new Error('offline'));
  };
  // Dynamic import() cannot be given to a Function body; the test swaps the one call for `load`.
  assert.equal(script.split('import(').length, 2, 'one dynamic import');
  new Function('window', 'location', 'load', script.replace('import(', 'load('))(window, {search}, load);
  const early = window[EARLY_PAGEFIND] as Promise<unknown> | undefined;
  await early?.catch(() => undefined);
  // Let the searches and the fragment loads that follow the import settle.
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  return {imported, early};
}

test('the boot script is plain script text: no `<` or `&`, nothing to escape in HTML', () => {
  const script = pagefindBootScript('/', CONTEXT);
  assert.doesNotMatch(script, /[<&]/);
  assert.doesNotThrow(() => new Function(script.replace('import(', 'load(')));
});

test('with a query: runtime, options, preload, one search per section with the page filters', async () => {
  const {runtime, calls} = fakePagefind({Docs: [1]});
  const {imported, early} = await boot('?q=%20rerender%20', runtime);
  assert.deepEqual(imported, ['/pagefind/pagefind.js']);
  assert.equal(await early, runtime, 'loadPagefind takes this runtime over');
  assert.deepEqual(calls[0], {method: 'options', args: [{baseUrl: '/', ...PAGEFIND_OPTIONS}]});
  assert.deepEqual(calls[1], {method: 'preload', args: ['rerender']});
  const searches = calls.filter((call) => call.method === 'search');
  assert.deepEqual(
    searches.map((call) => call.args),
    SECTIONS.map((section) => [
      'rerender',
      {filters: {section, language: 'en', version: {any: ['default', 'docs-default-current']}}},
    ]),
  );
});

test('it loads the fragments of exactly the first page of the ranking the search page uses', async () => {
  // Scores chosen so that section weights reorder them and two results tie across sections.
  const scores: Partial<Record<Section, number[]>> = {
    Docs: [2.1, 0.9, 0.3],
    'How-to': [0.9, 0.5],
    Community: [3.5, 1.5, 0.2],
    Pages: [1.5],
    Blog: [7.9, 2],
    News: [8, 0.1],
    Minutes: [14, 13, 12, 2],
  };
  const {runtime, loaded} = fakePagefind(scores);
  await boot('?q=conda', runtime);
  const lists = SECTIONS.filter((s) => scores[s]).map((section) => ({
    section,
    items: scores[section]!.map((score, index) => ({ref: `${section}-${index}`, score})),
  }));
  const expected = mergeRanked(lists)
    .slice(0, PAGE_SIZE)
    .map((entry) => entry.ref);
  assert.equal(expected.length, PAGE_SIZE);
  assert.deepEqual([...loaded].sort(), [...expected].sort());
});

test('a section in the URL ranks that section only; an unknown one ranks all', async () => {
  const scores: Partial<Record<Section, number[]>> = {Docs: [1, 1], Blog: [9]};
  const one = fakePagefind(scores);
  await boot('?q=conda&section=Blog', one.runtime);
  assert.deepEqual(one.loaded, ['Blog-0']);
  const all = fakePagefind(scores);
  await boot('?q=conda&section=Nope', all.runtime);
  assert.deepEqual([...all.loaded].sort(), ['Blog-0', 'Docs-0', 'Docs-1']);
});

test('no query, a DocSearch override or an earlier boot: nothing starts', async () => {
  const {runtime, calls} = fakePagefind({Docs: [1]});
  assert.deepEqual((await boot('', runtime)).imported, []);
  assert.deepEqual((await boot('?q=%20%20', runtime)).imported, []);
  assert.deepEqual((await boot('?q=conda', runtime, {cfSearchDocSearch: {appId: 'x'}})).imported, []);
  const earlier = Promise.resolve(runtime);
  assert.deepEqual((await boot('?q=conda', runtime, {[EARLY_PAGEFIND]: earlier})).imported, []);
  assert.deepEqual(calls, []);
});

test('a runtime that fails to load leaves a rejected promise and no unhandled error', async () => {
  const {early} = await boot('?q=conda', null);
  await assert.rejects(early as Promise<unknown>, /offline/);
});
