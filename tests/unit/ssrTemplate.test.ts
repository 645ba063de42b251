/**
 * config/ssrTemplate.ts is Docusaurus's page template with one change: the <head> entry scripts
 * become an inline script at the end of <body>. Compared here with the template of the installed
 * @docusaurus/core, so an upgrade that changes the template is noticed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {deriveSsrTemplate, ssrTemplate, startScripts, UPSTREAM_TEMPLATE} from '../../config/ssrTemplate';

const upstream = (createRequire(import.meta.url)(UPSTREAM_TEMPLATE) as {default: string}).default;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

test('the template is the installed Docusaurus template but for where the entry scripts start', () => {
  const ours = lines(ssrTemplate);
  const theirs = lines(upstream);
  const headScripts = [
    '<% it.scripts.forEach((script) => { %>',
    '<script src="<%= it.baseUrl %><%= script %>" defer></script>',
    '<% }); %>',
  ];
  const start = theirs.indexOf(headScripts[0]);
  assert.ok(start > 0 && theirs[start + 1] === headScripts[1], 'upstream loads the entry scripts from <head>');
  const withoutHeadScripts = [...theirs.slice(0, start), ...theirs.slice(start + 3)];
  const inline = ours.findIndex((line) => line.startsWith('<script>(') && line.includes('it.scripts.map'));
  assert.ok(inline > 0, 'the inline start script is there');
  assert.deepEqual([...ours.slice(0, inline), ...ours.slice(inline + 1)], withoutHeadScripts);
  assert.equal(ours[inline + 1], '</body>', 'the start script is the last element of <body>');
});

test('an upstream template without the parts the patch relies on stops the build', () => {
  const moved = upstream.replace(' defer></script>', ' async></script>');
  assert.throws(() => deriveSsrTemplate(moved), /\[config\/ssrTemplate\].*matched 0 time/);
  const noPostBody = upstream.replace('<%~ it.postBodyTags %>', '');
  assert.throws(() => deriveSsrTemplate(noPostBody), /\[config\/ssrTemplate\]/);
});

/** A stand-in for the browser objects `startScripts` touches, with a clock the test moves. */
function fakeBrowser(visibility: 'visible' | 'hidden', paintTiming = true, hold?: Promise<void>) {
  const appended: string[] = [];
  const timers: Array<{at: number; run: () => void}> = [];
  let now = 0;
  let observer: ((list: {getEntries: () => Array<{name: string}>}, self: {disconnect: () => void}) => void) | null =
    null;
  const frames: Array<() => void> = [];
  const visibilityListeners: Array<() => void> = [];
  const document = {
    visibilityState: visibility as string,
    addEventListener: (type: string, listener: () => void) => {
      if (type === 'visibilitychange') visibilityListeners.push(listener);
    },
    createElement: () => ({src: '', async: true}),
    body: {
      appendChild: (element: {src: string; async: boolean}) => void appended.push(`${element.src}:${element.async}`),
    },
  };
  const globals = {
    window: {cfHoldScripts: hold},
    document,
    setTimeout: (run: () => void, delay: number) => void timers.push({at: now + delay, run}),
    requestAnimationFrame: (run: () => void) => void frames.push(run),
    PerformanceObserver: class {
      constructor(callback: typeof observer) {
        if (!paintTiming) throw new TypeError('no paint timing');
        observer = callback;
      }
      observe() {}
    },
  };
  const advance = (ms: number) => {
    now += ms;
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return {
    globals,
    appended,
    advance,
    frame: () => frames.splice(0).forEach((run) => run()),
    paint: (name: string) => observer?.({getEntries: () => [{name}]}, {disconnect: () => (observer = null)}),
    hide: () => {
      document.visibilityState = 'hidden';
      visibilityListeners.forEach((listener) => listener());
    },
  };
}

/** Runs the template's start script as the page would, with `globals` in scope. */
function runStartScript(globals: Record<string, unknown>, scripts: string[]): void {
  // Under tsx the function's text calls esbuild's name helper; the real page's text does not.
  const scope: Record<string, unknown> = {__name: (fn: unknown) => fn, ...globals};
  const names = Object.keys(scope);
  // The inline script is the function's source text, as the template embeds it.
  new Function(...names, `(${startScripts.toString()})(${JSON.stringify(scripts)})`)(...names.map((n) => scope[n]));
}

test('the entry scripts start right after the first contentful paint, in order', () => {
  const browser = fakeBrowser('visible');
  runStartScript(browser.globals, ['/runtime.js', '/main.js']);
  browser.frame();
  browser.advance(50);
  assert.deepEqual(browser.appended, [], 'a frame alone does not start them');
  browser.paint('first-paint');
  browser.advance(1);
  assert.deepEqual(browser.appended, [], 'a paint without content does not either');
  browser.paint('first-contentful-paint');
  browser.advance(1);
  assert.deepEqual(browser.appended, ['/runtime.js:false', '/main.js:false']);
  browser.advance(5000);
  assert.equal(browser.appended.length, 2, 'and only once');
});

test('a hidden page starts the scripts at once, a page hidden before it paints when it is hidden', () => {
  const hidden = fakeBrowser('hidden');
  runStartScript(hidden.globals, ['/main.js']);
  assert.deepEqual(hidden.appended, ['/main.js:false']);
  const hiddenLater = fakeBrowser('visible');
  runStartScript(hiddenLater.globals, ['/main.js']);
  hiddenLater.hide();
  assert.deepEqual(hiddenLater.appended, ['/main.js:false']);
});

test('without paint timing the scripts start after the next frame, and after 3 s whatever happens', () => {
  const noTiming = fakeBrowser('visible', false);
  runStartScript(noTiming.globals, ['/main.js']);
  noTiming.frame();
  noTiming.advance(0);
  assert.deepEqual(noTiming.appended, ['/main.js:false']);
  const neverPaints = fakeBrowser('visible');
  runStartScript(neverPaints.globals, ['/main.js']);
  neverPaints.advance(2999);
  assert.deepEqual(neverPaints.appended, []);
  neverPaints.advance(1);
  assert.deepEqual(neverPaints.appended, ['/main.js:false']);
});

test('a page that holds its scripts starts them once it releases them (after its paint), or after 3 s', async () => {
  let release!: () => void;
  const held = fakeBrowser('visible', true, new Promise<void>((resolve) => (release = resolve)));
  runStartScript(held.globals, ['/main.js']);
  held.paint('first-contentful-paint');
  held.advance(1000);
  await Promise.resolve();
  assert.deepEqual(held.appended, [], 'the first paint does not start them while they are held');
  release();
  await Promise.resolve();
  await Promise.resolve();
  held.advance(0);
  assert.deepEqual(held.appended, ['/main.js:false']);

  const releasedEarly = fakeBrowser('visible', true, Promise.resolve());
  runStartScript(releasedEarly.globals, ['/main.js']);
  await Promise.resolve();
  releasedEarly.advance(10);
  assert.deepEqual(releasedEarly.appended, [], 'released before the first paint: still after that paint');
  releasedEarly.paint('first-contentful-paint');
  await Promise.resolve();
  await Promise.resolve();
  releasedEarly.advance(0);
  assert.deepEqual(releasedEarly.appended, ['/main.js:false']);

  const neverReleased = fakeBrowser('visible', true, new Promise<void>(() => undefined));
  runStartScript(neverReleased.globals, ['/main.js']);
  neverReleased.paint('first-contentful-paint');
  neverReleased.advance(2999);
  assert.deepEqual(neverReleased.appended, []);
  neverReleased.advance(1);
  assert.deepEqual(neverReleased.appended, ['/main.js:false']);
});
