import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createContext, createElement, Suspense} from 'react';
import {renderToPipeableStream} from 'react-dom/server';
import {PassThrough} from 'node:stream';
import {text} from 'node:stream/consumers';
import * as acorn from 'acorn';
import {bodyLoader, type Hydration} from '../../src/lib/render/deferredBody';
import {asyncOnce} from '../../src/lib/data/once';
import {ancestorContexts, CONTEXT_PROVIDER_TAG, type FiberLike} from '../../src/lib/render/ancestorContexts';
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import deferredMdx from '../../plugins/deferred-mdx';
import {pendingBodies, resetPendingBodies} from '../../plugins/deferred-mdx/bodies.cjs';
import {endPhrase, isSplitSource} from '../../plugins/deferred-mdx/pages';
import {renderToHtml} from '../../plugins/deferred-mdx/renderToHtml';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const {metaModule, markModule} = require('../../plugins/deferred-mdx/split.cjs') as {
  metaModule: (code: string, options: {file: string; bodyRequest: string; runtime: string}) => string;
  markModule: (code: string, options: {file: string; runtime: string}) => string;
};

/** A page as Docusaurus's MDX loader compiles it (the shape of the real output, shortened). */
const COMPILED = `
export const frontMatter = {
	title: 'Tips'
};
export const contentTitle = undefined;
export {default as metadata} from '@site/.docusaurus/docs/site-docs-tips-md-c5b.json'
export const assets = {

};

import {Fragment as _Fragment, jsx as _jsx, jsxs as _jsxs} from "react/jsx-runtime";
import {useMDXComponents as _provideComponents} from "@mdx-js/react";
import CfCodeBlock from "@site/src/components/CodeBlock";
import Tabs from '@site/src/components/Tabs';
import Shared, {toc as sharedToc} from './_shared.mdx';
import './diagram.css';
export const toc = [{
  "value": "Channels",
  "id": "channels",
  "level": 2
}, ...sharedToc];
function _createMdxContent(props) {
  const _components = {p: "p", ..._provideComponents(), ...props.components};
  return _jsxs(_Fragment, {children: [_jsx(_components.p, {children: "Hello"}), _jsx(Tabs, {}), _jsx(Shared, {})]});
}
export default function MDXContent(props = {}) {
  const {wrapper: MDXLayout} = {..._provideComponents(), ...props.components};
  return MDXLayout ? _jsx(MDXLayout, {...props, children: _jsx(_createMdxContent, {...props})}) : _createMdxContent(props);
}
`;

const OPTIONS = {file: 'docs/tips.md', bodyRequest: './tips.md?cf-body', runtime: '/site/page.tsx'};

interface LoaderOptions {
  isServer: boolean;
  runtime: string;
  minSourceBytes: number;
  reuseCompiled: boolean;
}
type LoaderThis = {getOptions: () => LoaderOptions; resourcePath: string; resourceQuery: string};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const loader = require('../../plugins/deferred-mdx/loader.cjs') as ((this: LoaderThis, source: string) => string) & {
  pitch: (this: LoaderThis) => string | undefined;
};

const parse = (code: string) => acorn.parse(code, {ecmaVersion: 'latest', sourceType: 'module'});

