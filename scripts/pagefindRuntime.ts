/**
 * One change to Pagefind's runtime as `npm run index` writes it (build/pagefind/): a chunk of the
 * index that cannot be loaded fails the query instead of being skipped.
 *
 * Pagefind 1.6 loads the index and filter chunks a query needs with `.catch(()=>{})` after each
 * load, so a chunk that fails (offline, a partial deploy, a flaky network) is searched as if it
 * held no matches, and the search page and modal said "No results found". Without that catch the
 * query rejects; src/lib/search turns the rejection into its error message with Retry (the
 * failed load is forgotten by Pagefind's own cache, so Retry loads the chunk again). Both copies
 * of the runtime carry the loads: pagefind.js (the main-thread fallback) and pagefind-worker.js
 * (where the site's queries run). A runtime without exactly one of each load throws: an upgrade of
 * Pagefind must look at this again.
 */
import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';

/** This patch point's entry in plugins/patch-guard/patches.ts. */
export const PATCH = 'pagefind-runtime';

/** The files of build/pagefind/ that load chunks. */
export const RUNTIME_FILES = ['pagefind.js', 'pagefind-worker.js'] as const;

/** The end of each chunk load, as Pagefind 1.6 writes it, and as it is rewritten. */
export const SWALLOWED_LOADS = [
  {from: '"load_index_chunk")).catch(()=>{})', to: '"load_index_chunk"))'},
  {from: '"load_filter_chunk")).catch(()=>{})', to: '"load_filter_chunk"))'},
] as const;

/** The runtime's source with failed chunk loads reported; throws when a load is not found exactly once. */
export function reportChunkFailures(source: string, file: string): string {
  let patched = source;
  for (const {from, to} of SWALLOWED_LOADS) {
    const count = patched.split(from).length - 1;
    if (count !== 1) {
      throw new Error(
        `[${PATCH}] ${file} has ${count} chunk loads ending in ${from} (expected 1): Pagefind changed how it loads index chunks; see the entry '${PATCH}' in plugins/patch-guard/patches.ts`,
      );
    }
    patched = patched.replace(from, to);
  }
  return patched;
}

/** Rewrites the runtime files of a written index (`build/pagefind`). */
export async function patchPagefindRuntime(dir: string): Promise<void> {
  for (const name of RUNTIME_FILES) {
    const file = path.join(dir, name);
    await writeFile(file, reportChunkFailures(await readFile(file, 'utf8'), file));
  }
}
