/** Fetching with timeouts and readable errors, shared by every live page. */
import {nextTask, sliceClock} from './steps';
import {parseTime} from './time';
import {DataError} from './validate';

export interface FetchOptions {
  signal?: AbortSignal;
  /** Give up when the whole answer, headers and body, has not arrived after this many ms (default 15 s). */
  timeoutMs?: number;
  /** Give up when the body stops for this many ms between two pieces (default 10 s). */
  idleMs?: number;
  headers?: Record<string, string>;
  /** POST this body instead of a GET (DocSearch queries). */
  body?: string;
  /**
   * Stop reading once this says the text so far is enough: the rest of the body is not needed, and
   * the download is cancelled. It is called with each piece of text as it arrives, in order.
   */
  enough?: (piece: string) => boolean;
}

const TIMED_OUT = 'The request timed out.';
const STALLED = 'The request timed out: the server stopped sending data.';

/**
 * The body as text, a piece at a time: each piece must come within `idleMs` of the last (else
 * `onIdle` runs, which aborts `signal`), and an abort stops the reading at once, whether or not the
 * stream itself notices. When `enough` says so, the reading stops early and the rest is cancelled.
 * Pieces that have already arrived would all be read in one task: after STEP_BUDGET_MS of reading,
 * the main thread is handed back before the next. The pieces are joined once, at the end.
 */
async function readText(
  response: Response,
  signal: AbortSignal,
  idleMs: number,
  onIdle: () => void,
  enough?: (piece: string) => boolean,
): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const aborted = new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    else signal.addEventListener('abort', () => reject(signal.reason), {once: true});
  });
  aborted.catch(() => undefined);
  const decoder = new TextDecoder();
  const pieces: string[] = [];
  let idle = setTimeout(onIdle, idleMs);
  const slice = sliceClock();
  try {
    for (;;) {
      const {done, value} = await Promise.race([reader.read(), aborted]);
      clearTimeout(idle);
      if (done) {
        pieces.push(decoder.decode());
        return pieces.join('');
      }
      const piece = decoder.decode(value, {stream: true});
      pieces.push(piece);
      if (enough?.(piece)) {
        reader.cancel().catch(() => undefined);
        return pieces.join('');
      }
      idle = setTimeout(onIdle, idleMs);
      const pause = slice();
      if (pause) await Promise.race([pause, aborted]);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  } finally {
    clearTimeout(idle);
  }
}

/**
 * One request, read whole. The timeout covers everything from the request to the body's last
 * byte, and the body may not pause for longer than `idleMs`: a server that sends its headers and
 * then stalls, or trickles its body, fails like one that never answers, with Retry on the page.
 * Each request starts in a task of its own: a page that asks many sources at once (the status
 * page asks seventeen when it has hydrated) would otherwise start them all in one long task, as
 * starting a fetch takes the main thread a few milliseconds.
 */
async function request(
  url: string,
  {signal, timeoutMs = 15_000, idleMs = 10_000, headers, body, enough}: FetchOptions,
): Promise<{response: Response; text: string}> {
  await nextTask();
  const controller = new AbortController();
  const fail = (message: string) => controller.abort(new DataError(message));
  const timer = setTimeout(() => fail(TIMED_OUT), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers,
      ...(body === undefined ? {} : {method: 'POST', body}),
    });
    if (!response.ok) throw new DataError(`The server answered with HTTP ${response.status}.`, response.status);
    const text = await readText(response, controller.signal, idleMs, () => fail(STALLED), enough);
    return {response, text};
  } catch (error) {
    if (error instanceof DataError) throw error;
    if (controller.signal.reason instanceof DataError) throw controller.signal.reason;
    if (signal?.aborted) throw error;
    throw new DataError('The request failed. Check your network connection.');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/** Fetches text. */
export async function fetchText(url: string, options: FetchOptions = {}): Promise<string> {
  return (await request(url, options)).text;
}

/**
 * Fetches JSON and hands it to `parse`, which validates the shape and throws DataError; `parse`
 * may work in steps and return a promise.
 */
export async function fetchJson<T>(
  url: string,
  parse: (data: unknown) => T | Promise<T>,
  options: FetchOptions = {},
): Promise<T> {
  return parseJsonText(await fetchText(url, options), parse);
}

/**
 * As fetchJson, with the time the server says the file last changed (its `Last-Modified` header,
 * a CORS-safelisted header every origin may read), when it says so.
 */
export async function fetchJsonDated<T>(
  url: string,
  parse: (data: unknown) => T | Promise<T>,
  options: FetchOptions = {},
): Promise<{data: T; modified?: number}> {
  const {response, text} = await request(url, options);
  const modified = parseTime(response.headers.get('last-modified'));
  const data = await parseJsonText(text, parse);
  return modified === null ? {data} : {data, modified};
}

function parseJsonText<T>(text: string, parse: (data: unknown) => T | Promise<T>): T | Promise<T> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DataError('The data could not be read (malformed JSON).');
  }
  return parse(data);
}
