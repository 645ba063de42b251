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

const ITEM_OPEN = /<item[\s>/]/g;
const VERSION = /^[0-9][\w.+!-]{0,63}$/;

/**
 * Counts the items of a feed, and when there are more than `limit`, cuts the document after the
 * limit-th item so the XML parser never reads a huge feed whole. A cut that lands somewhere odd
 * (an item end inside CDATA) leaves a malformed document, which the parser reports as such.
 */
function boundFeed(xml: string, limit: number): {xml: string; total: number} {
  let total = 0;
  ITEM_OPEN.lastIndex = 0;
  while (ITEM_OPEN.exec(xml)) total++;
  if (total <= limit) return {xml, total};
  let end = 0;
  for (let i = 0; i < limit; i++) {
    const close = xml.indexOf('</item>', end);
    if (close < 0) return {xml, total};
    end = close + '</item>'.length;
  }
  return {xml: `${xml.slice(0, end)}</channel></rss>`, total};
}

/**
 * Reads the channel's RSS feed with an XML parser: each `<item>` gives the package (first word of
 * its title), the version (second word, when it looks like one) and the publication date, for the
 * first RSS_ITEM_LIMIT items. The channel's own `<title>` sits outside the items and is skipped.
 * A document that is not well-formed XML with an `<rss>` root and a `<channel>` is a DataError.
 */
export function parseChannelRss(xml: string, parser: XmlParser = new DOMParser()): ChannelFeed {
  const notRss = new DataError('Unexpected data: the channel feed is not an RSS feed.');
  // JSON, an HTML error page or an empty answer: not a feed at all, rather than a broken one.
  if (!/<rss[\s>]/i.test(xml)) throw notRss;
  const malformed = new DataError('The channel feed could not be read (it is incomplete or malformed).');
  const bounded = boundFeed(xml, RSS_ITEM_LIMIT);
  let doc: Document;
  try {
    doc = parser.parseFromString(bounded.xml, 'text/xml');
  } catch {
    throw malformed;
  }
  if (doc.getElementsByTagName('parsererror').length > 0) throw malformed;
  const root = doc.documentElement;
  const channel = root?.nodeName === 'rss' ? root.getElementsByTagName('channel')[0] : undefined;
  if (!channel) throw notRss;
  const uploads: RecentUpload[] = [];
  const items = channel.getElementsByTagName('item');
  for (let i = 0; i < items.length && i < RSS_ITEM_LIMIT; i++) {
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
  return {uploads, total: Math.max(bounded.total, items.length)};
}
