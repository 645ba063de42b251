/** Data files that local plugins write with `createData` (see plugins/minutes-index). */
declare module '@generated/minutes-index/default/minutes-gists.json' {
  const gists: Record<string, import('../lib/minutes/index').MinutesGist>;
  export default gists;
}

/** The home page's build-time data: newest news, install command (plugins/home-data). */
declare module '@generated/home-data/default/home.json' {
  const data: import('../lib/home/news').HomeData;
  export default data;
}

/** Which token types the code themes style, per style property (see plugins/lean-prism). */
declare module '@generated/lean-prism/styled-types.json' {
  const styled: import('../../plugins/lean-prism/tokenStyles').StyledTypes;
  export default styled;
}

/** The browser's on-demand Prism grammars (plugins/lean-prism/grammars.ts, grammarLoaderModule). */
declare module '@generated/lean-prism/grammar-loaders' {
  /** A loader per site grammar (each its own chunk). */
  export const grammars: Record<string, () => Promise<unknown>>;
  /** Fence language (id or alias, lower case) → the grammars to load, in order. */
  export const orders: Record<string, string[]>;
}

/** The docs' descriptions for doc cards, by docs instance and doc id (plugins/lean-runtime, src/lib/docs/cards.ts). */
declare module '@generated/lean-runtime/doc-descriptions.json' {
  const descriptions: import('../lib/docs/cards').DocDescriptions;
  export default descriptions;
}
