/**
 * Markup from remote data, sanitised before it is inlined: one DOMPurify configuration per kind of
 * content, all of them here.
 *
 * - `markdown`: HTML rendered from third-party Markdown (incident reports, the bot's error texts).
 * - `markdownTitle`: one line of Markdown shown inside a link (incident titles): inline formatting only.
 * - `note`: the bot's notes on a feedstock before it opens a PR (HTML on the migration page).
 * - `svg`: a migration's dependency graph, drawn by Graphviz and inlined in the page (as DOM, a
 *   piece at a time: sanitizeSvgElement, ../status/graph.ts).
 *
 * Each kind is an allow-list of tags and attributes; nothing else survives. No kind keeps a
 * `<style>` element or a `style` or `class` attribute (they would restyle the whole page), form
 * controls, scripts or event handlers. Links must be http(s) (`safeUrl`) and get
 * rel="noopener noreferrer" (a link whose address is refused keeps only its text); the only resources that may be fetched are Markdown images from
 * GitHub's image hosts. The decisions on attribute values are the pure functions below
 * (unit-tested in Node); applying them needs a DOM, so `sanitize` runs in the browser only.
 */
import createDOMPurify, {type Config, type DOMPurify} from 'dompurify';
import {GITHUB_HOSTS, safeUrl} from './safeUrl';
import {escapeHtml} from '../format/html';

export type ContentKind = 'markdown' | 'markdownTitle' | 'note' | 'answer' | 'svg';

/** Hosts of the images that GitHub issues carry (uploads and their proxied copies). */
export const IMAGE_HOSTS = [
  'github.com',
  'user-images.githubusercontent.com',
  'private-user-images.githubusercontent.com',
  'camo.githubusercontent.com',
] as const;

/** Prefix of every id inside an inlined graph, so that none can take over an id of the page. */
export const SVG_ID_PREFIX = 'migration-graph-';

/** Never allowed in any kind, whatever an allow-list says: the elements' content goes too. */
const FORBIDDEN_WITH_CONTENT = ['script', 'style', 'form', 'button', 'select', 'textarea', 'option', 'datalist'];

const INLINE = ['b', 'code', 'del', 'em', 'i', 'kbd', 's', 'strong', 'sub', 'sup'];

/**
 * SVG elements that fetch, run, animate or restyle: an inlined SVG shares the page's document,
 * so a `<style>` in it restyles the whole page, `<image>`, `<use>` and `<feImage>` load from any
 * host, `<foreignObject>` embeds HTML (forms), and `<animate>`/`<set>` can rewrite attributes
 * after sanitising. The allow-list leaves them out already; naming them keeps them out if it grows.
 */
export const SVG_FORBIDDEN_TAGS = [
  'style',
  'script',
  'image',
  'use',
  'foreignObject',
  'feImage',
  'filter',
  'pattern',
  'mask',
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
];

/**
 * What Graphviz draws with: groups, shapes, text, titles (tooltips), gradients (`fill="url(#id)"`)
 * and links (a node's URL, the PR of that feedstock).
 */
const SVG_TAGS = [
  'svg',
  'g',
  'title',
  'a',
  'path',
  'polygon',
  'polyline',
  'line',
  'ellipse',
  'circle',
  'rect',
  'text',
  'tspan',
  'defs',
  'linearGradient',
  'radialGradient',
  'stop',
];

const SVG_ATTRIBUTES = [
  'id',
  'href',
  'xlink:href',
  'xlink:title',
  'width',
  'height',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'd',
  'points',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'dx',
  'dy',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'offset',
  'gradientUnits',
  'gradientTransform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stop-color',
  'stop-opacity',
  'opacity',
  'text-anchor',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-decoration',
];

