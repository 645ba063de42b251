/**
 * Markdown from third parties (incident reports, bot error texts) → sanitised HTML. The rules of
 * what survives are the `markdown` and `markdownTitle` kinds of ./sanitize, also exported here.
 * Live pages load this module with their data (./markup.ts), not with the page.
 */
import {marked} from 'marked';
import {sanitize, sanitizeSvgElement} from './sanitize';

export {sanitize, sanitizeSvgElement};

export interface MarkdownOptions {
  /** One line of inline formatting, without links or images (for titles shown inside a link). */
  inline?: boolean;
}

/**
 * The AI answer's HTML (from src/lib/search/answerMarkdown.ts) → HTML safe to inject, under the
 * `answer` kind of ./sanitize. Without a DOM the HTML is escaped and so shown as text.
 */
export function sanitizeHtml(html: string): string {
  return sanitize('answer', html);
}

/** GitHub-flavoured Markdown → HTML safe to inject. Without a DOM the text is only escaped. */
export function markdownToSafeHtml(markdown: string, {inline = false}: MarkdownOptions = {}): string {
  // Server rendering: no DOM to sanitise with, so the Markdown itself is shown, escaped.
  if (typeof window === 'undefined') return sanitize('markdown', markdown);
  return inline
    ? sanitize('markdownTitle', marked.parseInline(markdown, {async: false, gfm: true}))
    : sanitize('markdown', marked.parse(markdown, {async: false, gfm: true}));
}
