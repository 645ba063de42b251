import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {parseSearchEnv, resolveSearchConfig, SearchConfigError} from '../../src/lib/search/config';
import {DOCSEARCH_MARKS, docsearchRequest, localUrl, shapeDocsearchResponse} from '../../src/lib/search/docsearch';
import {
  AI_MESSAGES,
  AiError,
  buildMessages,
  chatRequestBody,
  citedSources,
  createSseParser,
  passageAround,
  streamAnswer,
} from '../../src/lib/search/ai';
import {DataError} from '../../src/lib/data/validate';

test('search config: off by default; DocSearch on with its key; AI needs endpoint and model', () => {
  assert.deepEqual(parseSearchEnv({}), {docsearch: null, ai: null});
  assert.deepEqual(parseSearchEnv({CF_DOCSEARCH_API_KEY: 'k'}).docsearch, {
    appId: 'KB43FQOB7U',
    apiKey: 'k',
    indexName: 'conda-forge',
  });
  assert.deepEqual(
    parseSearchEnv({CF_DOCSEARCH_API_KEY: ' k ', CF_DOCSEARCH_APP_ID: 'ABC123', CF_DOCSEARCH_INDEX: 'mirror'})
      .docsearch,
    {appId: 'ABC123', apiKey: 'k', indexName: 'mirror'},
  );
  assert.throws(() => parseSearchEnv({CF_DOCSEARCH_APP_ID: 'ABC'}), SearchConfigError);
  assert.throws(() => parseSearchEnv({CF_DOCSEARCH_API_KEY: 'k', CF_DOCSEARCH_APP_ID: 'a/b'}), /not valid/);
  assert.deepEqual(parseSearchEnv({CF_AI_ENDPOINT: 'https://proxy.example/v1/chat/completions', CF_AI_MODEL: 'm'}).ai, {
    endpoint: 'https://proxy.example/v1/chat/completions',
    model: 'm',
  });
  assert.throws(() => parseSearchEnv({CF_AI_ENDPOINT: 'https://proxy.example/'}), /CF_AI_MODEL/);
  assert.throws(() => parseSearchEnv({CF_AI_MODEL: 'm'}), /CF_AI_ENDPOINT/);
  assert.throws(() => parseSearchEnv({CF_AI_ENDPOINT: 'javascript:alert(1)', CF_AI_MODEL: 'm'}), /not an http/);
});

test('browser config: window overrides win, broken overrides are ignored', () => {
  const build = {docsearch: null, ai: {endpoint: 'https://a.example/', model: 'one'}};
  assert.deepEqual(resolveSearchConfig(build).ai, {endpoint: 'https://a.example/', model: 'one'});
  assert.deepEqual(resolveSearchConfig(build, {cfSearchAi: {endpoint: 'http://127.0.0.1:9/x', model: 'two'}}).ai, {
    endpoint: 'http://127.0.0.1:9/x',
    model: 'two',
  });
  assert.deepEqual(resolveSearchConfig(build, {cfSearchAi: {endpoint: 'nope'}}).ai, build.ai);
  assert.equal(resolveSearchConfig(undefined).docsearch, null);
  assert.deepEqual(resolveSearchConfig({}, {cfSearchDocSearch: {apiKey: 'k'}}).docsearch?.indexName, 'conda-forge');
});

const context = {language: 'en', versionTags: ['default', 'docs-default-current']};

test('DocSearch request: Algolia query endpoint, credentials in the URL, contextual facet filters', () => {
  const {url, body} = docsearchRequest(
    {appId: 'KB43FQOB7U', apiKey: 'search-key', indexName: 'conda-forge'},
    'pinning',
    context,
    20,
  );
  const parsed = new URL(url);
  assert.equal(parsed.origin + parsed.pathname, 'https://kb43fqob7u-dsn.algolia.net/1/indexes/conda-forge/query');
  assert.equal(parsed.searchParams.get('x-algolia-api-key'), 'search-key');
  assert.equal(parsed.searchParams.get('x-algolia-application-id'), 'KB43FQOB7U');
  const params = JSON.parse(body);
  assert.equal(params.query, 'pinning');
  assert.equal(params.hitsPerPage, 20);
  assert.deepEqual(params.facetFilters, [
    'language:en',
    ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current'],
  ]);
});

