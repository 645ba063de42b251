import type {ThemeConfig} from '@docusaurus/preset-classic';

type AnnouncementBarConfig = NonNullable<ThemeConfig['announcementBar']>;

/**
 * The announcement bar. Change `id` whenever the message changes: visitors who dismissed the
 * previous message then see the new one.
 */
export const announcementBar: AnnouncementBarConfig = {
  id: 'discourse-read-only-2025-10',
  content:
    'The conda-forge Discourse forum is now read-only. Ask questions and meet the community on ' +
    '<a href="https://conda-forge.zulipchat.com">Zulip</a> — ' +
    '<a href="/news/2025/10/15/conda-forge-discourse-read-only/">read the announcement</a>.',
  isCloseable: true,
};
