/**
 * The parsers of /packages/: the feedstock-outputs map into the searchable index, and the channel's
 * RSS feed into its recent uploads; each throws a DataError with a readable message when the data
 * is not what the source sends. Kept apart from the search and the views' helpers (./index.ts) so
 * that the page loads them, with the fetch helpers (./load.ts), only once it has hydrated.
 * Unit-tested in tests/unit/packages.test.ts.
 */
import {DataError, expectRecord, expectStringArray} from '../data/validate';
import {parseObjectInSteps, runAtOnce, runInSteps, type StepOptions} from '../data/steps';
import {boundText, MAX_TEXT} from '../data/text';
import {parseTime} from '../data/time';
import {
  MAX_NAME_LENGTH,
  MAX_PACKAGES,
  RSS_ITEM_LIMIT,
  type ChannelFeed,
  type PackageEntry,
  type PackageIndex,
  type RecentUpload,
} from './index';

/** Names handled in one step when the index is built in steps (see buildIndexInSteps). */
const STEP = 1_000;

/**
 * Validates feedstock-outputs.json (`{output: [feedstock, …]}`) and builds the index, one step of
 * STEP names at a time (the generator yields between steps). Names are lower-cased once here, so
 * a search never lower-cases them again; two keys that differ only in case are merged. At most
 * MAX_PACKAGES names of at most MAX_NAME_LENGTH characters are read; `omitted` counts the rest.
 */
function* indexSteps(data: unknown): Generator<void, PackageIndex> {
  const root = expectRecord(data, 'feedstock-outputs.json');
  const byName = new Map<string, PackageEntry>();
  let seen = 0;
  let omitted = 0;
  for (const key in root) {
    if (!Object.hasOwn(root, key)) continue;
    if (++seen % STEP === 0) yield;
    // Past the cap, or longer than any package name could be (the index sorts by length).
    if (byName.size >= MAX_PACKAGES || key.length > MAX_NAME_LENGTH) {
      omitted++;
      continue;
    }
    const feedstocks = expectStringArray(root[key], `the value of "${key}"`).map((feedstock) =>
      boundText(feedstock, MAX_TEXT.name),
    );
    const name = key.toLowerCase().replace(/\n/g, ' ');
    const known = byName.get(name);
    if (known) known.feedstocks = [...new Set([...known.feedstocks, ...feedstocks])];
    else byName.set(name, {name, feedstocks});
  }
  if (byName.size === 0) throw new DataError('Unexpected data: feedstock-outputs.json lists no packages.');
  yield;
  // Ordered by length, then name: a bucket per length, each sorted with the native string order.
  const byLength: string[][] = [];
  for (const name of byName.keys()) (byLength[name.length] ??= []).push(name);
  const names: string[] = [];
  for (const bucket of byLength) {
    if (!bucket) continue;
    for (const name of bucket.sort()) names.push(name);
    yield;
  }
  const entries: PackageEntry[] = new Array(names.length);
  const starts = new Int32Array(names.length + 1);
  const prefixes = new Map<string, number[]>();
  const addPrefix = (prefix: string, i: number) => {
    const bucket = prefixes.get(prefix);
    if (bucket) bucket.push(i);
    else prefixes.set(prefix, [i]);
  };
  let offset = 1;
  for (let i = 0; i < names.length; i++) {
    if (i % STEP === STEP - 1) yield;
    const name = names[i];
    entries[i] = byName.get(name)!;
    starts[i] = offset;
    offset += name.length + 1;
    addPrefix(name.slice(0, 1), i);
    if (name.length > 1) addPrefix(name.slice(0, 2), i);
  }
  starts[names.length] = offset;
  return {entries, byName, text: `\n${names.join('\n')}\n`, starts, prefixes, omitted};
}

/** Builds the index in one go (tests, small maps). */
export function parseFeedstockOutputs(data: unknown): PackageIndex {
  return runAtOnce(indexSteps(data));
}

/**
 * Reads feedstock-outputs.json and builds the index in steps, handing the main thread back to the
 * browser between them: the text is parsed a piece at a time (parseObjectInSteps), then indexed
 * STEP names at a time, in slices of a few milliseconds (runInSteps), so a map of 100,000 names
 * never blocks input or painting for long.
 */
export function buildIndexInSteps(text: string, options?: StepOptions): Promise<PackageIndex> {
  return runInSteps(
    (function* () {
      return yield* indexSteps(yield* parseObjectInSteps(text));
    })(),
    options,
  );
}

/* ---------------------------------------------------------------- channel RSS */

/** What parseChannelRss needs of a DOMParser (the browser's, or a stand-in in tests). */
export type XmlParser = Pick<DOMParser, 'parseFromString'>;

/** The trimmed text of an element's first child element named `tag` (CDATA and entities decoded). */
function childText(item: Element, tag: string): string {
  return item.getElementsByTagName(tag)[0]?.textContent?.trim() ?? '';
}

/** An item's start tag (a new expression per use: a global one keeps its place between steps). */
const itemOpen = () => /<item[\s>/]/g;
const ITEM_CLOSE = '</item>';
const VERSION = /^[0-9][\w.+!-]{0,63}$/;

/** Items read by one XML parse, in one step of rssSteps. */
const PARSE_STEP = 100;

