/**
 * AI answers: the request's timeouts, cut and JSON replies, the caps on length and links, and the
 * rule for links in the rendered Markdown.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createServer, type IncomingMessage, type Server, type ServerResponse} from 'node:http';
import type {AddressInfo} from 'node:net';
import {
  AI_FIRST_BYTE_TIMEOUT_MS,
  AI_IDLE_TIMEOUT_MS,
  AI_MAX_ANSWER_CHARS,
  AI_MESSAGES,
  citedSources,
  jsonReplyText,
  streamAnswer,
  type Passage,
  type Schedule,
} from '../../src/lib/search/ai';
import {answerLinkTarget, answerMarkdownToHtml, MAX_CITATION_LINKS} from '../../src/lib/search/answerMarkdown';

interface StandIn {
  url: string;
  /** Resolves with each request once its body has arrived. */
  requested: Promise<IncomingMessage>;
  close: () => void;
}

async function standIn(handler: (res: ServerResponse) => void): Promise<StandIn> {
  let arrived: (req: IncomingMessage) => void = () => {};
  const requested = new Promise<IncomingMessage>((resolve) => (arrived = resolve));
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      arrived(req);
      handler(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`,
    requested,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** A clock the test moves by hand: it lists the pending timeouts and fires them on request. */
function manualSchedule() {
  const pending = new Map<number, {run: () => void; ms: number}>();
  let next = 0;
  const schedule: Schedule = (run, ms) => {
    const id = (next += 1);
    pending.set(id, {run, ms});
    return () => pending.delete(id);
  };
  return {
    schedule,
    pending: () => [...pending.values()].map((p) => p.ms),
    fire: () => {
      const timers = [...pending.values()];
      pending.clear();
      for (const timer of timers) timer.run();
    },
  };
}

const delta = (content: string) => `data: ${JSON.stringify({choices: [{delta: {content}}]})}\n\n`;
const config = (url: string) => ({endpoint: url, model: 'm'});

test('first-byte timeout: a service that never answers is given up with its own message', async () => {
  const silent = await standIn(() => {});
  const clock = manualSchedule();
  const answer = streamAnswer(config(silent.url), [], () => {}, {schedule: clock.schedule});
  await silent.requested;
  assert.deepEqual(clock.pending(), [AI_FIRST_BYTE_TIMEOUT_MS]);
  clock.fire();
  await assert.rejects(answer, {message: AI_MESSAGES.firstByteTimeout()});
  assert.match(AI_MESSAGES.firstByteTimeout(), /did not respond within 20 seconds/);
  silent.close();
});

test('first-byte timeout also covers headers sent with no body yet', async () => {
  const headersOnly = await standIn((res) => res.writeHead(200, {'Content-Type': 'text/event-stream'}).flushHeaders());
  const clock = manualSchedule();
  const answer = streamAnswer(config(headersOnly.url), [], () => {}, {schedule: clock.schedule});
  await headersOnly.requested;
  assert.deepEqual(clock.pending(), [AI_FIRST_BYTE_TIMEOUT_MS]);
  clock.fire();
  await assert.rejects(answer, {message: AI_MESSAGES.firstByteTimeout()});
  headersOnly.close();
});

test('idle timeout: a stream that stalls after a first piece is given up; the piece was delivered', async () => {
  const stalls = await standIn((res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.write(delta('Partial'));
  });
  const clock = manualSchedule();
  const pieces: string[] = [];
  let firstPiece: () => void = () => {};
  const gotPiece = new Promise<void>((resolve) => (firstPiece = resolve));
  const answer = streamAnswer(
    config(stalls.url),
    [],
    (t) => {
      pieces.push(t);
      firstPiece();
    },
    {schedule: clock.schedule},
  );
  await gotPiece;
  assert.deepEqual(clock.pending(), [AI_IDLE_TIMEOUT_MS], 'the first-byte timer gave way to the idle timer');
  clock.fire();
  await assert.rejects(answer, {message: AI_MESSAGES.idleTimeout()});
  assert.match(AI_MESSAGES.idleTimeout(), /nothing more for 30 seconds/);
  assert.deepEqual(pieces, ['Partial']);
  stalls.close();
});

test('the caller aborting rejects with its reason and leaves no timer running', async () => {
  const silent = await standIn(() => {});
  const clock = manualSchedule();
  const controller = new AbortController();
  const answer = streamAnswer(config(silent.url), [], () => {}, {schedule: clock.schedule, signal: controller.signal});
  await silent.requested;
  const reason = new Error('cancelled by the reader');
  controller.abort(reason);
  await assert.rejects(answer, (e) => e === reason);
  assert.deepEqual(clock.pending(), []);
  silent.close();
});

test('a stream cut after some text says it stopped early, not that the service was unreachable', async () => {
  for (const cut of ['closed', 'reset'] as const) {
    const server = await standIn((res) => {
      res.writeHead(200, {'Content-Type': 'text/event-stream'});
      res.write(delta('Half an answer'));
      // Closed cleanly without [DONE], or the connection torn down mid-way.
      if (cut === 'closed') res.end();
      else setTimeout(() => res.destroy(), 10);
    });
    const pieces: string[] = [];
    await assert.rejects(
      streamAnswer(config(server.url), [], (t) => pieces.push(t)),
      {
        message: AI_MESSAGES.stoppedEarly,
      },
    );
    assert.deepEqual(pieces, ['Half an answer'], cut);
    server.close();
  }
  assert.notEqual(AI_MESSAGES.stoppedEarly, AI_MESSAGES.network);
});

test('a non-streamed JSON reply is read and shown', async () => {
  const reply = {
    id: 'x',
    object: 'chat.completion',
    choices: [{index: 0, message: {role: 'assistant', content: 'Yes [1].'}}],
  };
  const json = await standIn((res) =>
    res.writeHead(200, {'Content-Type': 'application/json; charset=utf-8'}).end(JSON.stringify(reply)),
  );
  const pieces: string[] = [];
  assert.deepEqual(await streamAnswer(config(json.url), [], (t) => pieces.push(t)), {truncated: false});
  assert.deepEqual(pieces, ['Yes [1].']);
  json.close();

  const refused = await standIn((res) =>
    res.writeHead(200, {'Content-Type': 'application/json'}).end('{"error":{"message":"quota exceeded"}}'),
  );
  await assert.rejects(
    streamAnswer(config(refused.url), [], () => {}),
    {
      message: 'The answer service failed: quota exceeded',
    },
  );
  refused.close();

  assert.throws(() => jsonReplyText('{"choices":[{"delta":{}}]}'), {message: AI_MESSAGES.malformed});
  assert.throws(() => jsonReplyText('<html>'), {message: AI_MESSAGES.malformed});
});

test('caps: the answer is cut at the limit and says so; an oversized reply is not read whole', async () => {
  // 2.3 MB of answer in 4 kB pieces, each full of citation markers.
  const piece = '[1] '.repeat(1000);
  let closed = false;
  const flood = await standIn((res) => {
    res.on('close', () => (closed = true));
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    const write = (left: number): void => {
      if (left === 0 || closed) return void res.end('data: [DONE]\n\n');
      if (res.write(delta(piece))) write(left - 1);
      else res.once('drain', () => write(left - 1));
    };
    write(575);
  });
  let text = '';
  const result = await streamAnswer(config(flood.url), [], (t) => (text += t));
  assert.deepEqual(result, {truncated: true});
  assert.equal(text.length, AI_MAX_ANSWER_CHARS);
  assert.match(AI_MESSAGES.truncated(), /longer than 20,000 characters/);
  flood.close();

  const longJson = await standIn((res) =>
    res
      .writeHead(200, {'Content-Type': 'application/json'})
      .end(JSON.stringify({choices: [{message: {content: 'x'.repeat(50)}}]})),
  );
  text = '';
  assert.deepEqual(await streamAnswer(config(longJson.url), [], (t) => (text += t), {maxChars: 10}), {
    truncated: true,
  });
  assert.equal(text, 'x'.repeat(10));
  longJson.close();

  // A reply that never carries text (only comments) stops being read at the byte cap.
  const noise = await standIn((res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.end(`: ${'.'.repeat(5000)}\n\n`);
  });
  await assert.rejects(
    streamAnswer(config(noise.url), [], () => {}, {maxReplyBytes: 1000}),
    {
      message: AI_MESSAGES.tooLarge,
    },
  );
  noise.close();
});

test('citations of a huge answer: each source number once, and a bounded number of links', () => {
  const huge = 'See [1], [2, 3] and [9999]. '.repeat(83_000);
  assert.ok(huge.length > 2_300_000);
  assert.deepEqual(citedSources(huge, 3), [1, 2, 3]);
  assert.deepEqual(citedSources(huge, 5), [1, 2, 3], 'the whole text is read when a source is never cited');
  assert.deepEqual(citedSources(huge, 0), []);

  const sources = [{title: 'One', url: '/docs/one/', text: ''}];
  const html = answerMarkdownToHtml('[1] '.repeat(AI_MAX_ANSWER_CHARS / 4), {siteOrigins: [SITE], sources});
  assert.equal(html.match(/<a /g)?.length, MAX_CITATION_LINKS);
  assert.ok(MAX_CITATION_LINKS <= 100);
});

const SITE = 'https://conda-forge.org';
const PREVIEW = 'http://127.0.0.1:3000';
const SOURCES: Passage[] = [
  {title: 'Rerendering', url: '/docs/how-to/basics/rerender/', text: ''},
  {title: 'Elsewhere', url: 'https://other.example/page/', text: ''},
];
const rule = {siteOrigins: [PREVIEW, SITE], sources: SOURCES};

test('answer links: this site and the cited pages only; everything else is plain text', () => {
  assert.equal(answerLinkTarget('/docs/user/faq/', rule), '/docs/user/faq/');
  assert.equal(answerLinkTarget('https://conda-forge.org/blog/?a=1#x', rule), '/blog/?a=1#x');
  assert.equal(answerLinkTarget('http://127.0.0.1:3000/news/', rule), '/news/');
  assert.equal(answerLinkTarget('https://other.example/page/', rule), 'https://other.example/page/');
  for (const hostile of [
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'https://evil.example/',
    '//evil.example/docs/',
    'https://conda-forge.org.evil.example/',
    'https://user:pw@conda-forge.org/',
    'https://other.example/page/elsewhere',
    'ftp://conda-forge.org/',
    '',
  ]) {
    assert.equal(answerLinkTarget(hostile, rule), null, hostile);
  }
});

test('answer Markdown: formatting kept, hostile links and HTML shown as text, citations linked', () => {
  const html = answerMarkdownToHtml(
    [
      'Run `conda smithy rerender` [1]. **Then** push.',
      '',
      '- [FAQ](/docs/user/faq/)',
      '- [click](javascript:alert(1))',
      '- [spam](https://evil.example/win)',
      '- [other source](https://other.example/page/)',
      '- <https://evil.example/auto> and www.evil.example',
      '- [ref link][r]',
      '',
      '[r]: javascript:alert(2)',
      '',
      '<script>alert(3)</script>',
      '',
      '<a href="https://evil.example/" onclick="alert(4)">raw</a> ![pixel](https://evil.example/p.png)',
      '',
      'Also [2, 1] and [7].',
    ].join('\n'),
    {siteOrigins: [SITE], sources: SOURCES},
  );
  assert.match(html, /<code>conda smithy rerender<\/code>/);
  assert.match(html, /<strong>Then<\/strong>/);
  assert.match(html, /<a href="\/docs\/user\/faq\/">FAQ<\/a>/);
  assert.match(html, /<li>click<\/li>/);
  assert.match(html, /<li>spam<\/li>/);
  assert.match(html, /<a href="https:\/\/other.example\/page\/">other source<\/a>/);
  assert.match(html, /<li>ref link<\/li>/);
  assert.match(html, /&#60;script&#62;alert\(3\)/);
  assert.doesNotMatch(html, /<script|<img|onclick="/);
  assert.match(
    html,
    /<a href="\/docs\/how-to\/basics\/rerender\/" data-cite="1" aria-label="source 1: Rerendering">\[1\]<\/a>/,
  );
  assert.match(html, /data-cite="2"[^>]*>\[2\]<\/a><a [^>]*data-cite="1"/);
  assert.match(html, /and \[7\]\./, 'a number without a source stays text');
  const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
  assert.deepEqual([...new Set(hrefs)].sort(), [
    '/docs/how-to/basics/rerender/',
    '/docs/user/faq/',
    'https://other.example/page/',
  ]);
});
