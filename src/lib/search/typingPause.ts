/**
 * When a query runs, before and after the session's search is warm: the part of the search code
 * the modal and the search page need before they search at all (the engine, ./backend.ts and
 * ./pagefind.ts, may still be downloading). Its one piece of state is shared with the engine,
 * which marks the search warm when a query has answered.
 */

/**
 * Until the first query of the session has answered, a query waits for a pause in typing: the
 * runtime and index are still loading, and every intermediate query ("re", "rer", "rere"…)
 * would download the text of results nobody sees, which costs the first search about a fifth
 * more bytes. Once warm, queries run on every keystroke.
 */
export const COLD_QUERY_PAUSE_MS = 180;
let warm = false;

/** Called when a query has answered: later queries no longer wait for a pause. */
export function markSearchWarm(): void {
  warm = true;
}

/** Runs `query` now when the session's search is warm, after COLD_QUERY_PAUSE_MS otherwise; returns a cancel. */
export function whenTypingPauses(query: () => void): () => void {
  if (warm) {
    query();
    return () => undefined;
  }
  const timer = setTimeout(query, COLD_QUERY_PAUSE_MS);
  return () => clearTimeout(timer);
}
