/**
 * The hostile and faulty inputs of issue 37, one block per case: names that are keys of every
 * object, times out of the Date range, stalled bodies, huge text and drawings, bad escapes in the
 * address, a protocol-relative path, the referrer of the page counter, Pagefind's swallowed chunk
 * failures, and links of the AI answer's Markdown step. (The server's cases are in serve.test.ts.)
 */
import {pageCounterScript, pageCounterTag} from '../../src/lib/analytics/pageCounter';
import {afterEach, mock, test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import vm from 'node:vm';
import {DOMParser as XmlDomParser} from '@xmldom/xmldom';
import {fetchJson, fetchText} from '../../src/lib/data/fetchData';
import {DataError, ownValue} from '../../src/lib/data/validate';
import {resolveSources, DEFAULT_SOURCES, externalHosts, isListedHost} from '../../src/lib/data/sources';
import {IMAGE_HOSTS} from '../../src/lib/data/sanitize';
import {GOATCOUNTER_ENDPOINT} from '../../config/site';
import {boundText, MAX_TEXT} from '../../src/lib/data/text';
import {isValidTime, MAX_TIME, parseTime} from '../../src/lib/data/time';
import {socialLinks} from '../../src/lib/blog/socials';
import {parseLatestRelease} from '../../src/lib/download/index';
import {parseChannelRss, parseFeedstockOutputs} from '../../src/lib/packages/parse';
import {canonicalPath} from '../../src/lib/routing/canonicalPath';
import {decodable, decodeOrKeep} from '../../src/lib/routing/decode';
import {decodeEntities} from '../../src/lib/search/index';
import {localUrl, shapeDocsearchResponse} from '../../src/lib/search/docsearch';
import {answerLinkTarget, answerMarkdownToHtml} from '../../src/lib/search/answerMarkdown';
import {WORKFLOW_BADGES} from '../../src/lib/status/index';
import {describeMigrationEntry} from '../../src/lib/status/freshness';
import {feedstockFromHash} from '../../src/lib/status/migrationView';
import {
  cdnAgeMinutes,
  parseCloudStatus,
  parseIncidents,
  parseLatestCommitTime,
  parseMigrationDetails,
  parseMigrationList,
  parseServiceHealth,
  parseTimestamp,
  parseUsageReport,
  parseVersionStatus,
} from '../../src/lib/status/parse';
import {
  countElements,
  graphSize,
  MAX_GRAPH_CHARACTERS,
  MAX_GRAPH_ELEMENTS,
  readGraphAtOnce,
  readGraphSteps,
  type GraphTools,
  type ReadGraph,
} from '../../src/lib/status/graph';
import {reportChunkFailures, SWALLOWED_LOADS} from '../../scripts/pagefindRuntime';

/** Names every object answers for: real conda-forge packages are called `constructor`. */
const OBJECT_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__', 'isPrototypeOf'];

// --- 1. Names that are object keys --------------------------------------------------------------

test('version updates: an errored package named like an object key has no error text, not a function', () => {
  const v = parseVersionStatus(JSON.parse(`{"errored": ${JSON.stringify(OBJECT_KEYS)}, "errors": {}}`));
  assert.deepEqual(v.errored, OBJECT_KEYS);
  for (const name of OBJECT_KEYS) assert.equal(v.errors.get(name), undefined, name);
  // Their own texts, when the file has them (JSON.parse makes `__proto__` an own key).
  const texts = JSON.parse(
    `{"errored": ${JSON.stringify(OBJECT_KEYS)}, "errors": {"__proto__": "p", "constructor": "c"}}`,
  );
  const withTexts = parseVersionStatus(texts);
  assert.equal(withTexts.errors.get('__proto__'), 'p');
  assert.equal(withTexts.errors.get('constructor'), 'c');
  assert.equal(withTexts.errors.get('toString'), undefined);
});

test('a migration whose feedstocks are named like object keys, without status entries, loads', () => {
  const file = JSON.parse(`{"awaiting-pr": ${JSON.stringify(OBJECT_KEYS)}, "_feedstock_status": {}}`);
  const details = parseMigrationDetails(file);
  assert.deepEqual(
    details.feedstocks.map((f) => [f.name, f.children, f.prUrl, f.updatedAt]),
    OBJECT_KEYS.map((name) => [name, [], undefined, undefined]),
  );
  // Without any `_feedstock_status` at all, too.
  assert.equal(parseMigrationDetails({done: OBJECT_KEYS}).feedstocks.length, OBJECT_KEYS.length);
});

test('other lookups by remote name: own keys only', () => {
  const record = JSON.parse('{"__proto__": 1, "a": 2}');
  assert.equal(ownValue(record, '__proto__'), 1);
  assert.equal(ownValue(record, 'constructor'), undefined);
  assert.equal(ownValue({}, 'toString'), undefined);
  // Overrides of the source registry: only its own keys.
  const sources = resolveSources({constructor: 'https://x.example/', toString: 'https://y.example/'});
  assert.deepEqual(Object.keys(sources), Object.keys(DEFAULT_SOURCES));
  assert.equal(Object.hasOwn(sources, 'constructor'), false);
  // Entities of a search excerpt, the version label of a DocSearch hit, a blog author's platform.
  assert.equal(decodeEntities('&constructor; &toString; &amp;'), '&constructor; &toString; &');
  const {hits} = shapeDocsearchResponse(
    {hits: [{url: 'https://conda-forge.org/docs/x/', hierarchy: {lvl1: 'X'}, docusaurus_tag: 'constructor'}]},
    'https://conda-forge.org',
    {},
  );
  assert.equal(hits[0].versionLabel, '');
  assert.deepEqual(socialLinks({constructor: 'https://example.org/'}), [
    {platform: 'constructor', label: 'constructor', href: 'https://example.org/'},
  ]);
});

// --- 2. Times out of the Date range -------------------------------------------------------------

test('one reader of remote times: out of the Date range, not a number or unreadable is null', () => {
  assert.equal(parseTime('2025-01-02T03:04:05Z'), Date.UTC(2025, 0, 2, 3, 4, 5));
  assert.equal(parseTime('Wed, 29 Oct 2025 10:00:00 GMT'), Date.UTC(2025, 9, 29, 10));
  assert.equal(parseTime(1_700_000_000, 'seconds'), 1_700_000_000_000);
  assert.equal(parseTime(MAX_TIME), MAX_TIME);
  for (const bad of [1e16, 1e308, -1e16, Infinity, -Infinity, NaN, 'yesterday', '', 'x'.repeat(1_000_000), {}, null]) {
    assert.equal(parseTime(bad), null, String(bad).slice(0, 20));
  }
  assert.equal(parseTime(1e13, 'seconds'), null, 'ten trillion seconds is out of range');
  assert.equal(isValidTime(8.64e15 + 1), false);
});

test('updated_at of 1e16 or 1e308 is an unknown time, never one that makes toISOString throw', () => {
  for (const value of [1e16, 1e308, '+275761-01-01T00:00:00Z']) {
    assert.equal(parseTimestamp(value, 'updated_at'), null, String(value));
    const details = parseMigrationDetails({done: ['a'], _feedstock_status: {a: {updated_at: value}}});
    assert.equal(details.feedstocks[0].updatedAt, null);
  }
  // Every other remote time goes through the same reader.
  assert.throws(() => cdnAgeMinutes('+275761-01-01T00:00:00Z', new Date()), DataError);
  assert.throws(() => parseLatestCommitTime([{commit: {committer: {date: '+999999-01-01T00:00:00Z'}}}]), /not a time/);
  assert.deepEqual(describeMigrationEntry('x closed at 9999-99-99 99:99:99 UTC'), {});
  assert.equal(parseLatestRelease({tag_name: 'v1', published_at: '+999999-01-01'}).publishedOn, null);
  assert.throws(() => parseUsageReport({total: 1, rates: {'+999999-01-01T00:00:00Z': 1}}), DataError);
});

// --- 3. A stalled body --------------------------------------------------------------------------

afterEach(() => {
  mock.restoreAll();
  mock.timers.reset();
});

/** A response whose body sends `first`, then nothing more (or a byte per `every` ms, for ever). */
function stalledResponse(first: string, every?: number): Response {
  const bytes = new TextEncoder().encode(first);
  let timer: ReturnType<typeof setInterval> | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      if (every !== undefined) timer = setInterval(() => controller.enqueue(new Uint8Array([32])), every);
    },
    cancel() {
      clearInterval(timer);
    },
  });
  return new Response(body, {status: 200, headers: {'content-type': 'application/json'}});
}

