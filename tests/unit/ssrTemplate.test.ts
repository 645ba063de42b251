/**
 * config/ssrTemplate.ts is the site's own page template (Docusaurus's `ssrTemplate` option): the
 * page's markup with the entry scripts started by an inline script at the end of <body> instead of
 * from <head>. Rendered here with Eta as Docusaurus renders it, and compared with the variables the
 * installed @docusaurus/core's own template uses, so an upgrade that adds one is noticed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import * as eta from 'eta';
import {ssrTemplate, startScripts} from '../../config/ssrTemplate';

const require = createRequire(import.meta.url);

/** The `it.…` variables a template reads. */
const variables = (template: string) => new Set([...template.matchAll(/\bit\.(\w+)/g)].map((match) => match[1]));

test('the template reads every variable the installed Docusaurus template reads', () => {
  // Test code only: the site never reads Docusaurus's template.
  const installed = (require('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as {default: string}).default;
  const theirs = variables(installed);
  assert.ok(theirs.size >= 10, [...theirs].join(', '));
  const missing = [...theirs].filter((name) => !variables(ssrTemplate).has(name));
  assert.deepEqual(missing, [], 'Docusaurus gives every page something config/ssrTemplate.ts leaves out');
});

test('rendered as Docusaurus renders it: the page, its styles and tags, and the entry scripts started from the end of <body>', () => {
  const render = eta.compile(ssrTemplate.trim(), {rmWhitespace: true});
  const html = render(
    {
      appHtml: '<div class="main-wrapper">Hello</div>',
      baseUrl: '/',
      htmlAttributes: 'lang="en" dir="ltr"',
      bodyAttributes: 'class="navigation-with-keyboard"',
      headTags: '<link rel="icon" href="/img/favicon.ico">',
      preBodyTags: '<script>theme()</script>',
      postBodyTags: '<noscript>plain</noscript>',
      metaAttributes: [
        '<title data-rh="true">Docs</title>',
        '<meta name="description" content="d"><meta property="og:url" content="https://conda-forge.org/docs/">',
      ],
      scripts: ['assets/js/runtime~main.1.js', 'assets/js/main.2.js'],
      stylesheets: ['assets/css/styles.3.css'],
      noIndex: false,
      version: '3.10.2',
    },
    eta.defaultConfig,
  ) as string;
  const head = html.slice(0, html.indexOf('</head>'));
  assert.match(html, /^<!DOCTYPE html>\s*<html lang="en" dir="ltr">/);
  assert.match(head, /<meta charset="UTF-8">/);
  assert.match(head, /<title data-rh="true">Docs<\/title><meta name="description" content="d">/);
  // The page's social card, named after the theme's meta tags (plugins/social-cards/head.ts).
  assert.match(
    head,
    /content="https:\/\/conda-forge\.org\/docs\/">\s*<meta property="og:image" content="https:\/\/conda-forge\.org\/img\/social\/docs\.png">/,
  );
  assert.match(head, /<link rel="icon" href="\/img\/favicon\.ico">/);
  assert.match(head, /<link rel="stylesheet" href="\/assets\/css\/styles\.3\.css">/);
  assert.doesNotMatch(head, /<script[^>]*src=/, 'no entry script in <head>');
  assert.match(html, /<body class="navigation-with-keyboard">\s*<script>theme\(\)<\/script>/);
  assert.match(
    html,
    /<div id="__docusaurus"><div class="main-wrapper">Hello<\/div><\/div>\s*<noscript>plain<\/noscript>/,
  );
  const start = /<script>\(.*\)\((\[[^\]]*\])\)<\/script>\s*<\/body>\s*<\/html>\s*$/s.exec(html);
  assert.ok(start, 'the start script is the last element of <body>');
  assert.deepEqual(JSON.parse(start[1]), ['/assets/js/runtime~main.1.js', '/assets/js/main.2.js']);
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
  /** Moves the clock by `ms`, running each timer due (and those they set that are due too). */
  const advance = (ms: number) => {
    now += ms;
    for (let due = timers.find((t) => t.at <= now); due; due = timers.find((t) => t.at <= now)) {
      timers.splice(timers.indexOf(due), 1);
      due.run();
    }
  };
  /** Runs the timers due now, once: one turn of the event loop. */
  const turn = () => {
    for (const timer of timers.filter((t) => t.at <= now)) {
      timers.splice(timers.indexOf(timer), 1);
      timer.run();
    }
  };
  return {
    globals,
    appended,
    advance,
    turn,
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
  runStartScript(browser.globals, ['/runtime.js', '/main.js', '/chunk.js']);
  browser.frame();
  browser.advance(50);
  assert.deepEqual(browser.appended, [], 'a frame alone does not start them');
  browser.paint('first-paint');
  browser.advance(1);
  assert.deepEqual(browser.appended, [], 'a paint without content does not either');
  browser.paint('first-contentful-paint');
  browser.advance(1);
  assert.deepEqual(browser.appended, ['/runtime.js:false', '/main.js:false', '/chunk.js:false']);
  browser.advance(5000);
  assert.equal(browser.appended.length, 3, 'and only once');
});

test('a visible page adds one script a task (each append starts a fetch); a page hidden meanwhile adds the rest at once', () => {
  const browser = fakeBrowser('visible');
  runStartScript(browser.globals, ['/runtime.js', '/main.js', '/a.js', '/b.js']);
  browser.paint('first-contentful-paint');
  browser.turn();
  assert.deepEqual(browser.appended, ['/runtime.js:false']);
  browser.turn();
  assert.deepEqual(browser.appended, ['/runtime.js:false', '/main.js:false']);
  browser.hide();
  assert.deepEqual(browser.appended, ['/runtime.js:false', '/main.js:false', '/a.js:false', '/b.js:false']);
  browser.advance(5000);
  assert.equal(browser.appended.length, 4, 'each once');
});

test('a hidden page starts the scripts at once, a page hidden before it paints when it is hidden', () => {
  const hidden = fakeBrowser('hidden');
  runStartScript(hidden.globals, ['/runtime.js', '/main.js']);
  assert.deepEqual(hidden.appended, ['/runtime.js:false', '/main.js:false'], 'all in the same task');
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
