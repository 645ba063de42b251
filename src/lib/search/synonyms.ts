/**
 * The reviewed synonyms table of site search. Each entry names the words people type (`when`) and
 * the text the site's pages use for the same thing (`search`); a query holding one of those words
 * or phrases is searched as typed and with the entry's text in its place (src/lib/search/query.ts),
 * the matches through a synonym counting a little less.
 *
 * Rules for an entry: the pages never (or rarely) use the words people type, and the replacement
 * means the same thing to a conda-forge maintainer. `when` holds lower-case words of letters,
 * digits, `-`, `.` and `_`, at most three words a phrase, and no stop word; `search` must be on at
 * least one page: the index build (scripts/search-index.mts) stops otherwise. Not bundled into the
 * site: the build writes it to a JSON file the browser fetches with its first query.
 */
export interface SynonymEntry {
  when: string[];
  search: string;
  /** Why these mean the same (for reviewers; not shipped). */
  why: string;
}

export const SYNONYMS: SynonymEntry[] = [
  {
    when: ['apple silicon', 'm1', 'm2', 'm3', 'm4', 'arm64', 'arm mac'],
    search: 'osx-arm64',
    why: "Apple's own processors; conda's platform name for them is osx-arm64.",
  },
  {when: ['intel mac'], search: 'osx-64', why: 'Macs with Intel processors build for osx-64.'},
  {when: ['mac', 'macos'], search: 'osx', why: 'The docs name the platform osx (osx-64, osx-arm64) as often as macOS.'},
  {when: ['osx'], search: 'macos', why: 'The converse: prose says macOS.'},
  {when: ['gpu', 'gpus', 'nvidia'], search: 'cuda', why: 'GPU builds on conda-forge are CUDA builds.'},
  {when: ['win'], search: 'windows', why: 'Short for Windows (win-64 is the platform).'},
  {
    when: ['aarch64', 'arm linux', 'graviton'],
    search: 'linux-aarch64',
    why: "64-bit ARM Linux; conda's platform name is linux-aarch64.",
  },
  {when: ['powerpc', 'power9'], search: 'ppc64le', why: "IBM POWER Linux; conda's platform name is linux-ppc64le."},
  {
    when: ['new package', 'add package', 'submit package', 'contribute package', 'new recipe', 'add recipe'],
    search: 'staged-recipes',
    why: 'New packages come to conda-forge as a pull request to conda-forge/staged-recipes.',
  },
  {
    when: ['bot', 'admin bot'],
    search: 'conda-forge-admin',
    why: 'The bot maintainers talk to is @conda-forge-admin.',
  },
  {when: ['licence'], search: 'license', why: 'British spelling; the docs write license.'},
  {
    when: ['delete package', 'remove package'],
    search: 'broken',
    why: 'Published packages are marked broken, never deleted.',
  },
  {when: ['chat', 'gitter'], search: 'zulip', why: "The community's chat is on Zulip."},
];

/** The table as the browser reads it (query.ts `Synonyms`): one [words, replacement] pair per word or phrase. */
export function synonymPairs(entries: readonly SynonymEntry[] = SYNONYMS): Array<[string, string]> {
  return entries.flatMap((entry) => entry.when.map((when): [string, string] => [when, entry.search]));
}
