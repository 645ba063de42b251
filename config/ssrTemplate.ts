/**
 * The HTML shell of every page, given to Docusaurus through its `ssrTemplate` option: an Eta
 * template over the variables Docusaurus documents for it (`it.htmlAttributes`, `it.headTags`,
 * `it.stylesheets`, `it.scripts`, `it.appHtml`…). It differs from the default in one thing: when
 * the JavaScript is fetched and run.
 *
 * Docusaurus puts its two entry scripts (about 130 KB gzip) in <head> with `defer`. They then
 * compete with the stylesheet and the page for the connection, and on a fast connection Chromium
 * runs them (module set-up, then hydration) before it paints anything, so the server-rendered
 * text the reader came for waits for that script work.
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
 * tests/unit/ssrTemplate.test.ts, which also fails when the installed Docusaurus's own template
 * uses a variable this one does not (an upgrade that adds something to every page).
 */
import {SECTIONS} from '../plugins/social-cards/design';
import {cardHeadTemplate} from '../plugins/social-cards/head';
import {SITE_TITLE, SITE_URL} from './site';

/**
 * Adds the entry scripts, in order, one a task, after the first contentful paint (or all at once
 * in a hidden tab).
 */
export const startScripts = (scripts: string[]): void => {
  let started = false;
  let next = 0;
  const add = () => {
    const element = document.createElement('script');
    element.src = scripts[next++];
    element.async = false;
    document.body.appendChild(element);
  };
  // One script a task while the page is visible: each append starts a fetch (5-25 ms of main-thread
  // work at Lighthouse's 4x slowdown), and a page's ten or so in one task made a long task of
  // their own. They still run in the order added (async = false). A hidden page, whose timers
  // the browser slows to one a second, adds them all at once.
  const addRest = () => {
    if (next >= scripts.length) return;
    if (document.visibilityState !== 'visible') while (next < scripts.length) add();
    else {
      add();
      setTimeout(addRest, 0);
    }
  };
  const start = () => {
    if (started) return;
    started = true;
    addRest();
  };
  if (document.visibilityState !== 'visible') {
    start();
    return;
  }
  // Hidden before the scripts started, or while they were being added: add the rest now.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') return;
    started = true;
    addRest();
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

/** The inline script that starts the entry scripts, with their addresses. */
const START_SCRIPT = `<script>(${startScripts.toString()})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)) %>)</script>`;

/**
 * The social card tags of each page (plugins/social-cards/head.ts), right after the meta tags the
 * theme rendered, from which they take the page's address and title.
 */
const CARD_TAGS = cardHeadTemplate({url: SITE_URL, title: SITE_TITLE, sections: SECTIONS});

/**
 * The template: what every page needs from Docusaurus (the attributes of <html> and <body>, the
 * meta and head tags, the stylesheets, the tags plugins add around the app, the app itself), the
 * page's social card tags and, instead of entry scripts in <head>, the start script as the last
 * element of <body>. The root element keeps the id React hydrates (`__docusaurus`). Without
 * `socialCards` (the benchmark's build without the social-cards plugin), no card tags.
 */
export function pageTemplate({socialCards = true}: {socialCards?: boolean} = {}): string {
  return [
    '<!DOCTYPE html>',
    '<html <%~ it.htmlAttributes %>>',
    '<head>',
    '<meta charset="UTF-8">',
    '<meta name="generator" content="Docusaurus v<%= it.version %>">',
    "<%~ it.metaAttributes.join('') %>",
    ...(socialCards ? [CARD_TAGS] : []),
    '<%~ it.headTags %>',
    `<%~ it.stylesheets.map((href) => '<link rel="stylesheet" href="' + it.baseUrl + href + '">').join('') %>`,
    '</head>',
    '<body <%~ it.bodyAttributes %>>',
    '<%~ it.preBodyTags %>',
    '<div id="__docusaurus"><%~ it.appHtml %></div>',
    '<%~ it.postBodyTags %>',
    START_SCRIPT,
    '</body>',
    '</html>',
  ].join('\n');
}

export const ssrTemplate = pageTemplate();