const m = (text: string) => `${DOCSEARCH_MARKS.open}${text}${DOCSEARCH_MARKS.close}`;

test('DocSearch answer: shaped into hits, one per page, snippets as text, links made local', () => {
  const shaped = shapeDocsearchResponse(
    {
      nbHits: 42,
      hits: [
        {
          url: 'https://conda-forge.org/docs/maintainer/pinning_deps/#updating-pins',
          hierarchy: {lvl0: 'Docs', lvl1: 'Pinned dependencies', lvl2: 'Updating pins', lvl3: null},
          content: 'raw',
          docusaurus_tag: 'docs-default-current',
          language: 'en',
          _snippetResult: {content: {value: `how to ${m('pin')} <b>deps</b>`}},
        },
        {url: 'https://conda-forge.org/docs/maintainer/pinning_deps/#other', hierarchy: {lvl1: 'Pinned dependencies'}},
        {
          url: 'https://conda-forge.org/community/minutes/2024-01-03/',
          hierarchy: {lvl0: 'Community', lvl1: `Core ${m('pinning')}`},
          _highlightResult: {hierarchy: {lvl1: {value: `Core ${m('pinning')}`}}},
        },
        {nonsense: true},
      ],
    },
    'https://conda-forge.org',
    {'docs-default-current': 'Next'},
  );
  assert.equal(shaped.total, 42);
  assert.equal(shaped.hits.length, 2);
  const [doc, minutes] = shaped.hits;
  assert.equal(doc.url, '/docs/maintainer/pinning_deps/#updating-pins');
  assert.equal(doc.section, 'Docs');
  assert.deepEqual(doc.path, ['Docs', 'Pinned dependencies', 'Updating pins']);
  assert.deepEqual(doc.snippet, [
    {text: 'how to ', match: false},
    {text: 'pin', match: true},
    {text: ' <b>deps</b>', match: false},
  ]);
  assert.equal(doc.versionLabel, 'Next');
  assert.equal(minutes.section, 'Minutes');
  assert.equal(minutes.title, 'Core pinning');
  assert.equal(minutes.versionTag, 'default');
  assert.ok(doc.score > minutes.score);
  assert.throws(() => shapeDocsearchResponse({message: 'Invalid API key'}, 'https://conda-forge.org'), DataError);
  assert.equal(localUrl('https://elsewhere.org/a/', 'https://conda-forge.org'), 'https://elsewhere.org/a/');
});

test('AI prompt: numbered sources with titles and links, then the question', () => {
  const messages = buildMessages(' How do I rerender? ', [
    {title: 'Rerendering', url: '/docs/how-to/basics/rerender/', text: 'Comment @conda-forge-admin, please rerender.'},
    {title: 'FAQ', url: '/docs/user/faq/', text: 'Answers.'},
  ]);
  assert.equal(messages[0].role, 'system');
  assert.match(messages[0].content, /\[1\]/);
  assert.match(messages[1].content, /^Question: How do I rerender\?/);
  assert.match(
    messages[1].content,
    /\[1\] Rerendering \(\/docs\/how-to\/basics\/rerender\/\)\nComment @conda-forge-admin/,
  );
  assert.match(messages[1].content, /\[2\] FAQ \(\/docs\/user\/faq\/\)/);
  assert.deepEqual(JSON.parse(chatRequestBody({endpoint: 'https://x.example/', model: 'm1'}, messages)), {
    model: 'm1',
    messages,
    stream: true,
  });
});

test('passages are cut around the first match; citations are read from [n] markers', () => {
  const content = `${'lorem '.repeat(200)}the rerender command ${'ipsum '.repeat(200)}`;
  const passage = passageAround(content, 'rerender', 120);
  assert.match(passage, /rerender command/);
  assert.ok(passage.length <= 130, `length ${passage.length}`);
  assert.match(passage, /^… /);
  assert.equal(passageAround('short text', 'x'), 'short text');
  assert.deepEqual(citedSources('Use X [2]. Also [1, 2] and [9] and [0].', 3), [2, 1]);
});

