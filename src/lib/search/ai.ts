/**
 * AI-answer mode: the question and the best passages of the local index go to an OpenAI-compatible
 * chat-completions endpoint (`POST {endpoint}` with `{model, messages, stream: true}`); the answer
 * streams back as server-sent events (`data: {...}` lines with `choices[0].delta.content`, ended
 * by `data: [DONE]`). Pure prompt building and stream parsing, plus the streaming request.
 */
import type {AiConfig} from './config';
import {loadPage, loadPagefind, rankedResults} from './pagefind';
import {SearchError, type SearchContext} from './index';

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

/** Source numbers cited as [n] in an answer, in order of first citation, within 1..count. */
export function citedSources(answer: string, count: number): number[] {
  const cited: number[] = [];
  for (const match of answer.matchAll(/\[(\d+(?:\s*,\s*\d+)*)\]/g)) {
    for (const part of match[1].split(',')) {
      const n = Number(part.trim());
      if (n >= 1 && n <= count && !cited.includes(n)) cited.push(n);
    }
  }
  return cited;
}

export class AiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AiError';
  }
}

export const AI_MESSAGES = {
  network: 'The answer service could not be reached. Check your network connection and try again.',
  http: (status: number) => `The answer service failed (HTTP ${status}). Try again later, or use keyword search.`,
  malformed: 'The answer service sent a reply this site cannot read.',
  incomplete: 'The answer stopped before it was complete. Try again.',
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

/**
 * Sends the question and streams the answer: `onText` receives each piece as it arrives. Resolves
 * when the stream is done; rejects with an AiError (HTTP error, network failure, malformed or
 * incomplete stream) or with the abort reason when `signal` aborts.
 */
export async function streamAnswer(
  config: AiConfig,
  messages: ChatMessage[],
  onText: (text: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(config.endpoint, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'text/event-stream'},
      body: chatRequestBody(config, messages),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AiError(AI_MESSAGES.network);
  }
  if (!response.ok) throw new AiError(AI_MESSAGES.http(response.status));
  if (!response.body) throw new AiError(AI_MESSAGES.malformed);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let done = false;
  const handle = (events: SseEvent[]) => {
    for (const event of events) {
      if (done) return;
      if (event.type === 'done') done = true;
      else onText(event.text);
    }
  };
  try {
    while (!done) {
      const {value, done: finished} = await reader.read();
      if (finished) {
        handle(parser.push(decoder.decode()));
        handle(parser.end());
        break;
      }
      handle(parser.push(decoder.decode(value, {stream: true})));
    }
  } catch (error) {
    if (error instanceof AiError || signal?.aborted) throw error;
    throw new AiError(AI_MESSAGES.network);
  } finally {
    if (done) reader.cancel().catch(() => undefined);
  }
  if (!done) throw new AiError(AI_MESSAGES.incomplete);
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
    const {ranked} = await rankedResults(pagefind, question, context);
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
