import {test} from 'node:test';
import assert from 'node:assert/strict';
import {BOOT_CONTEXT, EARLY_PAGEFIND, PAGEFIND_OPTIONS, pagefindBootScript} from '../../src/lib/search/pagefindBoot';
import type {SearchContext} from '../../src/lib/search/index';

interface Call {
  method: string;
  args: unknown[];
}

/** A fake Pagefind runtime that records its calls. */
function fakePagefind(preloadFails = false) {
  const calls: Call[] = [];
  const runtime = {
    options: async (...args: unknown[]) => void calls.push({method: 'options', args}),
    preload: async (...args: unknown[]) => {
      calls.push({method: 'preload', args});
      if (preloadFails) throw new Error('index chunk 404');
    },
    search: async (...args: unknown[]) => void calls.push({method: 'search', args}),
  };
  return {runtime, calls};
}

/** Runs the boot script as the browser would: `import()` answers with `runtime` (or fails). */
async function boot(
  search: string,
  runtime: unknown,
  extraWindow: Record<string, unknown> = {},
  prepaintUrl?: string,
  context?: SearchContext,
  readyState = 'loading',
) {
  const script = pagefindBootScript('/base/', prepaintUrl, context);
  const imported: string[] = [];
  const window: Record<string, unknown> = {...extraWindow};
  const added: Array<{src: string; onerror: (() => void) | null}> = [];
  const document = {
    readyState,
    createElement: () => ({src: '', onerror: null}),
    head: {appendChild: (element: {src: string; onerror: (() => void) | null}) => void added.push(element)},
  };
  const load = (url: string) => {
    imported.push(url);
    return runtime ? Promise.resolve(runtime) : Promise.reject(new Error('offline'));
  };
  // A Function body cannot be given dynamic import(): the test swaps the one call for `load`.
  assert.equal(script.split('import(').length, 2, 'one dynamic import');
  new Function('window', 'document', 'location', 'load', script.replace('import(', 'load('))(
    window,
    document,
    {search},
    load,
  );
  const early = window[EARLY_PAGEFIND] as Promise<unknown> | undefined;
  await early?.catch(() => undefined);
  await new Promise((resolve) => setImmediate(resolve));
  return {imported, early, window, added};
}

/** Collects unhandled rejections while `run` runs. */
async function unhandledDuring(run: () => Promise<unknown>): Promise<unknown[]> {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', record);
  try {
    await run();
    await new Promise((resolve) => setTimeout(resolve, 10));
  } finally {
    process.off('unhandledRejection', record);
  }
  return unhandled;
}

test('the boot script is plain script text: no `<` or `&`, nothing to escape in HTML', () => {
  for (const script of [pagefindBootScript('/'), pagefindBootScript('/', '/assets/js/search-prepaint.abc.js')]) {
    assert.doesNotMatch(script, /[<&]/);
    assert.doesNotThrow(() => new Function(script.replace('import(', 'load(')));
  }
});

test('with a query: the runtime from the base URL, the page options, then preload of the trimmed query and its filters', async () => {
  const {runtime, calls} = fakePagefind();
  const {imported, early} = await boot('?q=%20rerender%20&section=Docs', runtime);
  assert.deepEqual(imported, ['/base/pagefind/pagefind.js']);
  assert.equal(await early, runtime, 'loadPagefind takes this runtime over');
  assert.deepEqual(calls, [
    {method: 'options', args: [{baseUrl: '/base/', ...PAGEFIND_OPTIONS}]},
    {method: 'preload', args: ['rerender', {filters: {section: 'Docs', language: 'en', version: {any: ['default']}}}]},
  ]);
});

test('no query, a DocSearch override or an earlier boot: nothing starts', async () => {
  const {runtime, calls} = fakePagefind();
  assert.deepEqual((await boot('', runtime)).imported, []);
  assert.deepEqual((await boot('?q=%20%20', runtime)).imported, []);
  assert.deepEqual((await boot('?q=conda', runtime, {cfSearchDocSearch: {appId: 'x'}})).imported, []);
  const earlier = Promise.resolve(runtime);
  assert.deepEqual((await boot('?q=conda', runtime, {[EARLY_PAGEFIND]: earlier})).imported, []);
  assert.deepEqual(calls, []);
});

test('a runtime that fails to load leaves a rejected promise for loadPagefind, and nothing unhandled', async () => {
  let early: Promise<unknown> | undefined;
  const unhandled = await unhandledDuring(async () => {
    early = (await boot('?q=conda', null)).early;
  });
  await assert.rejects(early as Promise<unknown>, /offline/);
  assert.deepEqual(unhandled, []);
});

test('a failing preload is left to the page, without an unhandled rejection', async () => {
  const {runtime, calls} = fakePagefind(true);
  const unhandled = await unhandledDuring(() => boot('?q=conda', runtime));
  assert.equal(calls.at(-1)?.method, 'preload');
  assert.deepEqual(unhandled, []);
});

/** Whether `promise` has settled by the next turn of the event loop. */
async function settled(promise: Promise<unknown> | undefined): Promise<boolean> {
  let done = false;
  void promise?.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

test('with the prepaint script: the page context goes into the preload and to the script, which holds the page until it releases it', async () => {
  const {runtime, calls} = fakePagefind();
  const context = {language: 'en', versionTags: ['default', 'docs-default-current']};
  const {window, added} = await boot('?q=conda', runtime, {}, '/base/assets/js/search-prepaint.abc.js', context);
  assert.deepEqual(window[BOOT_CONTEXT], context);
  assert.deepEqual(calls.at(-1)?.args, [
    'conda',
    {filters: {section: 'Docs', language: 'en', version: {any: ['default', 'docs-default-current']}}},
  ]);
  assert.deepEqual(
    added.map((element) => element.src),
    ['/base/assets/js/search-prepaint.abc.js'],
  );
  const hold = window.cfHoldScripts as Promise<void>;
  assert.equal(await settled(hold), false, 'held until the script releases the page');
  (window.cfReleaseScripts as () => void)();
  assert.equal(await settled(hold), true);

  // A script that fails to load releases the page too.
  const failed = await boot('?q=conda', runtime, {}, '/base/assets/js/search-prepaint.abc.js');
  assert.equal(await settled(failed.window.cfHoldScripts as Promise<void>), false);
  failed.added[0].onerror?.();
  assert.equal(await settled(failed.window.cfHoldScripts as Promise<void>), true);
});

test('without a query, without the prepaint script or once the document has loaded, nothing is held', async () => {
  const {runtime} = fakePagefind();
  const noQuery = await boot('', runtime, {}, '/p.js');
  assert.equal(noQuery.window.cfHoldScripts, undefined);
  assert.deepEqual(noQuery.added, []);
  const noScript = await boot('?q=conda', runtime);
  assert.equal(noScript.window.cfHoldScripts, undefined);
  assert.deepEqual(noScript.added, []);
  // The app renders the page after a navigation inside the site: it searches itself.
  const navigated = await boot('?q=conda', runtime, {}, '/p.js', undefined, 'complete');
  assert.equal(navigated.window.cfHoldScripts, undefined);
  assert.deepEqual(navigated.added, []);
  assert.ok(navigated.early, 'the runtime still starts early');
});
