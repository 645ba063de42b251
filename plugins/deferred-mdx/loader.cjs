/**
 * Post-loader of the Markdown pages (plugins/deferred-mdx): runs on Docusaurus's compiled MDX.
 * The full module (no resource query) of a page whose Markdown file has at least `minSourceBytes`
 * is split in the browser build and marked in the server build (./split.cjs). Both builds decide
 * from the source file's size, so they always agree. Shorter pages, the bodies (`?cf-body`) and
 * the posts' summaries (`?truncated`) pass through.
 */
const {statSync} = require('node:fs');
const path = require('node:path');
const {metaModule, markModule} = require('./split.cjs');

const BODY_QUERY = '?cf-body';

module.exports = function deferredMdxLoader(source) {
  const {isServer, runtime, minSourceBytes} = this.getOptions();
  if (this.resourceQuery !== '' || statSync(this.resourcePath).size < minSourceBytes) return source;
  const file = this.resourcePath;
  if (isServer) return markModule(source, {file, runtime});
  return metaModule(source, {file, bodyRequest: `./${path.basename(file)}${BODY_QUERY}`, runtime});
};
