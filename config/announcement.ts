import type {ThemeConfig} from '@docusaurus/preset-classic';
import {LINKS} from './links';

type AnnouncementBarConfig = NonNullable<ThemeConfig['announcementBar']>;

/**
 * The announcement bar. Change `id` whenever the message changes: visitors who dismissed the
 * previous message then see the new one.
 */
export const announcementBar: AnnouncementBarConfig = {
  id: 'discourse-read-only-2025-10',
  content:
    'The conda-forge Discourse forum is now read-only. Ask questions and meet the community on ' +
    `<a href="${LINKS.zulip}">Zulip</a> — ` +
    '<a href="/news/2025/10/15/conda-forge-discourse-read-only/">read the announcement</a>.',
  isCloseable: true,
};

/**
 * Runs in <head>, before the theme's own inline script hides a dismissed bar: when the stored id
 * is not the current one, the visitor dismissed an older message, so the new one must show.
 * (The theme resets the dismissal only after hydration, while its CSS keeps the bar hidden.)
 */
export const announcementResetScript = `(function(){try{var k='docusaurus.announcement.';if(localStorage.getItem(k+'id')!==${JSON.stringify(
  announcementBar.id,
)})localStorage.setItem(k+'dismiss','false');}catch(e){}})();`;
