/**
 * AI-answer mode: the question and the best passages of the local index go to an OpenAI-compatible
 * chat-completions endpoint (`POST {endpoint}` with `{model, messages, stream: true}`); the answer
 * streams back as server-sent events (`data: {...}` lines with `choices[0].delta.content`, ended
 * by `data: [DONE]`); an endpoint that ignores `stream` and answers with one JSON completion is read
 * too. The request gives up when the service is silent too long (before the first byte, or between
 * pieces), and the answer is capped in length. Pure prompt building and stream parsing, plus the
 * streaming request.
 */
import type {AiConfig} from './config';
import {loadPage, loadPagefind, rankedResults, recover} from './pagefind';
import {lexiconAt} from './lexicon';
import {SearchError, type SearchContext} from './index';
import {groupThousands} from '../format/english';

export interface Passage {
  title: string;
  url: string;
  text: string;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** How many passages are sent, and how long each may be (characters). */
export const AI_PASSAGES = 5;
export const PASSAGE_LENGTH = 900;

const SYSTEM_PROMPT = [
  'You answer questions about conda-forge, the community-run collection of conda packages, for the',
  'readers of its website. Use only the numbered sources below the question. Cite the sources you',
  'use as [1], [2] and so on, right after the sentence that relies on them. If the sources do not',
  'answer the question, say so briefly and suggest where in the documentation to look. Be concise;',
  'use Markdown code spans for commands and file names.',
].join(' ');

/** The chat messages for a question and its passages (numbered from 1 in the order given). */
export function buildMessages(question: string, passages: Passage[]): ChatMessage[] {
  const sources = passages.map((p, i) => `[${i + 1}] ${p.title} (${p.url})\n${p.text.trim()}`).join('\n\n');
  return [
    {role: 'system', content: SYSTEM_PROMPT},
    {role: 'user', content: `Question: ${question.trim()}\n\nSources:\n\n${sources || '(none found)'}`},
  ];
}

/** The request body sent to the endpoint. */
export function chatRequestBody(config: AiConfig, messages: ChatMessage[]): string {
  return JSON.stringify({model: config.model, messages, stream: true});
}

/**
 * A window of about `length` characters of `content` around the first place a query word occurs
 * (the start of the page when none does), cut at word boundaries.
 */
export function passageAround(content: string, query: string, length = PASSAGE_LENGTH): string {
  const text = content.replace(/\s+/g, ' ').trim();
  if (text.length <= length) return text;
  const lower = text.toLowerCase();
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w.length > 1);
  const hits = words.map((w) => lower.indexOf(w)).filter((i) => i >= 0);
  const first = hits.length > 0 ? Math.min(...hits) : 0;
  let start = Math.max(0, Math.min(first - Math.floor(length / 3), text.length - length));
  if (start > 0) start = text.indexOf(' ', start) + 1 || start;
  let end = Math.min(text.length, start + length);
  if (end < text.length) end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  return `${start > 0 ? '… ' : ''}${text.slice(start, end)}${end < text.length ? ' …' : ''}`;
}

/**
 * Source numbers cited as [n] in an answer, in order of first citation, within 1..count: at most
 * `count` numbers, and the scan stops once every source has been cited.
 */
export function citedSources(answer: string, count: number): number[] {
  const cited: number[] = [];
  if (count < 1) return cited;
  for (const match of answer.matchAll(/\[(\d{1,4}(?:\s*,\s*\d{1,4})*)\]/g)) {
    for (const part of match[1].split(',')) {
      const n = Number(part.trim());
      if (n >= 1 && n <= count && !cited.includes(n)) cited.push(n);
    }
    if (cited.length === count) break;
  }
  return cited;
}

export class AiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiError';
  }
}

/** No response (headers and a first piece of the body) within this time: the request is given up. */
export const AI_FIRST_BYTE_TIMEOUT_MS = 20_000;
/** No new piece of the answer within this time once it has started: the request is given up. */
export const AI_IDLE_TIMEOUT_MS = 30_000;
/** The longest answer shown (characters); the rest is not read. */
export const AI_MAX_ANSWER_CHARS = 20_000;
/** The most bytes read from a reply of either kind, whatever they hold. */
export const AI_MAX_REPLY_BYTES = 2_000_000;

const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;

