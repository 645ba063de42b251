/**
 * The blog archives' grouping (src/theme/BlogArchivePage): posts by the year of their date.
 */

/** What the grouping reads of a post. */
export interface Dated {
  readonly metadata: {readonly date: string};
}

/**
 * The posts grouped by the year of their ISO date, years and posts in the order given (the blog
 * plugin lists its posts newest first, so the newest year comes first).
 */
export function postsByYear<Post extends Dated>(posts: readonly Post[]): [year: string, posts: Post[]][] {
  const years = new Map<string, Post[]>();
  for (const post of posts) {
    const year = post.metadata.date.slice(0, 4);
    const list = years.get(year);
    if (list) list.push(post);
    else years.set(year, [post]);
  }
  return [...years];
}