/**
 * A stop rule for downloading the feed (fetchText's `enough`, which hands it the text a piece at a
 * time): true once the text so far holds the start of item limit + 1. The items past the limit are
 * never read, so the rest of a huge feed is not downloaded; rssSteps then knows only that there
 * are more. The last few characters of a piece are searched again with the next one, where a start
 * tag split between two pieces begins.
 */
export function feedItemsPast(limit: number = RSS_ITEM_LIMIT): (piece: string) => boolean {
  let count = 0;
  let carried = '';
  return (piece) => {
    const text = carried + piece;
    const open = itemOpen();
    let counted = 0;
    while (open.exec(text)) {
      counted = open.lastIndex;
      if (++count > limit) return true;
    }
    // A start tag is six characters: one that begins in the last five may not be whole yet.
    carried = text.slice(Math.max(counted, text.length - 5));
    return false;
  };
}

/**
 * Where each piece of a feed ends: after every `step`-th `</item>` of its first `limit` items, and
 * at the end of the text; with more than `limit` items, the text is cut after the limit-th and
 * closed with `</channel></rss>`, so the XML parser never reads a huge feed whole. `itemsEnd` is
 * where the last item read ends: what follows (the feed's closing tags) closes every piece. A cut
 * that lands somewhere odd (an item end inside CDATA) leaves a malformed piece, which the parser
 * reports as such.
 */
function cutFeed(
  xml: string,
  more: boolean,
  limit: number,
  step: number,
): {text: string; ends: number[]; itemsEnd: number} {
  const ends: number[] = [];
  let end = 0;
  for (let i = 1; i <= limit; i++) {
    const close = xml.indexOf(ITEM_CLOSE, end);
    if (close < 0) break;
    end = close + ITEM_CLOSE.length;
    if (i % step === 0 || i === limit) ends.push(end);
  }
  const text = more && ends.at(-1) === end ? `${xml.slice(0, end)}</channel></rss>` : xml;
  if (ends.at(-1) !== text.length) ends.push(text.length);
  return {text, ends, itemsEnd: end};
}

/**
 * Reads the channel's RSS feed with an XML parser, in steps of PARSE_STEP items, each piece parsed
 * as a feed of its own (the text before the first item, the piece's items, the feed's closing
 * tags). Each `<item>` gives the package (first word of its title), the version (second word, when
 * it looks like one) and the publication date, for the first RSS_ITEM_LIMIT items; `more` says the
 * feed has items past them (also when the download stopped there, see feedItemsPast). The
 * channel's own `<title>` sits outside the items and is skipped. A document that is not
 * well-formed XML with an `<rss>` root and a `<channel>` is a DataError.
 */
function* rssSteps(xml: string, parser: XmlParser): Generator<void, ChannelFeed> {
  const notRss = new DataError('Unexpected data: the channel feed is not an RSS feed.');
  // JSON, an HTML error page or an empty answer: not a feed at all, rather than a broken one.
  if (!/<rss[\s>]/i.test(xml)) throw notRss;
  const malformed = new DataError('The channel feed could not be read (it is incomplete or malformed).');
  const more = feedItemsPast(RSS_ITEM_LIMIT)(xml);
  const {text, ends, itemsEnd} = cutFeed(xml, more, RSS_ITEM_LIMIT, PARSE_STEP);
  const first = itemOpen().exec(text);
  const head = first ? text.slice(0, first.index) : '';
  const tail = text.slice(itemsEnd);
  const uploads: RecentUpload[] = [];
  let start = head.length;
  for (const [k, end] of ends.entries()) {
    if (k > 0) yield;
    const last = k === ends.length - 1;
    const piece = `${head}${text.slice(start, end)}${last ? '' : tail}`;
    start = end;
    let doc: Document;
    try {
      doc = parser.parseFromString(piece, 'text/xml');
    } catch {
      throw malformed;
    }
    if (doc.getElementsByTagName('parsererror').length > 0) throw malformed;
    const root = doc.documentElement;
    const channel = root?.nodeName === 'rss' ? root.getElementsByTagName('channel')[0] : undefined;
    if (!channel) throw notRss;
    const items = channel.getElementsByTagName('item');
    for (let i = 0; i < items.length && uploads.length < RSS_ITEM_LIMIT; i++) {
      // The package and version are the title's first two words: at most that much is split.
      const [name, second = ''] = childText(items[i], 'title')
        .slice(0, 2 * MAX_TEXT.line)
        .split(/\s+/);
      if (!name) continue;
      const published = boundText(childText(items[i], 'pubDate'), MAX_TEXT.line);
      uploads.push({
        name: boundText(name, MAX_TEXT.name),
        version: VERSION.test(second) ? second : '',
        published,
        time: parseTime(published),
      });
    }
  }
  return {uploads, more};
}

/** Reads the channel's RSS feed in one go (tests, small feeds); see rssSteps. */
export function parseChannelRss(xml: string, parser: XmlParser = new DOMParser()): ChannelFeed {
  return runAtOnce(rssSteps(xml, parser));
}

/** Reads the channel's RSS feed in steps, handing the main thread back between them; see rssSteps. */
export function parseChannelRssInSteps(
  xml: string,
  options?: StepOptions,
  parser: XmlParser = new DOMParser(),
): Promise<ChannelFeed> {
  return runInSteps(rssSteps(xml, parser), options);
}
