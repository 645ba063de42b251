/**
 * Which social card a page names, and the tags that name it. Docusaurus's page template
 * (config/ssrTemplate.ts) adds the tags while each page is rendered: `cardHeadTemplate` gives it
 * the functions below as source text, and they read the page's own meta tags (`og:url`,
 * `og:title`) to find its route and title. The plugin's post-build step (./index.ts) reads the
 * same tags back from each page's head to know which cards to draw.
 *
 * Everything the template runs is in this module and refers only to this module's own top-level
 * names: no imports, so that each function's source text works on its own in the template.
 * tests/unit/socialCards.test.ts runs the template's copy beside these functions.
 */

/** Where a page's card lives in the built site (`SOCIAL_CARD_DIR` + the route's segments + `.png`). */
export const SOCIAL_CARD_DIR = '/img/social/';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export const ELLIPSIS = '…';
/** Titles and sections longer than this are cut before layout: no card needs more. */
export const MAX_TITLE_CHARS = 300;
export const MAX_SECTION_CHARS = 80;

/** A section of the site, by the start of its pages' paths. */
export interface Section {
  prefix: string;
  label: string;
}

/** What the template needs to know of the site: its address, its title and its sections. */
export interface CardSite {
  url: string;
  title: string;
  sections: readonly Section[];
}

/** A page whose card the build draws. */
export interface CardPage {
  route: string;
  /** The card's path in the site (`/img/social/….png`). */
  image: string;
  title: string;
  section: string;
}

/**
 * `/docs/user/faq/` → `/img/social/docs/user/faq.png`, `/` → `/img/social/index.png`,
 * `/404.html` (or `/404.html/`, as Docusaurus writes the 404 page's `og:url`) →
 * `/img/social/404.png`. Characters outside `[A-Za-z0-9._-]` in a segment become `-`.
 */
export function socialCardPath(pathname: string): string {
  const segments = pathname
    .replace(/\.html?\/?$/, '')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment) => segment.replace(/[^A-Za-z0-9._-]+/g, '-'));
  return `${SOCIAL_CARD_DIR}${segments.length > 0 ? segments.join('/') : 'index'}.png`;
}

const ENTITIES: Record<string, string> = {amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' '};

/** Decodes the character references React writes into attribute values and titles. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Collapses white space, drops control characters and bounds the length. */
export function cleanText(text: string, maxChars: number): string {
  const flat = text
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > maxChars ? `${chars.slice(0, maxChars - 1).join('')}${ELLIPSIS}` : flat;
}

/**
 * The card title of a page, from its `og:title` (or `<title>`), which Docusaurus writes as
 * "Page | Site title". The home page's title is the site title alone: its card shows the site's
 * tagline (the part after " | "), capitalised.
 */
export function cardTitle(pageTitle: string, siteTitle: string): string {
  const title = cleanText(decodeEntities(pageTitle), MAX_TITLE_CHARS * 2);
  const suffix = ` | ${siteTitle}`;
  if (title.endsWith(suffix) && title.length > suffix.length) {
    return cleanText(title.slice(0, -suffix.length), MAX_TITLE_CHARS);
  }
  if (title === siteTitle) {
    const tagline = siteTitle.split(' | ').slice(1).join(' | ') || siteTitle;
    return cleanText(tagline.charAt(0).toUpperCase() + tagline.slice(1), MAX_TITLE_CHARS);
  }
  return cleanText(title, MAX_TITLE_CHARS);
}

/** The section label of a route: the label of the longest matching prefix, or '' for none. */
export function sectionOf(route: string, sections: readonly Section[]): string {
  let best: Section | undefined;
  for (const section of sections) {
    if (route.startsWith(section.prefix) && (!best || section.prefix.length > best.prefix.length)) best = section;
  }
  return best ? cleanText(best.label, MAX_SECTION_CHARS) : '';
}

/** The value of the first `<meta>` whose `property` or `name` is `key`, from minified or plain HTML. */
export function metaContent(html: string, key: string): string | undefined {
  for (const [tag] of html.matchAll(/<meta\s[^>]*>/g)) {
    const named = new RegExp(`\\s(?:property|name)=(?:"${key}"|${key}[\\s/>])`).test(tag);
    if (!named) continue;
    const content = /\scontent=(?:"([^"]*)"|([^\s>]+))/.exec(tag);
    if (content) return decodeEntities(content[1] ?? content[2]);
  }
  return undefined;
}

