/**
 * Lengths of text taken from remote data. Every text field a live source sends is cut to a bound
 * before it reaches a view, with a visible ellipsis: a release tag of a million characters froze
 * /download/ for 25 s while the browser laid it out, and a long feed title made a 376 ms task on
 * /packages/. Views also let long unbroken strings wrap (`overflow-wrap: anywhere`).
 */

/** The bounds, in UTF-16 code units, by kind of text. */
export const MAX_TEXT = {
  /** A name: package, feedstock, migration, version tag (real ones are far shorter). */
  name: 200,
  /** One line of text: a title, a status, a date as written, a description. */
  line: 300,
  /** A document shown whole: an incident report, a bot's error log or note (Markdown or HTML). */
  document: 20_000,
} as const;

/**
 * `text` as it is when it has at most `max` code units; otherwise its first `max - 1` (never half
 * of a surrogate pair) and an ellipsis, so the result has at most `max` and says it was cut.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}…`;
}
