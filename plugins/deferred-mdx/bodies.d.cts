export interface CompiledPages {
  /** Compiled pages, by file, whose body has not been requested yet. */
  pending: Map<string, string>;
  /** Pages split in this build. */
  split: number;
  /** Bodies answered with their page's compiled module. */
  reused: number;
}
export declare const REUSE_PATCH: string;
export declare function compiledPages(): CompiledPages;
export declare function resetCompiledPages(): void;