/**
 * Lets every pending promise callback run: resolves on the next turn of the event loop (the fake
 * clock leaves setImmediate alone, and does not move). A request that never settles is then still
 * 'pending', and the test fails on its assertion instead of waiting for ever.
 */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Lets a request start: each waits for a task of its own (a 0 ms timeout here, 1 ms in Node). */
async function started(): Promise<void> {
  await settle();
  mock.timers.tick(1);
  await settle();
}

test('a body that stalls after the headers fails with the timeout, as a missing answer does', async () => {
  mock.timers.enable({apis: ['setTimeout', 'setInterval']});
  mock.method(globalThis, 'fetch', async () => stalledResponse('{"tag_na'));
  let outcome = 'pending' as unknown;
  void fetchJson('https://api.example/release', (data) => data).then(
    (value) => (outcome = value),
    (error: unknown) => (outcome = error),
  );
  await started();
  mock.timers.tick(9_999);
  await settle();
  assert.equal(String(outcome), 'pending');
  mock.timers.tick(1);
  await settle();
  assert.ok(outcome instanceof DataError, `after 10 s without data: ${String(outcome)}`);
  assert.match((outcome as DataError).message, /timed out: the server stopped sending data/);
});

test('a body that trickles forever fails when the whole request passes its timeout', async () => {
  mock.timers.enable({apis: ['setTimeout', 'setInterval']});
  mock.method(globalThis, 'fetch', async () => stalledResponse('<rss>', 1_000));
  let outcome = 'pending' as unknown;
  void fetchText('https://feed.example/rss.xml').then(
    (value) => (outcome = value),
    (error: unknown) => (outcome = error),
  );
  await started();
  for (let second = 1; second < 15; second++) {
    mock.timers.tick(1_000);
    await settle();
  }
  assert.equal(String(outcome), 'pending', 'a byte a second keeps it alive for 14 s');
  mock.timers.tick(1_000);
  await settle();
  assert.ok(outcome instanceof DataError, `after 15 s of a byte a second: ${String(outcome)}`);
  assert.equal((outcome as DataError).message, 'The request timed out.');
});

