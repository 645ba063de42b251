/**
 * The one tslib helper `@docusaurus/utils-common` calls in the browser. That package is CommonJS
 * and requires `tslib` whole, which put all of tslib (~4 KB gzip) in every page's main bundle;
 * the browser build resolves its `tslib` to this file instead (see ./index.ts).
 */
exports.__importDefault = function __importDefault(mod) {
  return mod && mod.__esModule ? mod : {default: mod};
};
