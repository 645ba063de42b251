/**
 * Markdown from third parties (incident reports, bot error texts) → sanitised HTML. Browser only:
 * DOMPurify needs a DOM, and the status data is fetched in the browser anyway.
 */
import {marked} from 'marked';
import createDOMPurify, {type DOMPurify} from 'dompurify';

let purifier: DOMPurify | null = null;

/** A private DOMPurify instance whose links never reach back to this page (rel=noopener). */
function getPurifier(): DOMPurify | null {
  if (typeof window === 'undefined') return null;
  if (!purifier) {
    purifier = createDOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A' && node.hasAttribute('href')) node.setAttribute('rel', 'noopener noreferrer');
      // Third-party images often lack a text alternative; mark those as decorative.
      if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
    });
  }
  return purifier;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MarkdownOptions {
  /** One line without block elements (for titles). */
  inline?: boolean;
  /** Drop links but keep their text (for Markdown shown inside a link). */
  noLinks?: boolean;
}

/**
 * HTML (from a renderer of untrusted text, such as the AI answer's) → HTML safe to inject, under the
 * same profile as markdownToSafeHtml, with images and forms removed too. Without a DOM the HTML is
 * escaped and so shown as text.
 */
export function sanitizeHtml(html: string): string {
  const purify = getPurifier();
  if (!purify?.isSupported) return escapeHtml(html);
  return purify.sanitize(html, {
    USE_PROFILES: {html: true},
    FORBID_TAGS: ['style', 'form', 'img', 'picture', 'video', 'audio', 'input', 'button'],
    FORBID_ATTR: ['style'],
  });
}

/** GitHub-flavoured Markdown → HTML safe to inject. Without a DOM the text is only escaped. */
export function markdownToSafeHtml(markdown: string, {inline = false, noLinks = false}: MarkdownOptions = {}): string {
  const purify = getPurifier();
  if (!purify?.isSupported) return escapeHtml(markdown);
  const html = inline
    ? marked.parseInline(markdown, {async: false, gfm: true})
    : marked.parse(markdown, {async: false, gfm: true});
  return purify.sanitize(html, {
    USE_PROFILES: {html: true},
    FORBID_TAGS: noLinks ? ['a', 'style', 'form'] : ['style', 'form'],
    FORBID_ATTR: ['style'],
  });
}