/** Answers every request with a body streamed from `source`. */
function answerWithBody(source: UnderlyingDefaultSource<Uint8Array>): void {
  mock.method(globalThis, 'fetch', async () => new Response(new ReadableStream<Uint8Array>(source)));
}

/** Answers every request with a body whose pieces have all arrived, then ends it. */
function answerInPieces(pieces: Uint8Array[]): void {
  answerWithBody({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

test('a body read in pieces arrives whole, multi-byte characters split between pieces included', async () => {
  const bytes = new TextEncoder().encode('{"name": "ünïcødé ✓"}');
  answerInPieces(Array.from({length: Math.ceil(bytes.length / 3)}, (_, i) => bytes.slice(3 * i, 3 * i + 3)));
  assert.deepEqual(await fetchJson('https://x.example/', (data) => data), {name: 'ünïcødé ✓'});
});

test('requests asked for together start one per task, in the order asked', async () => {
  // A stand-in for the browser's scheduler: each yield waits until the test lets one task run.
  const tasks: Array<() => void> = [];
  const global = globalThis as {scheduler?: unknown};
  global.scheduler = {yield: () => new Promise<void>((resolve) => tasks.push(resolve))};
  try {
    const started: string[] = [];
    mock.method(globalThis, 'fetch', async (url: string) => (started.push(url), new Response('ok')));
    const all = Promise.all(['a', 'b', 'c'].map((name) => fetchText(`https://x.example/${name}`)));
    await settle();
    assert.deepEqual(started, [], 'none starts in the task that asked for them');
    for (const expected of [['a'], ['a', 'b'], ['a', 'b', 'c']]) {
      tasks.shift()?.();
      await settle();
      assert.deepEqual(
        started,
        expected.map((name) => `https://x.example/${name}`),
      );
    }
    assert.deepEqual(await all, ['ok', 'ok', 'ok']);
  } finally {
    delete global.scheduler;
  }
});

test('a body whose pieces have all arrived is read in slices, with other tasks run between them', async () => {
  const pieces = Array.from({length: 20}, (_, i) => `${i},`);
  answerInPieces(pieces.map((piece) => new TextEncoder().encode(piece)));
  // Each reading of the clock is 5 ms later: the reader passes its budget every two pieces.
  let clock = 0;
  mock.method(performance, 'now', () => (clock += 5));
  const order: string[] = [];
  const reading = fetchText('https://x.example/').then((text) => (order.push('read'), text));
  setTimeout(() => order.push('another task'), 0);
  assert.equal(await reading, pieces.join(''));
  assert.deepEqual(order, ['another task', 'read'], 'the reading handed the thread back before it ended');
});

test('a body of endless pieces is read only until the caller has enough, and the rest is cancelled', async () => {
  let sent = 0;
  let cancelled = false;
  answerWithBody({
    // A piece each time the reader asks, for ever.
    pull(controller) {
      controller.enqueue(new TextEncoder().encode(`<item>${sent++}</item>`));
    },
    cancel() {
      cancelled = true;
    },
  });
  const seen: string[] = [];
  const text = await fetchText('https://feed.example/rss.xml', {
    enough: (piece) => seen.push(piece) === 3,
  });
  assert.equal(text, '<item>0</item><item>1</item><item>2</item>');
  assert.deepEqual(seen, ['<item>0</item>', '<item>1</item>', '<item>2</item>'], 'each piece once, in order');
  assert.ok(cancelled, 'the rest of the body is cancelled');
  assert.ok(sent <= 4, `${sent} pieces sent`);
});

// --- 4. Unbounded text and drawings -------------------------------------------------------------

const MEGA = 'x'.repeat(1_000_000);

test('bounded text: at most the bound, with a visible ellipsis, never half a surrogate pair', () => {
  assert.equal(boundText('short', 10), 'short');
  assert.equal(boundText('abcdefghij', 10), 'abcdefghij');
  assert.equal(boundText('abcdefghijk', 10), 'abcdefghi…');
  assert.equal(boundText(`abcdefgh${'😀'}x`, 10), 'abcdefgh…');
  assert.equal(boundText(MEGA, MAX_TEXT.name).length, MAX_TEXT.name);
});

test('every text field of remote data is bounded before it reaches a view', () => {
  const release = parseLatestRelease({tag_name: MEGA});
  assert.equal(release.version.length, MAX_TEXT.name);
  assert.ok(release.version.endsWith('…'));
  assert.equal(release.url, 'https://github.com/conda-forge/miniforge/releases');

  const xml = new XmlDomParser({onError: () => {}}) as unknown as DOMParser;
  const feed = parseChannelRss(
    `<rss version="2.0"><channel><item><title>${MEGA} 1.0</title><pubDate>${MEGA}</pubDate></item></channel></rss>`,
    xml,
  );
  assert.equal(feed.uploads[0].name.length, MAX_TEXT.name);
  assert.ok(feed.uploads[0].name.endsWith('…'));
  assert.ok(feed.uploads[0].published.length <= MAX_TEXT.line);

  const [incident] = parseIncidents(
    [
      {
        number: 1,
        title: MEGA,
        body: MEGA,
        state: 'open',
        labels: ['major outage'],
        html_url: 'https://github.com/conda-forge/status/issues/1',
        created_at: '2025-01-01T00:00:00Z',
      },
    ],
    new Date('2025-01-02T00:00:00Z'),
  );
  assert.equal(incident.title.length, MAX_TEXT.line);
  assert.equal(incident.body.length, MAX_TEXT.document);
  assert.equal(parseCloudStatus({status: {description: MEGA}}).text.length, MAX_TEXT.line);
  assert.equal(parseServiceHealth({status: MEGA}).length, MAX_TEXT.line);

  const version = parseVersionStatus({queued: [MEGA], errored: [MEGA], errors: {[MEGA]: MEGA}});
  assert.equal(version.queued[0].length, MAX_TEXT.name);
  assert.equal(version.errors.get(version.errored[0])?.length, MAX_TEXT.document);

  const list = parseMigrationList({[MEGA]: MEGA, [`${MEGA}y`]: 'z'});
  assert.deepEqual(list.names, [boundText(MEGA, MAX_TEXT.name)], 'two names cut alike are listed once');

  const details = parseMigrationDetails({
    'bot-error': [MEGA],
    _feedstock_status: {[MEGA]: {pr_status: MEGA, pre_pr_migrator_status: MEGA, immediate_children: [MEGA]}},
  });
  const [row] = details.feedstocks;
  assert.equal(row.name.length, MAX_TEXT.name);
  assert.equal(row.prStatus?.length, MAX_TEXT.name);
  assert.equal(row.prePrStatus?.length, MAX_TEXT.document);
  assert.equal(row.children[0].length, MAX_TEXT.name);

  const index = parseFeedstockOutputs({numpy: [MEGA]});
  assert.equal(index.entries[0].feedstocks[0].length, MAX_TEXT.name);
});

/** A Graphviz-like drawing: `nodes` node groups (a title, an ellipse and a text each) in graph0. */
function drawing(nodes: number): string {
  const groups = Array.from(
    {length: nodes},
    (_, i) =>
      `<g id="node${i}" class="node"><title>n${i}</title><ellipse cx="${i}" cy="1" rx="2" ry="2"/><text x="${i}" y="1">n${i}</text></g>`,
  );
  return `<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10pt"><g id="graph0" class="graph"><title>G</title>\n${groups.join('\n')}\n</g></svg>`;
}

test('a graph is measured on its text before anything parses it', () => {
  assert.equal(countElements('<?xml version="1.0"?><!DOCTYPE svg><svg><g><a/></g><!-- <x> --></svg>'), 4);
  assert.equal(countElements(drawing(10)), 3 + 10 * 4);
  assert.equal(countElements(drawing(100_000), 50), 51, 'counting stops past the limit');
  assert.deepEqual(graphSize(drawing(10)), {fits: true, elements: 43});
  const many = graphSize(drawing(6_000));
  assert.equal(many.fits, false);
  assert.equal(!many.fits && many.reason, 'elements');
  const long = graphSize(`<svg>${' '.repeat(MAX_GRAPH_CHARACTERS)}</svg>`);
  assert.equal(!long.fits && long.reason, 'characters');
  assert.ok(countElements(drawing(4_000)) <= MAX_GRAPH_ELEMENTS);
});

/**
 * A stand-in for the browser's inert HTML document: written a piece at a time, parsed (by xmldom,
 * as XHTML) when closed. `writes` counts the pieces.
 */
function xmlDocument(counter: {writes: number}) {
  const parser = new XmlDomParser({onError: () => {}});
  return (() => {
    let text = '';
    let parsed: Document | undefined;
    return {
      open: () => undefined,
      write: (piece: string) => {
        counter.writes += 1;
        text += piece;
      },
      close: () => {
        const body = text.replace(/<\?xml[^>]*\?>/g, '');
        parsed = parser.parseFromString(
          `<html xmlns="http://www.w3.org/1999/xhtml"><body>${body}</body></html>`,
          'text/xml',
        ) as unknown as Document;
      },
      get body() {
        return parsed?.getElementsByTagName('body')[0];
      },
      createElementNS: (ns: string, name: string) => parsed!.createElementNS(ns, name),
    };
  }) as unknown as () => Document;
}

test('a graph is parsed and sanitised in pieces of bounded size, its structure kept', () => {
  const counter = {writes: 0};
  const seen: number[] = [];
  // A stand-in sanitiser: copies what it is given and counts its elements; drops <script>.
  const tools: GraphTools = {
    createDocument: xmlDocument(counter),
    sanitize: (svg) => {
      const copy = svg.cloneNode(true) as Element;
      for (const script of Array.from(copy.getElementsByTagName('script'))) script.parentNode?.removeChild(script);
      seen.push(copy.getElementsByTagName('*').length);
      return copy;
    },
  };
  const text = drawing(1_000).replace('<title>G</title>', '<title>G</title><script>alert(1)</script>');
  const reading = readGraphSteps(text, tools, {parseSize: 10_000, pieceSize: 300});
  let parseSteps = 0;
  let read: IteratorResult<void, ReadGraph>;
  while (!(read = reading.next()).done) parseSteps += 1;
  assert.equal(parseSteps, Math.ceil(text.length / 10_000), 'one step per piece of text');
  assert.equal(counter.writes, parseSteps);
  const {svg, fill} = read.value;
  assert.equal(svg.childNodes.length, 0, 'the root comes first, empty, to be put in the page');
  let fillSteps = 0;
  while (!fill.next().done) fillSteps += 1;
  assert.ok(fillSteps >= 10, `${fillSteps} steps`);
  assert.ok(
    seen.every((count) => count <= 300 + 1),
    `pieces of ${Math.max(...seen)} elements`,
  );
  const graph = svg.getElementsByTagName('g')[0];
  assert.equal(graph.getAttribute('id'), 'graph0');
  assert.equal(svg.getElementsByTagName('ellipse').length, 1_000);
  assert.equal(svg.getElementsByTagName('script').length, 0);
  assert.equal(graph.getElementsByTagName('g').length, 1_000, 'every node group inside graph0, in order');
  assert.equal(graph.getElementsByTagName('g')[999].getAttribute('id'), 'node999');
  assert.equal(readGraphAtOnce(drawing(10), tools).getElementsByTagName('ellipse').length, 10);
});

test('a graph that is cut short, not SVG, or grows past the bound when parsed is refused', () => {
  const tools: GraphTools = {createDocument: xmlDocument({writes: 0}), sanitize: (svg) => svg};
  const read = (text: string, t = tools) => readGraphAtOnce(text, t);
  assert.throws(() => read('<p xmlns="http://www.w3.org/1999/xhtml">Not an image</p>'), /not an SVG image/);
  assert.throws(() => read('<svg xmlns="http://www.w3.org/1999/xhtml"></svg>'), /not an SVG image/);
  const whole = drawing(10);
  // A browser parses a file cut short; its missing end tag gives it away. (xmldom needs it whole.)
  assert.throws(() => read(whole.replace(/<\/svg>$/, '</svg><!-- cut -->')), /malformed SVG/);
  // A short text whose parsed tree is large (entities can do that): counted after parsing too.
  const big = drawing(6_000);
  const growing: GraphTools = {
    ...tools,
    createDocument: () => {
      const doc = xmlDocument({writes: 0})();
      const write = doc.write.bind(doc);
      return Object.assign(doc, {write: () => write(big)}) as Document;
    },
  };
  assert.throws(() => read('<svg xmlns="http://www.w3.org/2000/svg"></svg>', growing), /too large/);
});

// --- 6 and 7. The address: a protocol-relative path, bad escapes --------------------------------

test('the /index.html normaliser never makes a protocol-relative address', () => {
  assert.equal(canonicalPath('/docs/index.html'), '/docs/');
  for (const path of ['//evil.example/index.html', '///evil.example/index.html', '/\\evil.example/index.html']) {
    assert.equal(canonicalPath(path), path, path);
    assert.ok(!/^\/[/\\]/.test(canonicalPath(path)) || canonicalPath(path) === path);
  }
});

test('decoding the address keeps the raw text when it is not valid percent-encoding', () => {
  for (const raw of ['%', '%ZZ', '%E0%A4%A']) {
    assert.equal(decodeOrKeep(raw), raw);
    assert.equal(decodeURIComponent(decodable(raw)), raw, 'made decodable, it decodes to itself');
    assert.equal(decodeURI(decodable(raw, decodeURI)), raw);
    assert.equal(feedstockFromHash(`#${raw}`), raw);
  }
  assert.equal(decodeOrKeep('r-base%2Bx'), 'r-base+x');
  assert.equal(decodable('r-base%2Bx'), 'r-base%2Bx', 'a valid escape is left alone');
});

// --- 8. The page counter's referrer -------------------------------------------------------------

/** Runs static/js/count.js in a stand-in page and returns the parameters of each count it sends. */
function runCounter(referrer: string, views: Array<{path: string; title: string} | undefined>) {
  const sent: URLSearchParams[] = [];
  const window: Record<string, unknown> = {goatcounterAllowLocal: false, devicePixelRatio: 1};
  const context = {
    window,
    document: {
      currentScript: {getAttribute: () => 'https://conda-forge.goatcounter.com/count'},
      referrer,
      title: 'Home',
      visibilityState: 'visible',
    },
    location: {host: 'conda-forge.org', pathname: '/'},
    navigator: {webdriver: false, sendBeacon: (url: string) => sent.push(new URL(url).searchParams) > 0},
    screen: {width: 1440, height: 900},
    URLSearchParams,
    Image: class {},
  };
  vm.runInNewContext(readFileSync('static/js/count.js', 'utf8'), context);
  const counter = window.goatcounter as {count: (view?: {path: string; title: string}) => void};
  for (const view of views) counter.count(view);
  return sent.map((params) => ({p: params.get('p'), r: params.get('r')}));
}

test('the page counter sends no query or hash: not in the referrer, not in a path', () => {
  assert.deepEqual(
    runCounter('https://conda-forge.org/search/?q=secret+terms#frag', [{path: '/x/?q=1#y', title: 'X'}]),
    [
      {p: '/', r: 'https://conda-forge.org/search/'},
      {p: '/x/', r: ''},
    ],
  );
  assert.deepEqual(runCounter('https://example.org/page#secret', []), [{p: '/', r: 'https://example.org/page'}]);
  assert.deepEqual(runCounter('', []), [{p: '/', r: ''}]);
});

/** A stand-in document whose head holds one meta element with these attributes (or none). */
function counterDocument(meta: Record<string, string> | null) {
  const queries: string[] = [];
  const doc = {
    querySelector: (selector: string) => {
      queries.push(selector);
      return meta && {getAttribute: (name: string) => meta[name] ?? null};
    },
    createElement: () => {
      const attributes: Record<string, string> = {};
      return {src: '', async: false, attributes, setAttribute: (k: string, v: string) => (attributes[k] = v)};
    },
  } as unknown as Pick<Document, 'querySelector' | 'createElement'>;
  return {doc, queries};
}

test('the page counter loads only from a complete meta element, with its endpoint', () => {
  const tag = pageCounterTag('/js/count.js', 'https://conda-forge.goatcounter.com/count');
  const {doc, queries} = counterDocument(tag.attributes);
  const script = pageCounterScript(doc) as unknown as {src: string; async: boolean; attributes: Record<string, string>};
  assert.deepEqual(queries, ['meta[name="cf-page-counter"]']);
  assert.equal(script.src, '/js/count.js');
  assert.equal(script.async, true);
  assert.deepEqual(script.attributes, {'data-goatcounter': 'https://conda-forge.goatcounter.com/count'});
  // No meta (development builds, CF_ANALYTICS=false), or one without its address or endpoint: nothing.
  assert.equal(pageCounterScript(counterDocument(null).doc), null);
  assert.equal(pageCounterScript(counterDocument({...tag.attributes, 'data-script': ''}).doc), null);
  assert.equal(
    pageCounterScript(counterDocument({name: tag.attributes.name, 'data-script': '/js/count.js'}).doc),
    null,
  );
});

// --- 9. Every external host in the one registry ------------------------------------------------

test('every host the code names is in the registry of external hosts, with why', () => {
  const hosts = externalHosts();
  const named = [
    ...Object.values(DEFAULT_SOURCES).map((url) => new URL(url.replace('{name}', 'x')).hostname),
    ...WORKFLOW_BADGES.flatMap((badge) => [new URL(badge.badge).hostname]),
    ...IMAGE_HOSTS,
    new URL(GOATCOUNTER_ENDPOINT).hostname,
    'kb43fqob7u-dsn.algolia.net',
  ];
  for (const host of named) assert.ok(isListedHost(host, hosts), host);
  for (const entry of hosts) assert.ok(entry.why.length > 10, entry.host);
  assert.equal(isListedHost('evil.example', hosts), false);
  assert.equal(isListedHost('-dsn.algolia.net', hosts), false);
  assert.equal(isListedHost('github.com.evil.example', hosts), false);
});

// --- 10. Pagefind's swallowed chunk failures ----------------------------------------------------

test("Pagefind's runtime: a failed index or filter chunk load fails the query instead of being skipped", () => {
  const runtime =
    'async loadChunk(hash){await this.cachedLoad(this.loaded_chunks,hash,()=>this._loadGenericChunk(`${this.basePath}index/${hash}.pf_index`,"load_index_chunk")).catch(()=>{});}' +
    'async loadFilterChunk(hash){await this.cachedLoad(this.loaded_filters,hash,()=>this._loadGenericChunk(`${this.basePath}filter/${hash}.pf_filter`,"load_filter_chunk")).catch(()=>{});}';
  const patched = reportChunkFailures(runtime, 'pagefind.js');
  assert.doesNotMatch(patched, /catch\(\(\)=>\{\}\)/);
  assert.match(patched, /"load_index_chunk"\)\);\}/);
  // A runtime that no longer has the pattern (Pagefind upgraded) stops the build.
  assert.throws(() => reportChunkFailures('nothing here', 'pagefind.js'), /Pagefind changed/);
  assert.throws(() => reportChunkFailures(runtime + runtime, 'pagefind.js'), /has 2 chunk loads/);
  assert.equal(SWALLOWED_LOADS.length, 2);
});

// --- 11. Links of the AI answer's Markdown step -------------------------------------------------

test('the AI answer Markdown step never writes a protocol-relative or foreign link itself', () => {
  const rule = {siteOrigins: ['https://conda-forge.org'], sources: []};
  for (const href of [
    'https://conda-forge.org//evil.example',
    'https://conda-forge.org//evil.example/x?y#z',
    'https://conda-forge.org/\\evil.example',
    '//evil.example',
    '/\\evil.example',
    '///evil.example',
  ]) {
    assert.equal(answerLinkTarget(href, rule), null, href);
  }
  const html = answerMarkdownToHtml(
    '[a](https://conda-forge.org//evil.example) [b](//evil.example) [c](/\\evil.example) [d](/docs/)',
    rule,
  );
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
  assert.deepEqual(hrefs, ['/docs/']);
  // The DocSearch hits' links likewise.
  assert.equal(
    localUrl('https://conda-forge.org//evil.example/x', 'https://conda-forge.org'),
    'https://conda-forge.org//evil.example/x',
  );
  assert.equal(localUrl('https://conda-forge.org/docs/#a', 'https://conda-forge.org'), '/docs/#a');
});