/** Paragraphs, rules, quotes, code, lists and tables: the blocks of rendered Markdown. */
const BLOCKS = ['br', 'p', 'hr', 'blockquote', 'pre', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
/** What a bot's HTML wraps its logs in. */
const WRAPPERS = ['details', 'summary', 'div', 'span'];

/** The DOMPurify configuration of each kind (returned as strings). */
export const SANITIZE_CONFIGS: Readonly<Record<ContentKind, Readonly<Config>>> = {
  markdown: {
    ALLOWED_TAGS: [...INLINE, 'a', 'img', ...BLOCKS, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', ...WRAPPERS],
    ALLOWED_ATTR: ['href', 'src', 'alt', 'title', 'align', 'start'],
  },
  markdownTitle: {ALLOWED_TAGS: INLINE, ALLOWED_ATTR: []},
  note: {
    ALLOWED_TAGS: [...INLINE, 'a', 'br', 'p', 'pre', 'ul', 'ol', 'li', ...WRAPPERS],
    ALLOWED_ATTR: ['href'],
  },
  // The AI answer's HTML (src/lib/search/answerMarkdown.ts, which already limits links to this
  // site and the cited pages): formatting and links, no images.
  answer: {
    ALLOWED_TAGS: [...INLINE, 'a', ...BLOCKS, 'h2', 'h3', 'h4'],
    ALLOWED_ATTR: ['href', 'title', 'start', 'aria-label', 'data-cite'],
  },
  svg: {
    ALLOWED_TAGS: SVG_TAGS,
    ALLOWED_ATTR: SVG_ATTRIBUTES,
    FORBID_TAGS: SVG_FORBIDDEN_TAGS,
  },
};

const SHARED: Config = {
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  FORBID_ATTR: ['style', 'class'],
  ADD_FORBID_CONTENTS: FORBIDDEN_WITH_CONTENT,
};

/** A Markdown image's address: https on one of GitHub's image hosts, or null (no image is fetched). */
export function imageSource(value: string): string | null {
  const url = safeUrl(value, IMAGE_HOSTS);
  return url?.startsWith('https:') ? url : null;
}

const ID = /^[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /url\(\s*(['"]?)#([A-Za-z_][\w.:-]*)\1\s*\)/gi;
const KEPT_URL = /url\(#[\w.:-]+\)/g;
/** CSS functions that fetch, and CSS escapes or comments that could disguise one. */
const FETCHING = /url\s*\(|src\s*\(|image(?:-set)?\s*\(|@import|\\|\/\*/i;

/**
 * The value to keep for an attribute of an inlined SVG, or null to drop it. Ids are prefixed
 * (SVG_ID_PREFIX) and so are the same-document references to them (`href="#id"`,
 * `fill="url(#id)"`). A link (`<a>`) keeps an http(s) address on GitHub, where the bot's graphs
 * point (the PR of each feedstock); any other href must be `#id`. Any other `url(…)`, `src(…)`,
 * `image(…)`, `@import`, CSS escape or comment drops the attribute: nothing in the drawing can
 * make the browser fetch.
 */
export function svgAttribute(tag: string, name: string, value: string): string | null {
  if (name === 'id') return ID.test(value) ? SVG_ID_PREFIX + value : null;
  if (name === 'href' || name === 'xlink:href') {
    if (tag === 'a') return safeUrl(value, GITHUB_HOSTS);
    const local = /^#(.+)$/.exec(value);
    return local && ID.test(local[1]) ? `#${SVG_ID_PREFIX}${local[1]}` : null;
  }
  const kept = value.replace(LOCAL_URL, (_match, _quote, id: string) => `url(#${SVG_ID_PREFIX}${id})`);
  return FETCHING.test(kept.replace(KEPT_URL, '')) ? null : kept;
}

/**
 * The value to keep for an attribute of HTML content (Markdown, notes), or null to drop it:
 * links are http(s) only, images only from GitHub's image hosts.
 */
export function htmlAttribute(tag: string, name: string, value: string): string | null {
  if (name === 'href') return tag === 'a' ? safeUrl(value) : null;
  if (name === 'src') return tag === 'img' ? imageSource(value) : null;
  return value;
}

/** The AI answer's attribute rule: as htmlAttribute, and links may also be paths on this site. */
export function answerAttribute(tag: string, name: string, value: string): string | null {
  if (name === 'href' && tag === 'a' && /^\/(?![/\\])/.test(value)) return value;
  // The citation number the answer's renderer writes (styled by a[data-cite]).
  if (name === 'data-cite') return /^\d{1,3}$/.test(value) ? value : null;
  return htmlAttribute(tag, name, value);
}

const purifiers = new Map<ContentKind, DOMPurify>();

/** A private DOMPurify instance per kind, with that kind's attribute rule as a hook. */
function purifierFor(kind: ContentKind): DOMPurify | null {
  if (typeof window === 'undefined') return null;
  let purifier = purifiers.get(kind);
  if (!purifier) {
    purifier = createDOMPurify(window);
    const rule = kind === 'svg' ? svgAttribute : kind === 'answer' ? answerAttribute : htmlAttribute;
    purifier.addHook('uponSanitizeAttribute', (node, event) => {
      const value = rule(node.localName, event.attrName, event.attrValue);
      if (value === null) event.keepAttr = false;
      else event.attrValue = value;
    });
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (!(node instanceof window.HTMLElement)) return;
      if (node.localName === 'a' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
      // Third-party images often lack a text alternative; mark those as decorative.
      if (node.localName === 'img' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
    purifiers.set(kind, purifier);
  }
  return purifier;
}

/**
 * An `<svg>` element (a graph parsed as XML, or a piece of one wrapped in `<svg>`) → its sanitised
 * copy under the `svg` kind, as DOM: the sanitiser reads the nodes themselves and its nodes go into
 * the page, with no markup parsed again in between. Null without a DOM, or when what is kept is not
 * one `<svg>` element.
 */
export function sanitizeSvgElement(svg: Element): Element | null {
  const purifier = purifierFor('svg');
  if (!purifier?.isSupported) return null;
  const kept = purifier.sanitize(svg, {...SHARED, ...SANITIZE_CONFIGS.svg, RETURN_DOM_FRAGMENT: true});
  const first = kept.firstChild;
  return kept.childNodes.length === 1 && first instanceof window.SVGSVGElement ? first : null;
}

/**
 * Markup of one kind → markup safe to inline. Without a DOM (server rendering) the markup is
 * escaped and so shown as text.
 */
export function sanitize(kind: ContentKind, markup: string): string {
  const purifier = purifierFor(kind);
  if (!purifier?.isSupported) return escapeHtml(markup);
  const config = {...SHARED, ...SANITIZE_CONFIGS[kind]};
  if (kind === 'svg') return purifier.sanitize(markup, config);
  // A link whose address was dropped (javascript:, data:…) is shown as its text: an <a> without
  // href is neither a link nor plain text to assistive technology and to crawlers.
  const body = purifier.sanitize(markup, {...config, RETURN_DOM: true}) as HTMLElement;
  for (const anchor of body.querySelectorAll('a:not([href])')) anchor.replaceWith(...anchor.childNodes);
  return body.innerHTML;
}