test('SSE parser: deltas across any chunk split, comments skipped, [DONE] ends', () => {
  const stream =
    ': keep-alive\n\ndata: {"choices":[{"delta":{"role":"assistant"}}]}\n\n' +
    'data: {"choices":[{"delta":{"content":"Hel"}}]}\r\n\r\n' +
    'data: {"choices":[{"delta":{"content":"lo [1]"}}]}\n\ndata: [DONE]\n\n';
  for (const size of [1, 3, 7, stream.length]) {
    const parser = createSseParser();
    const events = [];
    for (let i = 0; i < stream.length; i += size) events.push(...parser.push(stream.slice(i, i + size)));
    events.push(...parser.end());
    assert.deepEqual(
      events,
      [{type: 'delta', text: 'Hel'}, {type: 'delta', text: 'lo [1]'}, {type: 'done'}],
      `chunk size ${size}`,
    );
  }
  assert.throws(
    () => createSseParser().push('data: {not json\n\n'),
    (e: unknown) => e instanceof AiError && e.message === AI_MESSAGES.malformed,
  );
  assert.throws(() => createSseParser().push('data: {"error":{"message":"quota"}}\n\n'), /quota/);
});

async function standIn(
  handler: (res: import('node:http').ServerResponse) => void,
): Promise<{server: Server; url: string}> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => handler(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`};
}

test('streamAnswer: streams text, then reports HTTP errors, broken and incomplete streams', async () => {
  const ok = await standIn((res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.write('data: {"choices":[{"delta":{"content":"A"}}]}\n\n');
    setTimeout(() => res.end('data: {"choices":[{"delta":{"content":"B"}}]}\n\ndata: [DONE]\n\n'), 20);
  });
  const pieces: string[] = [];
  await streamAnswer({endpoint: ok.url, model: 'm'}, [], (t) => pieces.push(t));
  assert.deepEqual(pieces, ['A', 'B']);
  ok.server.close();

  const failing = await standIn((res) => res.writeHead(503).end('busy'));
  await assert.rejects(
    streamAnswer({endpoint: failing.url, model: 'm'}, [], () => {}),
    {message: AI_MESSAGES.http(503)},
  );
  failing.server.close();

  const garbled = await standIn((res) => res.writeHead(200).end('data: <html>\n\n'));
  await assert.rejects(
    streamAnswer({endpoint: garbled.url, model: 'm'}, [], () => {}),
    {message: AI_MESSAGES.malformed},
  );
  garbled.server.close();

  const empty = await standIn((res) => res.writeHead(200).end(': nothing yet\n\n'));
  await assert.rejects(
    streamAnswer({endpoint: empty.url, model: 'm'}, [], () => {}),
    {message: AI_MESSAGES.incomplete},
  );
  empty.server.close();

  await assert.rejects(
    streamAnswer({endpoint: 'http://127.0.0.1:1/none', model: 'm'}, [], () => {}),
    {message: AI_MESSAGES.network},
  );
});

test('cold queries wait for a pause in typing; once a query has answered they run at once', async (t) => {
  const {whenTypingPauses, markSearchWarm, COLD_QUERY_PAUSE_MS} = await import('../../src/lib/search/backend');
  t.mock.timers.enable({apis: ['setTimeout']});
  const ran: string[] = [];

  const cancelFirst = whenTypingPauses(() => ran.push('re'));
  t.mock.timers.tick(COLD_QUERY_PAUSE_MS - 1);
  cancelFirst(); // the next key arrived before the pause ended
  whenTypingPauses(() => ran.push('rerender'));
  assert.deepEqual(ran.slice(), []);
  t.mock.timers.tick(COLD_QUERY_PAUSE_MS);
  assert.deepEqual(ran.slice(), ['rerender'], 'only the query typed before the pause runs');

  markSearchWarm();
  whenTypingPauses(() => ran.push('rerender c'));
  assert.deepEqual(ran.slice(), ['rerender', 'rerender c'], 'warm queries run synchronously');
});