/** The title a page's head gives it: `og:title`, or else `<title>`. */
export function pageTitleOf(html: string): string | undefined {
  return metaContent(html, 'og:title') ?? /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1];
}

/** The card of the page at `route` whose head is `html`: its title from the head, its section from the route. */
export function cardPageOf(route: string, html: string, site: CardSite): CardPage {
  const pageTitle = pageTitleOf(html);
  if (!pageTitle) throw new Error(`${route}: the page has no title for its social card`);
  return {
    route,
    image: socialCardPath(route),
    title: cardTitle(pageTitle, site.title),
    section: sectionOf(route, site.sections),
  };
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The head tags that name a page's card (the theme already sets `twitter:card` to a large image). */
export function cardTags(page: CardPage, siteUrl: string): string {
  const url = escapeAttribute(`${siteUrl}${page.image}`);
  const alt = escapeAttribute(`${page.title}${page.section ? ` (${page.section})` : ''}, conda-forge`);
  return [
    `<meta property="og:image" content="${url}">`,
    '<meta property="og:image:type" content="image/png">',
    `<meta property="og:image:width" content="${CARD_WIDTH}">`,
    `<meta property="og:image:height" content="${CARD_HEIGHT}">`,
    `<meta property="og:image:alt" content="${alt}">`,
    `<meta name="twitter:image" content="${url}">`,
    `<meta name="twitter:image:alt" content="${alt}">`,
  ].join('');
}

/**
 * The route of a page, from the `og:url` the theme writes into every page's head. Throws when it
 * is missing or not on the site: the card would otherwise name the wrong page.
 */
export function routeOf(html: string, siteUrl: string): string {
  const url = metaContent(html, 'og:url');
  if (url === undefined || !url.startsWith(`${siteUrl}/`)) {
    throw new Error(`social cards: a page's og:url (${url ?? 'none'}) is not an address on ${siteUrl}`);
  }
  return url.slice(siteUrl.length);
}

/**
 * The card tags of one page, from the meta tags the theme rendered into its head (`meta`). Empty
 * for a page that names an image of its own (front matter `image`): it keeps that image.
 */
export function cardHeadTags(meta: string, site: CardSite): string {
  if (metaContent(meta, 'og:image') !== undefined) return '';
  const route = routeOf(meta, site.url);
  return cardTags(cardPageOf(route, meta, site), site.url);
}

/** The functions the template runs: `cardHeadTags` and everything it calls. */
const TEMPLATE_FUNCTIONS = [
  socialCardPath,
  decodeEntities,
  cleanText,
  cardTitle,
  sectionOf,
  metaContent,
  pageTitleOf,
  cardPageOf,
  escapeAttribute,
  cardTags,
  routeOf,
  cardHeadTags,
];

/** The constants those functions read, by their names in this module. */
const TEMPLATE_CONSTANTS: Record<string, unknown> = {
  SOCIAL_CARD_DIR,
  CARD_WIDTH,
  CARD_HEIGHT,
  ELLIPSIS,
  MAX_TITLE_CHARS,
  MAX_SECTION_CHARS,
  ENTITIES,
};

/** The code that defines `cardHeadTags` and what it calls, from this module's own source text. */
export function cardHeadSource(): string {
  const constants = Object.entries(TEMPLATE_CONSTANTS).map(
    ([name, value]) => `const ${name} = ${JSON.stringify(value)};`,
  );
  const functions = TEMPLATE_FUNCTIONS.map((fn) => {
    const source = fn.toString();
    if (!source.startsWith(`function ${fn.name}(`)) {
      throw new Error(`social cards: ${fn.name} is not a plain function declaration in its source text`);
    }
    return source;
  });
  return [...constants, ...functions].join('\n');
}

/**
 * The page template's part for the card tags (Eta, over `it.metaAttributes`, the meta tags the
 * theme rendered): builds `cardHeadTags` from the source above, then writes the page's tags. The
 * source goes in as a JSON string: Eta's parser, which looks for the end of a block, follows a
 * quoted string but not a template literal nested in another.
 */
export function cardHeadTemplate(site: CardSite): string {
  const build = JSON.stringify(`${cardHeadSource()}\nreturn cardHeadTags;`);
  if (build.includes('%>')) throw new Error('social cards: the card tags code contains "%>", which ends an Eta block');
  return `<% const cardHeadTags = new Function(${build})(); %><%~ cardHeadTags(it.metaAttributes.join(''), ${JSON.stringify(site)}) %>`;
}
