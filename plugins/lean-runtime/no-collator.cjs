/**
 * Loader (both builds) for two Docusaurus modules that sort with `String#localeCompare` while a
 * page hydrates: `getActivePlugin` of the docs plugin's client (the docs instances by path) and
 * `useShallowMemoObject` of theme-common (an object's keys). The first `localeCompare` of a page
 * builds ICU's collator, ~10 ms of main-thread time on this machine; both sorts only need a
 * consistent order (a path before its prefixes; keys in any fixed order), which comparing code
 * units gives. Each file must hold exactly the expected call, or the build stops
 * (plugins/patch-guard).
 */
const {replaceStrict} = require('../patch-guard/index.cjs');

const PATCH = 'lean-runtime/no-collator';

/** `x.localeCompare(y)` → a code-unit comparison with the same sign convention. */
const CALL = /([\w.[\]]+)\.localeCompare\(([\w.[\]]+)\)/g;

function withoutCollator(source, file) {
  return replaceStrict({
    patch: PATCH,
    file,
    source,
    pattern: CALL,
    replacement: (_match, left, right) => `((l, r) => (l < r ? -1 : l > r ? 1 : 0))(${left}, ${right})`,
    min: 1,
    max: 1,
  });
}

module.exports = function loader(source) {
  return withoutCollator(source, this.resourcePath);
};
module.exports.withoutCollator = withoutCollator;
module.exports.PATCH = PATCH;