test('the browser’s first chunk of a page keeps its facts and loads its body after hydration', () => {
  const meta = metaModule(COMPILED, OPTIONS);
  parse(meta); // a valid module (with its top-level await)
  for (const kept of ['export const frontMatter', 'export const contentTitle', 'as metadata', 'export const assets']) {
    assert.ok(meta.includes(kept), kept);
  }
  assert.match(meta, /export const toc = \[/);
  // The table of contents reads a partial's: that import stays, with only what it uses.
  assert.match(meta, /import \{toc as sharedToc\} from "\.\/_shared\.mdx";/);
  assert.match(meta, /import '\.\/diagram\.css';/);
  // Nothing only the body uses: its function, the JSX runtime, the components and the code block.
  for (const gone of [
    '_createMdxContent',
    'react/jsx-runtime',
    '@mdx-js/react',
    '@site/src/components/Tabs',
    'register.ts',
    'Shared,',
  ]) {
    assert.ok(!meta.includes(gone), `${gone} left the first chunk`);
  }
  assert.match(meta, /import \{deferredBody as __cfDeferredBody\} from "\/site\/page\.tsx";/);
  assert.match(meta, /const MDXContent = __cfDeferredBody\(\(\) => import\("\.\/tips\.md\?cf-body"\)\);/);
  assert.match(meta, /export default MDXContent;\nawait MDXContent\.ready\(\);\n$/);
});

test('the server’s page stays whole, its default export rendered through the same boundary', () => {
  const marked = markModule(COMPILED, {file: 'docs/tips.md', runtime: '/site/page.tsx'});
  parse(marked);
  assert.ok(marked.includes('function _createMdxContent(props)'));
  assert.ok(!/export default function/.test(marked));
  assert.match(marked, /\nfunction MDXContent\(props = \{\}\)/);
  assert.match(marked, /export default __cfWholeBody\(MDXContent\);\n$/);
});

test('a compiled page of another shape stops the build, naming the patch and the file', () => {
  const noDefault = COMPILED.replace('export default function MDXContent', 'function MDXContent');
  assert.throws(
    () => metaModule(noDefault, OPTIONS),
    /\[deferred-mdx\/split\] docs\/tips\.md: expected one `export default function/,
  );
  assert.throws(() => markModule(noDefault, OPTIONS), /deferred-mdx\/split/);
  const noToc = COMPILED.replace('export const toc =', 'const toc =');
  assert.throws(() => metaModule(noToc, OPTIONS), /exports no toc/);
  const tocReadsBody = COMPILED.replace('...sharedToc]', '...sharedToc, _createMdxContent]');
  assert.throws(() => metaModule(tocReadsBody, OPTIONS), /read its body/);
  assert.throws(() => metaModule('export default function (', OPTIONS), /does not parse/);
});

function hydration(initially: boolean): Hydration & {hydrate: () => void} {
  let hydrated = initially;
  let resolve = () => {};
  const done = new Promise<void>((r) => (resolve = r));
  return {
    isHydrated: () => hydrated,
    whenHydrated: () => done,
    hydrate: () => {
      hydrated = true;
      resolve();
    },
  };
}

const Body = () => null;

test('before hydration a body suspends and only loads once the page has hydrated', async () => {
  let loads = 0;
  const page = hydration(false);
  const loader = bodyLoader(async () => {
    loads += 1;
    return {default: Body};
  }, page);
  await loader.ready(); // the first page's module resolves at once
  assert.equal(loads, 0);
  let thrown: unknown;
  assert.throws(
    () => loader.read(),
    (value) => ((thrown = value), value instanceof Promise),
  );
  await Promise.resolve();
  assert.equal(loads, 0, 'nothing loads while the page hydrates');
  page.hydrate();
  await thrown;
  assert.equal(loads, 1);
  assert.equal(loader.loaded(), true);
  assert.equal(loader.read(), Body);
});

test('after hydration ready() loads the body first, once', async () => {
  let loads = 0;
  const loader = bodyLoader(async () => {
    loads += 1;
    return {default: Body};
  }, hydration(true));
  assert.equal(loader.loaded(), false);
  await Promise.all([loader.ready(), loader.ready()]);
  assert.equal(loads, 1);
  assert.equal(loader.read(), Body);
});

test('a body that fails to load is an error for the error boundary, then loads anew', async () => {
  let attempts = 0;
  const loader = bodyLoader(async () => {
    attempts += 1;
    if (attempts === 1) throw new Error('chunk failed');
    return {default: Body};
  }, hydration(true));
  let pending: unknown;
  assert.throws(
    () => loader.read(),
    (value) => ((pending = value), value instanceof Promise),
  );
  await pending;
  assert.throws(() => loader.read(), /chunk failed/);
  // "Try again" renders once more: the load starts again and then succeeds.
  assert.throws(
    () => loader.read(),
    (value) => ((pending = value), value instanceof Promise),
  );
  await pending;
  assert.equal(loader.read(), Body);
  assert.equal(attempts, 2);
});

test('the contexts above a component: each once, the nearest provider’s value, React 18 and 19 shapes', () => {
  const Theme = createContext('light');
  const Router = createContext<string | null>(null);
  const provider18 = (context: typeof Theme | typeof Router, value: unknown, parent: FiberLike | null): FiberLike => ({
    tag: CONTEXT_PROVIDER_TAG,
    type: {$$typeof: Symbol.for('react.provider'), _context: context},
    memoizedProps: {value, children: null},
    return: parent,
  });
  const root = provider18(Theme, 'light', null);
  const router = provider18(Router, '/docs/', root);
  const host: FiberLike = {tag: 5, type: 'div', memoizedProps: {}, return: router};
  const nearer = provider18(Theme, 'dark', host);
  // React 19 renders the context itself as its provider.
  const Nineteen = createContext(0);
  const provider19: FiberLike = {tag: CONTEXT_PROVIDER_TAG, type: Nineteen, memoizedProps: {value: 19}, return: nearer};
  const self: FiberLike = {tag: 1, type: class {}, memoizedProps: {}, return: provider19};
  assert.deepEqual(ancestorContexts(self), [
    [Nineteen, 19],
    [Theme, 'dark'],
    [Router, '/docs/'],
  ]);
});

test('no fiber, or a tree without providers, is an error, not a silent no-op', () => {
  assert.throws(() => ancestorContexts(undefined), /no React fiber/);
  const lonely: FiberLike = {
    tag: 1,
    type: null,
    memoizedProps: {},
    return: {tag: 3, type: null, memoizedProps: {}, return: null},
  };
  assert.throws(() => ancestorContexts(lonely), /no context provider/);
  const broken: FiberLike = {
    tag: 1,
    type: null,
    memoizedProps: {},
    return: {tag: CONTEXT_PROVIDER_TAG, type: {}, memoizedProps: {}, return: null},
  };
  assert.throws(() => ancestorContexts(broken), /without its context/);
});

test('asyncOnce loads once, shares the load in flight, keeps the value, and tries again after a failure', async () => {
  let calls = 0;
  const value = asyncOnce(async () => {
    calls += 1;
    if (calls === 1) throw new Error('offline');
    return calls;
  });
  assert.equal(value.current(), undefined);
  await assert.rejects(value(), /offline/);
  const [a, b] = await Promise.all([value(), value()]);
  assert.deepEqual([a, b, calls, value.current()], [2, 2, 2, 2]);
  assert.equal(await value(), 2);
  assert.equal(calls, 2);
});

/** The loader as Rspack runs it on `file` + `query`, in a production (reuse) or development build. */
function loaderRun(file: string, query: string, reuseCompiled: boolean) {
  const self: LoaderThis = {
    getOptions: () => ({isServer: false, runtime: '/site/page.tsx', minSourceBytes: 10, reuseCompiled}),
    resourcePath: file,
    resourceQuery: query,
  };
  return {normal: (source: string) => loader.call(self, source), pitch: () => loader.pitch.call(self)};
}

function markdownFile(name: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'deferred-mdx-')), name);
  writeFileSync(file, '# A long enough page\n');
  return file;
}

test('production: a split page is compiled once, and its body is the module it was split from', () => {
  resetPendingBodies();
  const file = markdownFile('tips.md');
  const meta = loaderRun(file, '', true).normal(COMPILED);
  assert.match(meta, /import\("\.\/tips\.md\?cf-body"\)/);
  assert.deepEqual([...pendingBodies().keys()], [file], 'the split page is kept for its body');
  // The body's request skips the loaders after this one (the MDX loader) with the compiled page.
  assert.equal(loaderRun(file, '?cf-body', true).pitch(), COMPILED);
  assert.equal(pendingBodies().size, 0, 'and it is handed out once');
  // Other variants of the file go through the loaders: summaries, and a body asked for again.
  assert.equal(loaderRun(file, '?truncated', true).pitch(), undefined);
  assert.equal(loaderRun(file, '?cf-body', true).pitch(), undefined);
});

test('a body whose page was not split in this build (restored from the cache) goes through the loaders', () => {
  resetPendingBodies();
  const file = markdownFile('cached.md');
  assert.equal(loaderRun(file, '?cf-body', true).pitch(), undefined);
  // …and passes through this loader's normal phase unchanged.
  assert.equal(loaderRun(file, '?cf-body', true).normal(COMPILED), COMPILED);
  assert.equal(pendingBodies().size, 0);
});

test('development: nothing is kept, every body goes through the loaders', () => {
  resetPendingBodies();
  const file = markdownFile('dev.md');
  loaderRun(file, '', false).normal(COMPILED);
  assert.equal(loaderRun(file, '?cf-body', false).pitch(), undefined);
  assert.equal(pendingBodies().size, 0);
});

test('after a production build, a split page whose body did not reuse it stops the build', async () => {
  const context = {siteDir: '/site'} as LoadContext;
  const plugin = deferredMdx(context, {contentDirs: ['docs'], minSourceBytes: 10}) as Plugin & {
    configureWebpack: (config: {mode: string}, isServer: boolean, utils: typeof bundler) => unknown;
    postBuild: () => void;
  };
  const bundler = {currentBundler: {instance: {NormalModuleReplacementPlugin: class {}}}};
  const file = markdownFile('page.md');
  plugin.configureWebpack({mode: 'production'}, false, bundler);
  loaderRun(file, '', true).normal(COMPILED);
  assert.throws(
    () => plugin.postBuild(),
    /\[deferred-mdx\/split\].*the body of 1 split page\(s\) did not reuse the compiled page \(.*page\.md\)/,
  );
  loaderRun(file, '?cf-body', true).pitch();
  assert.doesNotThrow(() => plugin.postBuild());
  // A development build keeps nothing and checks nothing.
  plugin.configureWebpack({mode: 'development'}, false, bundler);
  loaderRun(file, '', false).normal(COMPILED);
  assert.doesNotThrow(() => plugin.postBuild());
});

test('split pages: the end phrase is the last run of plain words of the body, not of code, comments, markup or headings', () => {
  const markdown = [
    '---',
    'title: A page with several words in its front matter title',
    '---',
    'The first paragraph has more than eight plain words in a row.',
    '',
    'The last paragraph of prose ends here with these eight plain words, then [a link](/x/).',
    '',
    '## A heading with eight or more words in it too',
    '',
    '```bash',
    'echo this code block has many words in it as well',
    '```',
    '<!-- a comment with many words that the page never shows -->',
    '{/* an MDX comment with many words that the page never shows */}',
    '<Tabs groupId="a label with many words in one attribute here">',
    ':::note an admonition title with many words in it here',
    '| a table cell with many words that the check skips over |',
  ].join('\n');
  assert.equal(endPhrase(markdown), 'The last paragraph of prose ends here with these eight plain words');
  assert.equal(endPhrase('Too short a run.\n'), undefined);
});

test('split pages: a file is split by the loader’s rule (Markdown under a content folder, long enough)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'split-pages-'));
  const long = path.join(dir, 'docs', 'long.md');
  const short = path.join(dir, 'docs', 'short.md');
  const elsewhere = path.join(dir, 'other', 'long.md');
  for (const [file, bytes] of [
    [long, 200],
    [short, 20],
    [elsewhere, 200],
  ] as const) {
    mkdirSync(path.dirname(file), {recursive: true});
    writeFileSync(file, 'x'.repeat(bytes));
  }
  const dirs = [path.join(dir, 'docs')];
  assert.equal(isSplitSource(long, dirs, 100), true);
  assert.equal(isSplitSource(short, dirs, 100), false);
  assert.equal(isSplitSource(elsewhere, dirs, 100), false);
  assert.equal(isSplitSource(long.replace(/\.md$/, '.json'), dirs, 100), false);
});

