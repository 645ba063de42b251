/** Grouping of meeting-minutes links by year, for the minutes index page. */

export interface MinutesLink {
  date: string;
  href: string;
}

export interface MinutesYear {
  year: string;
  meetings: MinutesLink[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Newest first, for ISO dates and years (plain comparison: no collator to build while hydrating). */
const newestFirst = (a: string, b: string): number => (a < b ? 1 : a > b ? -1 : 0);

/** Groups meetings by year, newest year and newest meeting first; ignores non-date labels. */
export function groupMinutesByYear(links: MinutesLink[]): MinutesYear[] {
  const byYear = new Map<string, MinutesLink[]>();
  for (const link of links) {
    if (!DATE.test(link.date)) continue;
    const year = link.date.slice(0, 4);
    byYear.set(year, [...(byYear.get(year) ?? []), link]);
  }
  return [...byYear]
    .sort(([a], [b]) => newestFirst(a, b))
    .map(([year, meetings]) => ({year, meetings: meetings.sort((a, b) => newestFirst(a.date, b.date))}));
}

/**
 * What the minutes index shows beside a meeting's date: its first topics, or why there are no notes.
 * Built from each page's front matter (`topics`, or `no_notes` for a meeting without a record).
 */
export type MinutesGist = {topics: string[]; more: number} | {noNotes: string};

/** Headings under "Topics" that file leftovers rather than name a subject. */
const GENERIC_TOPIC =
  /^(other( agenda| new)? items|new items|agenda notes|other updates|updates|announcements|introductions?|deferred( items)?|carried[- ]over( items)?|agenda items carried over|standing items|pushed to the next meeting|follow-ups from the previous meeting)$/i;

/** Emphasis delimiters as CommonMark reads them: an underscore inside a word is a letter, not markup. */
const EMPHASIS = [
  /\*\*(?=\S)(.+?)(?<=\S)\*\*/g,
  /(?<![\p{L}\p{N}_])__(?=\S)(.+?)(?<=\S)__(?![\p{L}\p{N}_])/gu,
  /\*(?=\S)(.+?)(?<=\S)\*/g,
  /(?<![\p{L}\p{N}_])_(?=\S)(.+?)(?<=\S)_(?![\p{L}\p{N}_])/gu,
];

/**
 * Plain text of a Markdown heading: no code ticks, emphasis or link syntax. What a code span
 * holds and what a backslash escapes is kept as written, so `run_exports`, x86_64 or `k*` survive.
 */
function plainHeading(heading: string): string {
  // Literal pieces wait aside as private-use characters while the markup around them is removed.
  const literal: string[] = [];
  const keep = (text: string) => String.fromCharCode(0xe000 + literal.push(text) - 1);
  let text = heading
    .replace(/[\ue000-\uf8ff]/g, keep)
    // One pass, leftmost first: a backslash inside a code span is literal, an escaped tick opens none.
    .replace(/\\([!-/:-@[-`{-~])|(`+)(?!`)(.+?)(?<!`)\2(?!`)/g, (_, char?: string, _ticks?: string, code = '') =>
      keep(char ?? (code.trim() || code)),
    )
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');
  for (const pattern of EMPHASIS) text = text.replace(pattern, '$1');
  return text
    .replace(/[\ue000-\uf8ff]/g, (char) => literal[char.charCodeAt(0) - 0xe000] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The subjects of a minutes page: its h3 headings under "## Topics", leftover sections left out. */
export function topicsFromMarkdown(markdown: string): string[] {
  const topics: string[] = [];
  let inTopics = false;
  let fence = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) fence = !fence;
    if (fence) continue;
    const h2 = /^##\s+(.*)$/.exec(line);
    if (h2) inTopics = /^topics$/i.test(h2[1].trim());
    const h3 = /^###\s+(.*)$/.exec(line);
    if (inTopics && h3) {
      const topic = plainHeading(h3[1]);
      if (topic && !GENERIC_TOPIC.test(topic) && !topics.includes(topic)) topics.push(topic);
    }
  }
  return topics;
}

/** Cuts a topic to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clipTopic(topic: string, max = 40): string {
  if (topic.length <= max) return topic;
  const cut = topic.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:(–-]+$/, '')}…`;
}

/**
 * The gist of one minutes page from its front matter; throws a readable message when the page
 * has neither a non-empty `topics` list of strings nor a `no_notes` reason.
 */
export function minutesGist(frontMatter: Record<string, unknown>, shown = 3): MinutesGist {
  const {topics, no_notes: noNotes} = frontMatter;
  if (typeof noNotes === 'string' && noNotes.trim()) {
    if (topics !== undefined) throw new Error('has both `topics` and `no_notes`');
    return {noNotes: noNotes.trim()};
  }
  if (!Array.isArray(topics) || topics.length === 0) {
    throw new Error('needs `topics` (its main subjects) or `no_notes` (why there is no record)');
  }
  if (!topics.every((t): t is string => typeof t === 'string' && t.trim() !== '')) {
    throw new Error('`topics` must be a list of non-empty strings');
  }
  return {topics: topics.slice(0, shown).map((t) => clipTopic(t.trim())), more: Math.max(0, topics.length - shown)};
}

export {splitDates} from './dates';
