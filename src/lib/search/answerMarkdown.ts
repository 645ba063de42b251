/**
 * An AI answer's Markdown → HTML, before sanitising. The model's text is untrusted, so the renderer
 * is strict on its own (the view still passes the result through DOMPurify):
 * - raw HTML is shown as text, images as their text alternative (nothing is loaded);
 * - a link stays a link only when it leads to this site (a relative path, or an absolute address
 *   on one of the site's origins) or to one of the pages sent with the question; any other link
 *   (`javascript:`, `data:`, other sites) becomes its plain text;
 * - citations `[n]` and `[n, m]` become links to the numbered sources, at most `maxCitationLinks`
 *   of them; later markers stay text.
 * Pure: no DOM, unit-tested.
 */
import {Marked, type Tokens, type TokenizerAndRendererExtension} from 'marked';
import type {Passage} from './ai';
import {escapeHtml} from '../format/html';

/** The most citation links one answer renders. */
export const MAX_CITATION_LINKS = 60;
const MAX_HREF_LENGTH = 2048;

export interface AnswerLinkRule {
  /** The origins that count as this site, e.g. the page's own and the canonical https://conda-forge.org. */
  siteOrigins: readonly string[];
  /** The pages sent with the question (their URLs may be linked). */
  sources: readonly Passage[];
}

function parse(href: string, base: string): URL | null {
  try {
    return new URL(href, base);
  } catch {
    return null;
  }
}

/**
 * Where a link in an answer may lead: a root-relative path for the site's own pages, the absolute
 * address for a source page elsewhere, or null when the link must become plain text.
 */
export function answerLinkTarget(href: string, {siteOrigins, sources}: AnswerLinkRule): string | null {
  const raw = href.trim();
  if (raw === '' || raw.length > MAX_HREF_LENGTH || siteOrigins.length === 0) return null;
  const origins = siteOrigins.map((origin) => parse(origin, 'http://invalid/')?.origin).filter(Boolean);
  const base = `${origins[0]}/`;
  const url = parse(raw, base);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username !== '' || url.password !== '') return null;
  // A path of this site is written root-relative, and so must not start with two slashes: the
  // browser reads `//evil.example/x` as another host's address.
  if (origins.includes(url.origin))
    return url.pathname.startsWith('//') ? null : `${url.pathname}${url.search}${url.hash}`;
  const isSource = sources.some((source) => parse(source.url, base)?.href === url.href);
  return isSource ? url.href : null;
}

export interface AnswerHtmlOptions extends AnswerLinkRule {
  maxCitationLinks?: number;
}

interface CitationToken {
  type: 'citation';
  raw: string;
  numbers: number[];
}

/** The answer's Markdown as HTML under the rules above. */
export function answerMarkdownToHtml(
  markdown: string,
  {siteOrigins, sources, maxCitationLinks = MAX_CITATION_LINKS}: AnswerHtmlOptions,
): string {
  const rule = {siteOrigins, sources};
  let citationLinks = 0;

  const citation: TokenizerAndRendererExtension = {
    name: 'citation',
    level: 'inline',
    start: (src) => src.match(/\[\d/)?.index,
    tokenizer(src) {
      const match = /^\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/.exec(src);
      if (!match) return undefined;
      return {type: 'citation', raw: match[0], numbers: match[1].split(',').map((n) => Number(n.trim()))};
    },
    renderer(token) {
      const {numbers, raw} = token as unknown as CitationToken;
      const linkable = numbers.every((n) => n >= 1 && n <= sources.length);
      if (!linkable || citationLinks + numbers.length > maxCitationLinks) return escapeHtml(raw);
      return numbers
        .map((n) => {
          const source = sources[n - 1];
          const target = answerLinkTarget(source.url, rule);
          if (!target) return escapeHtml(`[${n}]`);
          citationLinks += 1;
          const label = escapeHtml(`source ${n}: ${source.title}`);
          return `<a href="${escapeHtml(target)}" data-cite="${n}" aria-label="${label}">[${n}]</a>`;
        })
        .join('');
    },
  };

  const marked = new Marked({
    async: false,
    gfm: true,
    extensions: [citation],
    renderer: {
      html: ({text}: Tokens.HTML | Tokens.Tag) => escapeHtml(text),
      image: ({text}: Tokens.Image) => escapeHtml(text),
      link(this: {parser: {parseInline: (tokens: Tokens.Link['tokens']) => string}}, {href, title, tokens}) {
        const inner = this.parser.parseInline(tokens);
        const target = answerLinkTarget(href, rule);
        if (!target) return inner;
        const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
        return `<a href="${escapeHtml(target)}"${titleAttr}>${inner}</a>`;
      },
    },
  });
  return marked.parse(markdown) as string;
}
