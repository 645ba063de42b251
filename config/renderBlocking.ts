/**
 * The first paint waits until the page's shell, the announcement bar and the navbar, has been
 * parsed: a `<link rel="expect" href="#…" blocking="render">` in <head> (HTML standard; Chromium
 * 124 and later, other browsers ignore it) names the first element after them, the main wrapper
 * the theme gives the id below.
 *
 * Without it a slow phone, or any browser under load, can paint a half-parsed shell: the
 * announcement's text spanning the close button's place until the button is parsed, or the
 * navbar's right-hand items drawn before the rest arrives and then pushed aside. Both were seen as
 * layout shifts at a 4–8× CPU slowdown on /download/ (none with the tag). The shell is the first
 * few kilobytes of <body>, so the paint waits for almost nothing. An id the page lacks ends the
 * wait when parsing ends; tests/e2e/buildOutput.test.ts fails if any page lacks it.
 */
import type {HtmlTagObject} from '@docusaurus/types';

/** The theme's id for the main wrapper (`SkipToContentFallbackId` of @docusaurus/theme-common). */
export const SHELL_END_ID = '__docusaurus_skipToContent_fallback';

export const shellRenderBlockingTag: HtmlTagObject = {
  tagName: 'link',
  attributes: {rel: 'expect', href: `#${SHELL_END_ID}`, blocking: 'render'},
};
