/**
 * The HTML shell of every page: Docusaurus's own template with one change, to when the
 * JavaScript is fetched and run.
 *
 * Docusaurus puts its two entry scripts (about 130 KB gzip) in <head> with `defer`. They then
 * compete with the stylesheet and the page for the connection, and on a fast connection Chromium
 * runs them (module set-up, then hydration) before it paints anything, so the server-rendered
 * text the reader came for waits for that script work.
 *
 * The template is Docusaurus's own (read from the installed @docusaurus/core, so an upgrade's
 * changes come along) with that one change; if the upgrade moves the parts it relies on, the
 * build stops.
 *
 * Here the page paints first. A small inline script at the end of <body> adds the entry scripts
 * once the browser reports the first contentful paint (a `paint` PerformanceObserver); they keep
 * their order (`async = false`). Waiting for a frame (`requestAnimationFrame`) was not enough: the
 * first frames often come before the page is laid out, and on about a third of Lighthouse's loads
 * the scripts then ran before the first paint, which moved the measured LCP behind them (1.3 s →
 * 3.1 s on the home page). A page opened in a background tab, which paints nothing, or one hidden
 * before it paints, starts them at once; a browser without paint timing starts them after the
 * next frame; a page that holds them (`cfHoldScripts`, the search page while it paints its first
 * results) starts them once it releases them; and whatever happens they start within three
 * seconds. The inline script runs after the whole server-rendered app has been parsed, so
 * hydration always sees the complete markup.
 * Links work as plain links until then.
 *
 * Measured with Lighthouse (`npm run bench`): mobile LCP on docs pages went from 2.2 s to
 * 1.0–1.3 s. Covered by the end-to-end tests, which wait for pages to hydrate, and by
 * tests/unit/ssrTemplate.test.ts.
 */

import {createRequire} from 'node:module';
import {PatchError, replaceStrict} from '../plugins/patch-guard/index.cjs';

/** Adds the entry scripts, in order, after the first contentful paint (or at once in a hidden tab). */
export const startScripts = (scripts: string[]): void => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const src of scripts) {
      const element = document.createElement('script');
      element.src = src;
      element.async = false;
      document.body.appendChild(element);
    }
  };
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') start();
  });
  // A page may hold its scripts until it has painted its main content (`cfHoldScripts`: the
  // search page's results, src/lib/search/prepaint.ts).
  const hold = (window as {cfHoldScripts?: Promise<unknown>}).cfHoldScripts;
  const painted = () => {
    if (hold) hold.then(() => setTimeout(start, 0), start);
    else setTimeout(start, 0);
  };
  try {
    new PerformanceObserver((list, observer) => {
      if (!list.getEntries().some((entry) => entry.name === 'first-contentful-paint')) return;
      observer.disconnect();
      painted();
    }).observe({type: 'paint', buffered: true});
  } catch {
    requestAnimationFrame(painted);
  }
  setTimeout(start, 3000);
};

const PATCH = 'config/ssrTemplate';
/** Where the installed Docusaurus keeps its page template. */
export const UPSTREAM_TEMPLATE = '@docusaurus/core/lib/ssg/ssgTemplate.html.js';

/** The `defer` entry scripts of the upstream template's <head> (the only part taken out). */
const HEAD_SCRIPTS =
  /\n[ \t]*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/g;
/** The end of the upstream body, after which the inline start script goes. */
const BODY_END = /(<%~ it\.postBodyTags %>)(\s*<\/body>)/g;

/**
 * Our template, derived from Docusaurus's own: the same markup, with the <head> entry scripts
 * replaced by the inline script that starts them after the first frame. Throws (naming this
 * patch) when the upstream template no longer has the parts this relies on.
 */
export function deriveSsrTemplate(upstream: string, file = UPSTREAM_TEMPLATE): string {
  const start = `<script>(${startScripts.toString()})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>`;
  const withoutHeadScripts = replaceStrict({
    patch: PATCH,
    file,
    source: upstream,
    pattern: HEAD_SCRIPTS,
    replacement: '',
    max: 1,
  });
  return replaceStrict({
    patch: PATCH,
    file,
    source: withoutHeadScripts,
    pattern: BODY_END,
    replacement: (_match, tags, end) => `${tags}\n    ${start}${end}`,
    max: 1,
  }).trimStart();
}

function upstreamTemplate(): string {
  const loaded = createRequire(__filename)(UPSTREAM_TEMPLATE) as {default?: unknown};
  if (typeof loaded.default !== 'string')
    throw new PatchError(PATCH, UPSTREAM_TEMPLATE, 'the module no longer exports the template');
  return loaded.default;
}

export const ssrTemplate = deriveSsrTemplate(upstreamTemplate());
