/** Fetching with timeouts and readable errors, shared by every live page. */

export class DataError extends Error {
  /** The HTTP status, when the server answered with an error status. */
  readonly status?: number;

  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
    this.name = 'DataError';
  }
}

export interface FetchOptions {
  signal?: AbortSignal;
  /** Give up after this many milliseconds (default 15 s). */
  timeoutMs?: number;
  headers?: Record<string, string>;
  /** POST this body instead of a GET (DocSearch queries). */
  body?: string;
}

async function request(url: string, {signal, timeoutMs = 15000, headers, body}: FetchOptions): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DataError('The request timed out.')), timeoutMs);
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(url, {
      signal: controller.signal,
      headers,
      ...(body === undefined ? {} : {method: 'POST', body}),
    });
    if (!response.ok) throw new DataError(`The server answered with HTTP ${response.status}.`, response.status);
    return response;
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
  return (await request(url, options)).text();
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
  const response = await request(url, options);
  const modified = Date.parse(response.headers.get('last-modified') ?? '');
  const data = await parseJsonText(await response.text(), parse);
  return Number.isNaN(modified) ? {data} : {data, modified};
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

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function expectRecord(value: unknown, what: string): Record<string, unknown> {
  if (!isRecord(value)) throw new DataError(`Unexpected data: ${what} is not an object.`);
  return value;
}

export function expectNumber(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new DataError(`Unexpected data: ${what} is not a number.`);
  }
  return value;
}

export function expectStringArray(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new DataError(`Unexpected data: ${what} is not a list of names.`);
  }
  return value;
}
