/**
 * Production replacement of @docusaurus/theme-mermaid's `loadMermaid` (see ./index.ts): Mermaid's
 * prebuilt ES module, imported from the site the first time a diagram renders. Same contract as
 * the theme's: one promise of the `mermaid` object, shared by every diagram of the session.
 */
import type {Mermaid} from 'mermaid';

declare const __CF_MERMAID_ENTRY__: string;

let mermaid: Promise<Mermaid> | null = null;

export function loadMermaid(): Promise<Mermaid> {
  mermaid ??= import(/* webpackIgnore: true */ __CF_MERMAID_ENTRY__).then(
    (module: {default: Mermaid}) => module.default,
    (error: unknown) => {
      // A failed download (offline, a new deploy) is not remembered: the next diagram tries again.
      mermaid = null;
      throw error;
    },
  );
  return mermaid;
}