export const AI_MESSAGES = {
  network: 'The answer service could not be reached. Check your network connection and try again.',
  http: (status: number) => `The answer service failed (HTTP ${status}). Try again later, or use keyword search.`,
  malformed: 'The answer service sent a reply this site cannot read.',
  incomplete: 'The connection to the answer service closed before any answer arrived. Try again.',
  stoppedEarly:
    'The answer stopped early: the connection closed before it was finished. The part that arrived is shown; try again for a complete answer.',
  firstByteTimeout: (ms: number = AI_FIRST_BYTE_TIMEOUT_MS) =>
    `The answer service did not respond within ${seconds(ms)}. Try again, or use keyword search.`,
  idleTimeout: (ms: number = AI_IDLE_TIMEOUT_MS) =>
    `The answer service sent nothing more for ${seconds(ms)}, so the request was stopped. Try again for a complete answer.`,
  tooLarge: 'The answer service sent a reply too large to read.',
  truncated: (max: number = AI_MAX_ANSWER_CHARS) =>
    `The answer was longer than ${groupThousands(max)} characters; only the first ${groupThousands(max)} are shown.`,
  cancelled: 'You cancelled the answer.',
} as const;

export type SseEvent = {type: 'delta'; text: string} | {type: 'done'};

/**
 * An incremental parser of the event stream: feed it chunks of text as they arrive, in any split;
 * it returns the events completed so far. Comment lines and fields other than `data` are skipped.
 * Throws AiError on a `data:` line that is neither JSON nor `[DONE]`.
 * Hand-written rather than a package (eventsource-parser): the stream needs only `data:` lines,
 * the parser is 40 lines with unit tests, and it keeps a dependency out of the search chunk.
 */
export function createSseParser(): {push: (chunk: string) => SseEvent[]; end: () => SseEvent[]} {
  let buffer = '';
  let data: string[] = [];

  const dispatch = (events: SseEvent[]) => {
    if (data.length === 0) return;
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === '[DONE]') {
      events.push({type: 'done'});
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      throw new AiError(AI_MESSAGES.malformed);
    }
    const choices = (parsed as {choices?: unknown})?.choices;
    if (!Array.isArray(choices)) {
      const error = (parsed as {error?: {message?: unknown}})?.error;
      if (error)
        throw new AiError(
          typeof error.message === 'string' ? `The answer service failed: ${error.message}` : AI_MESSAGES.malformed,
        );
      throw new AiError(AI_MESSAGES.malformed);
    }
    const content = (choices[0] as {delta?: {content?: unknown}} | undefined)?.delta?.content;
    if (typeof content === 'string' && content !== '') events.push({type: 'delta', text: content});
  };

  const lines = (final: boolean): SseEvent[] => {
    const events: SseEvent[] = [];
    const parts = buffer.split(/\r\n|\r|\n/);
    buffer = final ? '' : (parts.pop() ?? '');
    for (const line of parts) {
      if (line === '') dispatch(events);
      else if (line.startsWith(':')) continue;
      else {
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        let value = colon === -1 ? '' : line.slice(colon + 1);
        if (value.startsWith(' ')) value = value.slice(1);
        if (field === 'data') data.push(value);
      }
    }
    if (final) dispatch(events);
    return events;
  };

  return {
    push: (chunk) => {
      buffer += chunk;
      return lines(false);
    },
    end: () => lines(true),
  };
}

/** Runs `run` after `ms`; returns a function that cancels it. Injected in tests. */
export type Schedule = (run: () => void, ms: number) => () => void;

const realSchedule: Schedule = (run, ms) => {
  const id = setTimeout(run, ms);
  return () => clearTimeout(id);
};

export interface StreamOptions {
  /** Aborts the request; the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  firstByteTimeoutMs?: number;
  idleTimeoutMs?: number;
  /** The answer is cut at this many characters (and the result says so). */
  maxChars?: number;
  /** At most this many bytes of the reply are read. */
  maxReplyBytes?: number;
  schedule?: Schedule;
}

export interface StreamResult {
  /** The answer was longer than `maxChars` (or the reply than `maxReplyBytes` bytes) and was cut. */
  truncated: boolean;
}

/** The answer of a non-streamed chat-completions reply (`{choices: [{message: {content}}]}`). */
export function jsonReplyText(body: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new AiError(AI_MESSAGES.malformed);
  }
  const choices = (parsed as {choices?: unknown})?.choices;
  if (!Array.isArray(choices)) {
    const error = (parsed as {error?: {message?: unknown}})?.error;
    if (error && typeof error.message === 'string') throw new AiError(`The answer service failed: ${error.message}`);
    throw new AiError(AI_MESSAGES.malformed);
  }
  const content = (choices[0] as {message?: {content?: unknown}} | undefined)?.message?.content;
  if (typeof content !== 'string') throw new AiError(AI_MESSAGES.malformed);
  return content;
}

/**
 * Sends the question and streams the answer: `onText` receives each piece as it arrives. A reply
 * with Content-Type application/json is read whole as a non-streamed completion; anything else as
 * an event stream. Resolves when the answer is complete (or cut at `maxChars`). Rejects with an
 * AiError: HTTP error, unreachable service, malformed reply, no response within the first-byte
 * timeout, no new piece within the idle timeout, or a connection closed before the end (a
 * different message once some text has arrived); or with the abort reason when `signal` aborts.
 */
