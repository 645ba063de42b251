/**
 * The rule for every local patch of what Docusaurus generates or bundles: when its pattern no
 * longer matches, or its result is not what it expects, the build stops with an error that names
 * the patch point and the file. A patch never falls back to passing the input through unchanged.
 * Every patch point is an entry of ./patches.ts, under the id its errors carry; the registry test
 * (tests/unit/patchRegistry.test.ts) fails on an id that is not listed there.
 */
class PatchError extends Error {
  /**
   * @param {string} patch the patch point's id in ./patches.ts, e.g. `lean-runtime/route-table`
   * @param {string} file the file it was applied to
   * @param {string} problem what did not match or what came out wrong
   */
  constructor(patch, file, problem) {
    super(`[${patch}] ${file}: ${problem}. ${registryPointer(patch)}`);
    this.name = 'PatchError';
    this.patch = patch;
  }
}

/**
 * Where to read about a patch point: its registry entry (what it depends on upstream, how to mend
 * or delete it) and the list of guard messages.
 * @param {string} patch
 */
function registryPointer(patch) {
  return `See the entry "${patch}" in plugins/patch-guard/patches.ts and docs-dev/debugging.md.`;
}

/**
 * `source.replace(pattern, replacement)` that throws unless the pattern matched between `min`
 * and `max` times (both inclusive; `max` defaults to unlimited).
 * @param {{patch: string, file: string, source: string, pattern: RegExp, replacement: string | ((...args: any[]) => string), min?: number, max?: number}} options
 */
function replaceStrict({patch, file, source, pattern, replacement, min = 1, max = Infinity}) {
  if (!pattern.global) throw new PatchError(patch, file, `the pattern ${pattern} must be global`);
  let count = 0;
  const result = source.replace(pattern, (...args) => {
    count += 1;
    return typeof replacement === 'function' ? replacement(...args) : replacement;
  });
  if (count < min || count > max) {
    const expected = max === Infinity ? `at least ${min}` : min === max ? `${min}` : `${min} to ${max}`;
    throw new PatchError(patch, file, `${pattern} matched ${count} time(s), expected ${expected}`);
  }
  return result;
}

/**
 * `JSON.parse(source)` that throws a PatchError naming the patch and file when the generated file
 * is not JSON any more.
 * @param {string} patch
 * @param {string} file
 * @param {string} source
 */
function parseJsonStrict(patch, file, source) {
  try {
    return JSON.parse(source);
  } catch (error) {
    throw new PatchError(patch, file, `not JSON (${error.message})`);
  }
}

module.exports = {PatchError, replaceStrict, parseJsonStrict, registryPointer};
