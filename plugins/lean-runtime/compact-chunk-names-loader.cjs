// The routes' chunk names loader of ./compact-registry.cjs (a loader module must export the loader itself).
module.exports = require('./compact-registry.cjs').chunkNamesLoader;
