/** Data files that local plugins write with `createData` (see plugins/minutes-index). */
declare module '@generated/minutes-index/default/minutes-gists.json' {
  const gists: Record<string, import('../lib/minutes/index').MinutesGist>;
  export default gists;
}