test('server render: a Suspense boundary far larger than React 19’s chunk size stays in place, where the default outlines it', async () => {
  const paragraphs = Array.from({length: 800}, (_, i) =>
    createElement('p', {key: i}, `Paragraph ${i} of a long body.`),
  );
  const page = createElement(
    'html',
    null,
    createElement(
      'body',
      null,
      createElement('main', null, createElement(Suspense, {fallback: null}, paragraphs)),
      createElement('footer', null, 'The footer'),
    ),
  );
  const html = await renderToHtml(page);
  const main = html.slice(html.indexOf('<main>'), html.indexOf('</main>'));
  assert.ok(html.length > 12_800 * 1.5, `${html.length} bytes`);
  assert.match(main, /<!--\$-->/);
  assert.match(main, /Paragraph 799 of a long body\./);
  assert.doesNotMatch(html, /<div hidden id="S:/);
  // React's own default, for comparison: the same page outlined after the footer.
  const outlinedHtml = await new Promise<string>((resolve, reject) => {
    const stream = renderToPipeableStream(page, {
      onError: reject,
      onAllReady() {
        const pass = new PassThrough();
        stream.pipe(pass);
        text(pass).then(resolve, reject);
      },
    });
  });
  assert.match(outlinedHtml, /<template id="B:0"><\/template>/);
  assert.match(outlinedHtml.slice(outlinedHtml.indexOf('</main>')), /<div hidden id="S:0">.*Paragraph 399/s);
});
