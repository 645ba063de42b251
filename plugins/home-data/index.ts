import type {Plugin} from '@docusaurus/types';
import {latestNews, type HomeData, type LoadedPost} from '../../src/lib/home/news';
import {installCommand} from '../../src/lib/download/index';

/** Where the page data lands: `@generated/home-data/default/home.json`. */
export const DATA_FILE = 'home.json';

/** The blog instance that holds the news (config/plugins.ts). */
const NEWS_BLOG = 'news';

/** The home page's build-time data from the news blog's loaded posts. */
export function homeData(posts: readonly LoadedPost[]): HomeData {
  const news = latestNews(posts);
  if (news.length === 0) throw new Error('home-data: found no listed news post');
  return {news, installCommand: installCommand('Linux')};
}

/**
 * What the home page shows that is fixed when the site is built: the newest news posts, from the
 * posts the news blog plugin has already loaded (no second read of news/), and the one-line
 * install command, written out here so that the download page's module stays out of the home
 * page's scripts. A data file that only the home page imports: its HTML lists them without a
 * request, and no other page carries them.
 */
export default function homeDataPlugin(): Plugin {
  return {
    name: 'home-data',
    async allContentLoaded({allContent, actions}) {
      const blogs = allContent['docusaurus-plugin-content-blog'] as
        Record<string, {blogPosts: LoadedPost[]}> | undefined;
      const news = blogs?.[NEWS_BLOG];
      if (!news) throw new Error(`home-data: no blog plugin with id "${NEWS_BLOG}"`);
      await actions.createData(DATA_FILE, JSON.stringify(homeData(news.blogPosts)));
    },
  };
}
