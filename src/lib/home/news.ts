/**
 * The home page's latest news: the newest posts of the news blog, picked at build time from the
 * posts the news plugin has loaded (plugins/home-data), so the home page shows them in its
 * server-rendered HTML without a request.
 */
import {formatUtc} from '../format/english';

/** One news post as the home page lists it. */
export interface NewsItem {
  title: string;
  /** The post's path on this site, under /news/. */
  permalink: string;
  /** The post's date, YYYY-MM-DD (UTC). */
  date: string;
  /** The date as the site writes it ("October 15, 2025"), written at build time. */
  dateText: string;
  /** The post's one-sentence summary, bounded; empty when the post has none. */
  description: string;
}

/** What the home page shows that is fixed at build time (plugins/home-data). */
export interface HomeData {
  /** The newest news posts, newest first. */
  news: NewsItem[];
  /** The one-line Miniforge install for macOS and Linux (src/lib/download). */
  installCommand: string;
}

/** A post of the blog plugin's loaded content, as far as the home page reads it. */
export interface LoadedPost {
  metadata: {
    title: string;
    permalink: string;
    date: Date | string;
    description?: string;
    unlisted?: boolean;
    frontMatter?: {draft?: boolean; unlisted?: boolean};
  };
}

/** How many posts the home page shows, and the longest title and summary it prints. */
export const NEWS_COUNT = 2;
const MAX_TITLE = 160;
const MAX_DESCRIPTION = 220;

/** `text` cut at a word boundary to at most `max` characters, with an ellipsis when cut. */
function bounded(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/** YYYY-MM-DD of a post's date; throws on a date that does not parse. */
function isoDay(date: Date | string): string {
  const parsed = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(parsed.getTime())) throw new Error(`a news post has an invalid date: ${String(date)}`);
  return parsed.toISOString().slice(0, 10);
}

/**
 * The `count` newest listed posts, newest first (posts of the same day by title). Unlisted and
 * draft posts are left out; a post whose permalink is not a /news/ path is refused.
 */
export function latestNews(posts: readonly LoadedPost[], count = NEWS_COUNT): NewsItem[] {
  return posts
    .filter(({metadata}) => !metadata.unlisted && !metadata.frontMatter?.unlisted && !metadata.frontMatter?.draft)
    .map(({metadata}): NewsItem => {
      if (!/^\/news\/[\w\-/.]+$/.test(metadata.permalink)) {
        throw new Error(`a news post has an unexpected permalink: ${metadata.permalink}`);
      }
      const date = isoDay(metadata.date);
      return {
        title: bounded(metadata.title, MAX_TITLE),
        permalink: metadata.permalink,
        date,
        dateText: newsDate(date),
        description: bounded(metadata.description ?? '', MAX_DESCRIPTION),
      };
    })
    .sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : a.title < b.title ? -1 : 1))
    .slice(0, count);
}

/** "October 15, 2025" for "2025-10-15": the site's date shape, written without Intl. */
export function newsDate(day: string): string {
  return formatUtc(new Date(`${day}T00:00:00Z`), {month: 'long', year: true});
}
