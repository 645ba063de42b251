/**
 * Post-loader of the Markdown pages (plugins/deferred-mdx): runs on Docusaurus's compiled MDX.
 * The full module (no resource query) of a page whose Markdown file has at least `minSourceBytes`
 * is split in the browser build and marked in the server build (./split.cjs). Both builds decide
 * from the source file's size, so they always agree. Shorter pages and the posts' summaries
 * (`?truncated`) pass through.
 *
 * With `reuseCompiled` (production builds), the body's request (`?cf-body`) is answered in the
 * pitching phase with the module the page was split from in this build, which skips the MDX
 * loader: the same code it would compile again (./bodies.cjs). Without it (the development server,
 * which rebuilds files one by one), the body goes through the loaders like any module and passes
 * through here.
 */
const {statSync} = require('node:fs');
const path = require('node:path');
const {metaModule, markModule} = require('./split.cjs');
const {pendingBodies} = require('./bodies.cjs');

const BODY_QUERY = '?cf-body';

module.exports = function deferredMdxLoader(source) {
  const {isServer, runtime, minSourceBytes, reuseCompiled} = this.getOptions();
  if (this.resourceQuery !== '' || statSync(this.resourcePath).size < minSourceBytes) return source;
  const file = this.resourcePath;
  if (isServer) return markModule(source, {file, runtime});
  const meta = metaModule(source, {file, bodyRequest: `./${path.basename(file)}${BODY_QUERY}`, runtime});
  if (reuseCompiled) pendingBodies().set(file, source);
  return meta;
};

/**
 * The body of a split page: the page's compiled module, kept when it was split. A body whose page
 * was not split in this build (Rspack's persistent cache restored the page, not its body) goes
 * through the loaders.
 */
module.exports.pitch = function deferredMdxPitch() {
  const {reuseCompiled} = this.getOptions();
  if (!reuseCompiled || this.resourceQuery !== BODY_QUERY) return undefined;
  const pending = pendingBodies();
  const compiled = pending.get(this.resourcePath);
  pending.delete(this.resourcePath);
  return compiled;
};
