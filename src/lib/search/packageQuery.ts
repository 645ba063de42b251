/**
 * Which queries may name a package: the rule that decides whether the Packages group of site
 * search (./packages.ts) is looked for at all. The modal and the search page read it on every
 * query, so it lives apart from the group's code, which they download only for such a query, and
 * imports nothing but the stop words.
 */
import {STOP_WORDS} from './query';

/** A query of this many characters or more may name a package (shorter ones start thousands). */
export const MIN_PACKAGE_QUERY = 3;

/**
 * The package name a query could be or start: one word of a package name's characters, of
 * MIN_PACKAGE_QUERY characters or more and not a stop word; null for any other query (a
 * question, several words, punctuation a name cannot hold).
 */
export function packageName(query: string): string | null {
  const name = query.trim().toLowerCase();
  if (name.length < MIN_PACKAGE_QUERY || STOP_WORDS.has(name)) return null;
  return /^[a-z0-9][a-z0-9._+-]*$/.test(name) ? name : null;
}