export async function streamAnswer(
  config: AiConfig,
  messages: ChatMessage[],
  onText: (text: string) => void,
  {
    signal,
    firstByteTimeoutMs = AI_FIRST_BYTE_TIMEOUT_MS,
    idleTimeoutMs = AI_IDLE_TIMEOUT_MS,
    maxChars = AI_MAX_ANSWER_CHARS,
    maxReplyBytes = AI_MAX_REPLY_BYTES,
    schedule = realSchedule,
  }: StreamOptions = {},
): Promise<StreamResult> {
  signal?.throwIfAborted();
  const request = new AbortController();
  const forwardAbort = () => request.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, {once: true});
  let timedOut: AiError | null = null;
  let cancelTimer = () => {};
  const arm = (ms: number, error: AiError) => {
    cancelTimer();
    cancelTimer = schedule(() => {
      timedOut = error;
      request.abort(error);
    }, ms);
  };
  // Why the request failed: the caller's abort, a timeout, or else `fallback`.
  const failure = (error: unknown, fallback: AiError): unknown => {
    if (signal?.aborted) return signal.reason ?? error;
    if (timedOut) return timedOut;
    return error instanceof AiError ? error : fallback;
  };

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  let finished = false;
  let length = 0;
  try {
    arm(firstByteTimeoutMs, new AiError(AI_MESSAGES.firstByteTimeout(firstByteTimeoutMs)));
    let response: Response;
    try {
      response = await fetch(config.endpoint, {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Accept: 'text/event-stream, application/json'},
        body: chatRequestBody(config, messages),
        signal: request.signal,
      });
    } catch (error) {
      throw failure(error, new AiError(AI_MESSAGES.network));
    }
    if (!response.ok) throw new AiError(AI_MESSAGES.http(response.status));
    if (!response.body) throw new AiError(AI_MESSAGES.malformed);
    const json = /^application\/(?:[\w.+-]+\+)?json\b/i.test(response.headers.get('Content-Type') ?? '');

    reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser();
    let body = '';
    let received = 0;
    let truncated = false;
    // Passes on a piece of the answer within `maxChars`; false once the answer is full.
    const emit = (text: string): boolean => {
      const room = maxChars - length;
      if (text.length > room) {
        if (room > 0) onText(text.slice(0, room));
        length = maxChars;
        truncated = true;
        return false;
      }
      length += text.length;
      onText(text);
      return true;
    };
    const handle = (events: SseEvent[]) => {
      for (const event of events) {
        if (finished) return;
        if (event.type === 'done' || !emit(event.text)) finished = true;
      }
    };
    const take = (text: string) => {
      if (json) body += text;
      else handle(parser.push(text));
    };
    try {
      while (!finished) {
        const {value, done} = await reader.read();
        if (done) {
          take(decoder.decode());
          if (json) {
            emit(jsonReplyText(body));
            finished = true;
          } else handle(parser.end());
          break;
        }
        arm(idleTimeoutMs, new AiError(AI_MESSAGES.idleTimeout(idleTimeoutMs)));
        received += value.byteLength;
        if (received > maxReplyBytes) {
          if (json || length === 0) throw new AiError(AI_MESSAGES.tooLarge);
          truncated = true;
          finished = true;
          break;
        }
        take(decoder.decode(value, {stream: true}));
      }
    } catch (error) {
      throw failure(error, new AiError(length > 0 ? AI_MESSAGES.stoppedEarly : AI_MESSAGES.incomplete));
    }
    if (!finished) throw new AiError(length > 0 ? AI_MESSAGES.stoppedEarly : AI_MESSAGES.incomplete);
    return {truncated};
  } finally {
    cancelTimer();
    signal?.removeEventListener('abort', forwardAbort);
    // Stop the download once the answer is complete or the request has failed.
    reader?.cancel().catch(() => undefined);
  }
}

/** The best passages of the local Pagefind index for a question: one per page, docs first. */
export async function topPassages(
  baseUrl: string,
  question: string,
  context: SearchContext,
  count = AI_PASSAGES,
): Promise<Passage[]> {
  try {
    const pagefind = await loadPagefind(baseUrl);
    const {ranked} = await rankedResults(pagefind, question, context, {lexicon: lexiconAt(baseUrl), recover}, count);
    return await Promise.all(
      ranked.slice(0, count).map(async ({ref}) => {
        const {data} = await loadPage(ref);
        return {
          title: data.meta.title || data.url,
          url: data.url,
          text: passageAround(data.content ?? data.excerpt, question),
        };
      }),
    );
  } catch (error) {
    if (error instanceof SearchError) throw error;
    throw new SearchError('network', error instanceof Error ? error.message : 'The search index could not be read.');
  }
}
