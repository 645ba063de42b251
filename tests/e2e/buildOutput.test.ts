/**
 * The site's patches of Docusaurus's output, checked on the real generated files of the last
 * production build (`.docusaurus/` and `build/`), not on hand-written copies:
 * - each loader of plugins/lean-runtime transforms the real generated module as intended, and
 *   throws (naming itself and the file) on the same module in a shape it does not know;
 * - every check of plugins/patch-guard passes on build/ and reports a problem when the output is
 *   put back the way it would be without the patch;
 * - the diagrams' output (plugins/mermaid-diagrams, public APIs only): Mermaid in no bundle, its
 *   prebuilt build published.
 * No browser is needed; that the pages still hydrate is covered by every other e2e file.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';
import {
  bodyPlacement,
  checkBuildOutput,
  findIn,
  OUTPUT_CHECKS,
  readBuildOutput,
  startScripts,
  type BuildOutput,
} from '../../plugins/patch-guard/outputChecks';
import {mermaidDist, mermaidEntryPath} from '../../plugins/mermaid-diagrams';
import {SHELL_END_ID} from '../../config/renderBlocking';
import {COMPILE_HINT} from '../../plugins/compile-hints';

const require = createRequire(import.meta.url);
const {compactRegistry, compactChunkNames, compactDeferredRoutes, registryEntries, browserChunkName} =
  require('../../plugins/lean-runtime/compact-registry.cjs') as {
    compactRegistry: (source: string, file?: string, deferredNames?: Set<string>) => string;
    compactChunkNames: (
      source: string,
      registry: string,
      file?: string,
      isDeferredRoute?: (routePath: string) => boolean,
    ) => string;
    compactDeferredRoutes: (
      registry: string,
      chunkNames: string,
      isDeferredRoute: (routePath: string) => boolean,
      file?: string,
    ) => string;
    registryEntries: (registry: string, file?: string) => Array<[string, string]>;
    browserChunkName: (index: number) => string;
  };
const {deferredRouteTest, deferredChunkNames} = require('../../plugins/lean-runtime/deferred-routes.cjs') as {
  deferredRouteTest: (pattern: string | undefined) => (routePath: string) => boolean;
  deferredChunkNames: (
    chunkNames: unknown,
    isDeferredRoute: (routePath: string) => boolean,
    file?: string,
  ) => {keys: Set<string>; names: Set<string>};
};
const {trimSiteConfig, BUILD_ONLY_KEYS} = require('../../plugins/lean-runtime/trim-site-config.cjs') as {
  trimSiteConfig: (source: string, file?: string) => string;
  BUILD_ONLY_KEYS: string[];
};
const {trimGlobalData} = require('../../plugins/lean-runtime/trim-global-data.cjs') as {
  trimGlobalData: (source: string, prefixes: string[], file?: string) => string;
};
const {lazyRouteComponents} = require('../../plugins/lean-runtime/lazy-route-components.cjs') as {
  lazyRouteComponents: (
    source: string,
    file?: string,
    isDeferredRoute?: ((routePath: string) => boolean) | null,
  ) => string;
};
const {trimVersionProps} = require('../../plugins/lean-runtime/trim-version-props.cjs') as {
  trimVersionProps: (source: string, file?: string) => string;
};
const {addModuleOrigins} = require('../../plugins/page-chunks/manifest.cjs') as {
  addModuleOrigins: (manifest: unknown, registry: string, file?: string) => {origins: Record<string, string[]>};
};
const tslibShim = require('../../plugins/lean-runtime/tslib-import-default.cjs') as {
  __importDefault: (mod: unknown) => {default: unknown};
};

const generated = (name: string) => readFileSync(`.docusaurus/${name}`, 'utf8');
const patchError = (patch: string) => (error: unknown) =>
  error instanceof Error &&
  error.name === 'PatchError' &&
  error.message.includes(`[${patch}]`) &&
  error.message.includes('.docusaurus/');

test('registry: the real registry becomes an array of loaders, and the routes name chunks by its indices', () => {
  const source = generated('registry.js');
  const entries = registryEntries(source, '.docusaurus/registry.js');
  assert.ok(entries.length > 300, `${entries.length} registry entries`);
  const compact = compactRegistry(source, '.docusaurus/registry.js');
  const loaders = [...compact.matchAll(/^ {2}\[\(\) => import\(\/\* webpackChunkName: "(\d+)" \*\/ "([^"]+)"\)\],$/gm)];
  assert.deepEqual(
    loaders.map((match) => [match[1], match[2]]),
    entries.map(([, modulePath], index) => [browserChunkName(index), modulePath]),
  );
  assert.doesNotMatch(compact, /resolveWeak|"[0-9a-f]{8}"/);
  // Every chunk name of every route becomes the index of its registry entry.
  const names = JSON.parse(generated('routesChunkNames.json')) as Record<string, Record<string, unknown>>;
  const indexed = JSON.parse(compactChunkNames(generated('routesChunkNames.json'), source)) as typeof names;
  const route = Object.keys(names).find((key) => key.startsWith('/docs/maintainer/adding_pkgs/-'))!;
  assert.equal(entries[indexed[route].content as number][0], names[route].content);
  assert.equal(JSON.stringify(indexed).match(/"[0-9a-f]{8}"/g), null, 'no chunk name is left');
  // A registry in another shape, or a route naming a chunk the registry lacks, stops the build.
  assert.throws(
    () =>
      compactRegistry(
        source.replace('import(/* webpackChunkName: "', 'import(/* webpackChunkName:"'),
        '.docusaurus/registry.js',
      ),
    patchError('lean-runtime/route-table'),
  );
  assert.throws(
    () => compactChunkNames('{"/x/-abc":{"__comp":"deadbeef"}}', source, '.docusaurus/routesChunkNames.json'),
    patchError('lean-runtime/route-table'),
  );
  // The development server names chunks readably (`npm start`): the same entries, other names.
  const readable = new Map<string, string>();
  const development = source.replace(/"([0-9a-f]{8})"/g, (_match, hex: string) => {
    if (!readable.has(hex)) readable.set(hex, `__comp---site-page-${readable.size.toString(36)}`);
    return `"${readable.get(hex)}"`;
  });
  assert.deepEqual(
    registryEntries(development, '.docusaurus/registry.js').map(([, modulePath]) => modulePath),
    entries.map(([, modulePath]) => modulePath),
  );
});

test('deferred routes: the real minutes leave the start-up registry and chunk names, and their installer puts back exactly those', () => {
  const registry = generated('registry.js');
  const namesSource = generated('routesChunkNames.json');
  const names = JSON.parse(namesSource) as Record<string, Record<string, string>>;
  const isMinutes = deferredRouteTest(String.raw`^/community/minutes/\d{4}-\d{2}-\d{2}/$`);
  const {keys, names: deferred} = deferredChunkNames(names, isMinutes);
  assert.equal(keys.size, 209, 'one route per meeting');
  // Each meeting's content is its own; the doc page component is shared with every docs page and stays.
  assert.equal(deferred.size, 209);
  const someMeeting = [...keys][0];
  assert.ok(deferred.has(names[someMeeting].content));
  assert.ok(!deferred.has(names[someMeeting].__comp));
  // The registry keeps every other index where it was, with an empty slot for each deferred module.
  const entries = registryEntries(registry);
  const compact = compactRegistry(registry, '.docusaurus/registry.js', deferred);
  const rows = compact.split('\n').slice(1, -2);
  assert.equal(rows.length, entries.length);
  entries.forEach(([name, modulePath], index) => {
    if (deferred.has(name)) assert.equal(rows[index], '  0,', modulePath);
    else assert.ok(rows[index].includes(JSON.stringify(modulePath)), modulePath);
  });
  const startUp = JSON.parse(compactChunkNames(namesSource, registry, 'x', isMinutes)) as Record<string, unknown>;
  assert.equal(Object.keys(startUp).length, Object.keys(names).length - 209);
  assert.ok(!Object.keys(startUp).some((key) => key.startsWith('/community/minutes/2')));
  assert.ok(
    Object.keys(startUp).some((key) => /^\/community\/minutes\/-[0-9a-f]+$/.test(key)),
    'the index of the minutes stays',
  );
  // The installer loads each deferred module under its registry index and gives back the routes' names.
  const installer = compactDeferredRoutes(registry, namesSource, isMinutes);
  const loaders = [
    ...installer.matchAll(/^ {2}\[(\d+), \(\) => import\(\/\* webpackChunkName: "(\d+)" \*\/ "([^"]+)"\)\],$/gm),
  ];
  assert.equal(loaders.length, 209);
  for (const [, index, chunk, modulePath] of loaders) {
    assert.equal(chunk, browserChunkName(Number(index)));
    assert.equal(entries[Number(index)][1], modulePath);
    assert.match(modulePath, /^@site\/community\/minutes\/\d{4}-\d{2}-\d{2}\.mdx?$/);
  }
  const restored = JSON.parse(/^const names = (.*);$/m.exec(installer)![1]) as Record<string, {content: number}>;
  assert.deepEqual(Object.keys(restored).sort(), [...keys].sort());
  assert.equal(entries[restored[someMeeting].content][0], names[someMeeting].content);
  // The route table gives exactly those routes the deferred component.
  const routes = lazyRouteComponents(generated('routes.js'), '.docusaurus/routes.js', isMinutes);
  assert.equal(routes.match(/return deferredRouteComponent\(this, '[0-9a-f]+'\)/g)?.length, 209);
  assert.match(routes, /path: '\/community\/minutes\/',\n\s*get component\(\) \{ return lazyRouteComponent\(this/);
  // A pattern that matches no route stops the build rather than deferring nothing.
  const nothing = deferredRouteTest('^/no-such-section/');
  assert.throws(
    () => compactDeferredRoutes(registry, namesSource, nothing, '.docusaurus/routesChunkNames.json'),
    patchError('lean-runtime/route-table'),
  );
  assert.throws(
    () => lazyRouteComponents(generated('routes.js'), '.docusaurus/routes.js', nothing),
    patchError('lean-runtime/route-table'),
  );
});

test('route table: every route of the real table builds its component lazily, the 404 route too', () => {
  const source = generated('routes.js');
  const calls = source.match(/ComponentCreator\('/g)?.length ?? 0;
  assert.ok(calls > 300, `${calls} routes`);
  const lazy = lazyRouteComponents(source, '.docusaurus/routes.js');
  assert.equal(
    lazy.match(/get component\(\) \{ return lazyRouteComponent\(this, '[0-9a-f]+'\); \}/g)?.length,
    calls - 1,
  );
  assert.equal(lazy.match(/ComponentCreator\(/g), null, 'no eager ComponentCreator call is left');
  assert.match(lazy, /path: '\*',\n\s*get component\(\) \{ return lazyRouteComponent\(this\); \}/);
  assert.match(lazy, /^import lazyRouteComponent from "[^"]+lazy-route-component\.js";$/m);
  // A route written in another shape, or no import to hang the helper on, stops the build.
  assert.throws(
    () =>
      lazyRouteComponents(
        source.replace("component: ComponentCreator('/docs", 'component: ComponentCreator("/docs'),
        '.docusaurus/routes.js',
      ),
    patchError('lean-runtime/route-table'),
  );
  assert.throws(
    () => lazyRouteComponents(source.replace(/^import ComponentCreator.*$/m, ''), '.docusaurus/routes.js'),
    patchError('lean-runtime/route-table'),
  );
});

test('manifest: every page module of the real registry finds its chunks under its module path', () => {
  const registry = generated('registry.js');
  const entries = registryEntries(registry, '.docusaurus/registry.js');
  assert.ok(entries.length > 300, `${entries.length} registry entries`);
  // The manifest as the addon writes it: keyed by chunk name (the build adds the module paths).
  const written = JSON.parse(generated('client-manifest.json')) as {origins: Record<string, string[]>; assets: object};
  const byName = {
    ...written,
    origins: Object.fromEntries(Object.entries(written.origins).filter(([key]) => !/^[@~]/.test(key))),
  };
  const {origins} = addModuleOrigins(byName, registry, '.docusaurus/client-manifest.json');
  const docPage = entries.findIndex(([, modulePath]) => modulePath === '@site/docs/maintainer/adding_pkgs.mdx');
  assert.ok(docPage >= 0, 'the longest docs page is in the registry');
  assert.ok(byName.origins[browserChunkName(docPage)]?.length > 0, 'the manifest knows its chunk by index');
  assert.deepEqual(origins['@site/docs/maintainer/adding_pkgs.mdx'], byName.origins[browserChunkName(docPage)]);
  // A registry in another shape, or a manifest keyed some other way, stops the build.
  assert.throws(
    () =>
      registryEntries(
        registry.replace('import(/* webpackChunkName: "', 'import(/* webpackChunkName:"'),
        '.docusaurus/registry.js',
      ),
    patchError('lean-runtime/route-table'),
  );
  assert.throws(
    () => addModuleOrigins({...byName, origins: {}}, registry, '.docusaurus/client-manifest.json'),
    patchError('page-chunks/manifest'),
  );
});

test('version props: the real docs and community props lose their map of docs and nothing else; the cards get their descriptions from one module', async () => {
  const {readdirSync} = await import('node:fs');
  const descriptions = JSON.parse(generated('lean-runtime/doc-descriptions.json')) as Record<
    string,
    Record<string, string>
  >;
  for (const [pluginId, versionName] of [
    ['default', 'docs'],
    ['community', 'community'],
  ]) {
    const dir = `docusaurus-plugin-content-docs/${pluginId}/p`;
    const file = readdirSync(`.docusaurus/${dir}`).find((name) =>
      new RegExp(`^${versionName}-[0-9a-f]+\\.json$`).test(name),
    );
    assert.ok(file, `the ${pluginId} version props exist`);
    const source = generated(`${dir}/${file}`);
    type Props = {version: {docs: Record<string, {id: string; title: string; description?: string}>}};
    const before = JSON.parse(source) as Props;
    const after = JSON.parse(trimVersionProps(source, file)) as Props;
    // The map of docs is emptied; everything else of the version stays.
    assert.deepEqual(after.version.docs, {});
    assert.deepEqual({...after.version, docs: undefined}, {...before.version, docs: undefined});
    assert.ok(Object.keys(before.version.docs).length > 30, `${pluginId} had its docs listed`);
    for (const [id, doc] of Object.entries(before.version.docs)) {
      // Each description the cards can show is in the module; the meetings' are not.
      if (id.startsWith('minutes/')) assert.equal(descriptions[pluginId][id], undefined, id);
      else if (doc.description) assert.equal(descriptions[pluginId][id], doc.description, id);
    }
  }
  assert.ok(Object.keys(descriptions.default).length >= 40, 'the docs’ descriptions');
  // Tag lists pass unchanged; a version without its sidebars stops the build.
  assert.equal(trimVersionProps('{"tags":[]}'), '{"tags":[]}');
  assert.throws(
    () => trimVersionProps('{"version":{"docs":{}}}', '.docusaurus/docusaurus-plugin-content-docs/default/p/x.json'),
    patchError('lean-runtime/trim-version-props'),
  );
});

test('site config: the real config keeps what clients read and loses the build-only keys', () => {
  const source = generated('docusaurus.config.mjs');
  const before = JSON.parse(/export default (\{[\s\S]*\});\s*$/.exec(source)![1]) as Record<string, unknown>;
  const after = JSON.parse(/export default (\{[\s\S]*\});\s*$/.exec(trimSiteConfig(source))![1]) as Record<
    string,
    unknown
  >;
  assert.ok(BUILD_ONLY_KEYS.filter((key) => key in before).length >= 5, 'the real config has the build-only keys');
  assert.deepEqual(
    BUILD_ONLY_KEYS.filter((key) => key in after),
    [],
  );
  for (const key of ['title', 'url', 'baseUrl', 'trailingSlash', 'customFields', 'future']) {
    assert.deepEqual(after[key], before[key], key);
  }
  // The theme config loses only the code themes' token styles and extra languages.
  type Prism = {theme: {plain: object; styles: unknown[]}; darkTheme: {plain: object; styles: unknown[]}};
  const themeConfig = (config: Record<string, unknown>) =>
    config.themeConfig as {prism: Prism & {additionalLanguages?: string[]}};
  const [was, is] = [themeConfig(before), themeConfig(after)];
  assert.ok(
    was.prism.theme.styles.length > 5 && was.prism.darkTheme.styles.length > 5 && was.prism.additionalLanguages,
  );
  assert.deepEqual(is.prism.theme, {plain: was.prism.theme.plain, styles: []});
  assert.deepEqual(is.prism.darkTheme, {plain: was.prism.darkTheme.plain, styles: []});
  assert.equal(is.prism.additionalLanguages, undefined);
  const {prism: _was, ...restBefore} = was as unknown as Record<string, unknown>;
  const {prism: _is, ...restAfter} = is as unknown as Record<string, unknown>;
  assert.deepEqual(restAfter, restBefore);
  assert.throws(
    () =>
      trimSiteConfig(
        source.replace('export default {', 'export default defineConfig({'),
        '.docusaurus/docusaurus.config.mjs',
      ),
    patchError('lean-runtime/trim-site-config'),
  );
});

test('global data: the real data loses the meeting minutes and keeps every other doc', () => {
  const source = generated('globalData.json');
  type Data = {'docusaurus-plugin-content-docs': Record<string, {versions: Array<{docs: Array<{path: string}>}>}>};
  const docs = (data: Data) =>
    Object.values(data['docusaurus-plugin-content-docs']).flatMap((instance) =>
      instance.versions.flatMap((v) => v.docs),
    );
  const before = docs(JSON.parse(source) as Data);
  const after = docs(JSON.parse(trimGlobalData(source, ['/community/minutes/'])) as Data);
  const minutes = before.filter((doc) => doc.path.startsWith('/community/minutes/'));
  assert.ok(minutes.length > 200, `${minutes.length} minutes pages`);
  assert.deepEqual(
    after,
    before.filter((doc) => !doc.path.startsWith('/community/minutes/')),
  );
  assert.throws(
    () => trimGlobalData(source, ['/community/minutez/'], '.docusaurus/globalData.json'),
    patchError('lean-runtime/trim-global-data'),
  );
  assert.throws(
    () => trimGlobalData('{"other": 1}', ['/community/minutes/'], '.docusaurus/globalData.json'),
    patchError('lean-runtime/trim-global-data'),
  );
});

test('tslib shim: CommonJS modules get a default export, ES modules stay as they are', () => {
  const cjs = {addTrailingSlash: () => ''};
  assert.equal(tslibShim.__importDefault(cjs).default, cjs);
  const esm = {__esModule: true, default: 'value'};
  assert.equal(tslibShim.__importDefault(esm), esm);
});

const output = readBuildOutput('build');

test('code: every page with a fenced block has highlighted code in its HTML, and loads no highlighter to show it', () => {
  assert.ok(output.codePages.size >= 2, `${output.codePages.size} pages with code blocks`);
  for (const [route, html] of output.codePages) {
    assert.match(html, /<pre[^>]*class="prism-code language-/, `${route}: a code block`);
    assert.match(html, /<span class="token (?!plain)/, `${route}: highlighted tokens`);
    const eager = startScripts(html).filter((src) =>
      /languages\.markup\s*=/.test(output.chunks.get(path.basename(src)) ?? ''),
    );
    assert.deepEqual(eager, [], `${route} loads Prism's core at start`);
  }
  // Still loadable, for a block first rendered in the browser.
  assert.ok(findIn(output.chunks, /languages\.markup\s*=/).length > 0, 'a chunk carries Prism');
});

test('pages start their entry scripts from the inline script after the first paint, not from <head> (config/ssrTemplate.ts)', () => {
  const head = output.homeHtml.slice(0, output.homeHtml.indexOf('</head>'));
  assert.doesNotMatch(head, /<script[^>]+src="?\/assets\/js\//, 'entry scripts in <head>');
  const last = output.homeHtml.slice(output.homeHtml.lastIndexOf('<script'));
  assert.match(last, /first-contentful-paint/, 'the start script is the last script of the page');
  assert.deepEqual(
    startScripts(output.homeHtml).filter((src) => /\/(?:runtime~)?main\.[0-9a-f]+\.js$/.test(src)).length,
    2,
    'it starts both entry scripts',
  );
});

test('every page holds its first paint until its announcement bar and navbar are parsed (config/renderBlocking.ts)', () => {
  const tag = `<link rel="expect" href="#${SHELL_END_ID}" blocking="render">`;
  // Files only: some redirect folders are named like pages (`blog.html/index.html`).
  const pages = readdirSync(output.outDir, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const problems: string[] = [];
  let checked = 0;
  for (const file of pages) {
    const html = readFileSync(file, 'utf8');
    // The client redirects' own small pages are not rendered by the theme.
    if (!html.includes('<div id="__docusaurus">')) continue;
    checked++;
    const head = html.slice(0, html.indexOf('</head>'));
    if (!head.includes(tag)) problems.push(`${file}: no render-blocking link in <head>`);
    const end = html.indexOf(` id="${SHELL_END_ID}"`);
    const navbar = html.indexOf('<nav aria-label="Main"');
    const bar = html.indexOf('theme-announcement-bar');
    if (end === -1) problems.push(`${file}: no element with the id ${SHELL_END_ID}`);
    else if (navbar === -1 || navbar > end || bar > end) problems.push(`${file}: the id comes before the shell`);
  }
  assert.ok(checked > 400, `${checked} pages checked`);
  assert.deepEqual(problems, []);
});

test('compile hints: every script of the browser build starts with V8’s hint (plugins/compile-hints)', () => {
  // search-prepaint is bundled by the search-prepaint plugin with esbuild, not by the site's bundler.
  const bundled = [...output.chunks.keys()].filter((name) => !name.startsWith('search-prepaint.'));
  assert.ok(
    bundled.some((name) => /^main\.[0-9a-f]+\.js$/.test(name)),
    'main.js is among them',
  );
  assert.ok(bundled.length > 100, `${bundled.length} scripts`);
  const unhinted = bundled.filter((name) => !output.chunks.get(name)!.startsWith(`${COMPILE_HINT}\n`));
  assert.deepEqual(unhinted, []);
});

test('stylesheets: lowered and prefixed by the Lightning CSS minimizer, not by postcss-preset-env (plugins/lean-build)', () => {
  const text = [...output.stylesheets.values()].join('\n');
  assert.match(text, /font-variant-numeric:tabular-nums/, 'a tabular-numbers rule to look at');
  assert.doesNotMatch(text, /font-feature-settings:"tnum"/, "postcss-preset-env's tabular-numbers fallback");
});

test('build/: every patch applied (the checks the build runs)', () => {
  assert.deepEqual(checkBuildOutput(output), []);
});

/** The real output with `edit` applied to the main entry chunk's text. */
function withMain(edit: (text: string) => string): BuildOutput {
  const entry = new Map([...output.entry].map(([name, text]) => [name, name.startsWith('main.') ? edit(text) : text]));
  return {...output, entry, chunks: new Map([...output.chunks, ...entry])};
}

/** Each check, and the real output put back the way it would be without its patch. */
const unpatched: Record<string, () => BuildOutput> = {
  // Docusaurus's registry shape back: an object keyed by chunk name.
  'lean-runtime/route-table (registry)': () =>
    withMain((text) =>
      text.replace(/\[(\(\)=>\w+\.e\("\d+"\)\.then\(\w+\.bind\(\w+,(\d+)\)\))\]/, '"0123abcd":[$1,"",$2]'),
    ),
  'lean-runtime/trim-site-config': () =>
    withMain((text) => text.replace('tagline:"",', 'tagline:"",ssrTemplate:"<html>",')),
  'lean-runtime/trim-global-data': () =>
    withMain((text) =>
      text.replace(
        '{"id":"governance"',
        '{"id":"minutes/2024-01-10","path":"/community/minutes/2024-01-10"},{"id":"governance"',
      ),
    ),
  // Docusaurus's route table: every route's component built at start-up.
  'lean-runtime/route-table (lazy components)': () =>
    withMain((text) =>
      text.replace(
        /path:("[^"]*"),get component\(\)\{return (\w+)\(this,("[0-9a-f]+")\)\}/g,
        'path:$1,component:$2($1,$3)',
      ),
    ),
  // Docusaurus's chunk names back: every meeting's route named in main.js.
  'lean-runtime/route-table (deferred minutes)': () =>
    withMain((text) => `${text}\nvar r=JSON.parse('{"/community/minutes/2024-02-21/-8f1":{"__comp":1,"content":2}}');`),
  'lean-runtime/trim-version-props': () => ({
    ...output,
    chunks: new Map([
      ...output.chunks,
      [
        '99998.props.js',
        '{"docsSidebars":{},"docs":{"minutes/2024-02-21":{"id":"minutes/2024-02-21","title":"Core meeting, 2024-02-21","description":"x"}}}',
      ],
    ]),
  }),
  'lean-runtime/tslib-import-default': () =>
    withMain((text) => `${text}\nvar t={__addDisposableResource:function(){}};`),
  'lean-prism/highlighter': () => withMain((text) => `${text}\nPrism.languages.yaml={};`),
  // Docusaurus's manifest as it writes it: pages list the entry scripts only.
  'page-chunks/manifest': () => ({
    ...output,
    codePages: new Map(
      [...output.codePages].map(([route, html]) => [
        route,
        html.replace(/(\}\)\(\["[^"]*runtime~main[^"]*","[^"]*main\.[^"]*")[^\]]*\]/, '$1]'),
      ]),
    ),
  }),
  // React 19's server renderer with its default chunk size: the body's boundary written as a
  // placeholder and its content after </main> in a hidden element (as the old split built); and
  // the page whole in its first chunk, as Docusaurus bundles it.
  'deferred-mdx/split': () => {
    const [page] = output.splitPages;
    const own = /"\/assets\/js\/(\d+\.[0-9a-f]+\.js)"/.exec(page.html)?.[1] ?? '';
    return {
      ...output,
      chunks: new Map([...output.chunks, [own, [...output.chunks.values()].join('\n')]]),
      splitPages: output.splitPages.map((split) => ({...split, html: outlined(split.html)})),
    };
  },
};

/**
 * A page as React 19 writes it when it outlines the split body's Suspense boundary: an empty
 * placeholder where the boundary was, its content in a hidden element after </main>.
 */
function outlined(html: string): string {
  const start = html.indexOf('<!--$-->');
  const end = html.indexOf('<!--/$-->', start);
  assert.ok(start > 0 && end > start, 'the split page has its Suspense boundary in place');
  const body = html.slice(start + '<!--$-->'.length, end);
  const placeholder = `<!--$?--><template id="B:0"></template>${html.slice(end, html.indexOf('</main>'))}</main>`;
  const rest = html.slice(html.indexOf('</main>') + '</main>'.length);
  return `${html.slice(0, start)}${placeholder}${rest.replace('</body>', `<div hidden id="S:0">${body}</div></body>`)}`;
}

test('deferred-mdx/split: the check names the outlined body as the cause', () => {
  const [page] = output.splitPages;
  assert.equal(bodyPlacement(page.html, page.endPhrase), 'in main');
  assert.match(bodyPlacement(outlined(page.html), page.endPhrase), /^the body was outlined by the server renderer/);
  assert.match(bodyPlacement(page.html.replace(page.endPhrase, 'x'), page.endPhrase), /is not in the page$/);
});

test('search index: every split page is indexed to the last words of its body', () => {
  assert.ok(output.splitPages.length >= 30, `${output.splitPages.length} split pages`);
  const dir = 'build/pagefind/fragment';
  const indexed = new Map<string, string>();
  for (const name of readdirSync(dir)) {
    const text = gunzipSync(readFileSync(path.join(dir, name))).toString('utf8');
    const fragment = JSON.parse(text.slice(text.indexOf('{'))) as {url: string; content: string};
    indexed.set(fragment.url, fragment.content.replace(/\s+/g, ' '));
  }
  const missing = output.splitPages
    .filter(({route, endPhrase}) => !indexed.get(route)?.includes(endPhrase))
    .map(({route, endPhrase}) => `${route} ("${endPhrase}")`);
  assert.deepEqual(missing, [], 'split pages whose last words the search index lacks');
});

test('diagrams: no bundle carries Mermaid, a chunk names its published entry, and every file of its build is published', () => {
  const bundled = [...output.chunks].filter(([, text]) => /flowchart-v2|cytoscape/.test(text)).map(([name]) => name);
  assert.deepEqual(bundled, [], "chunks with Mermaid's code (plugins/mermaid-diagrams: it must load from the site)");
  const {version, files} = mermaidDist();
  const entry = mermaidEntryPath(version);
  const naming = [...output.chunks].filter(([, text]) => text.includes(JSON.stringify(entry))).map(([name]) => name);
  assert.ok(naming.length > 0, `no chunk names ${entry}`);
  const missing = files.filter((file) => !existsSync(path.join(output.outDir, path.dirname(entry), file)));
  assert.deepEqual(missing, [], `files of Mermaid's build not published under ${path.dirname(entry)}/`);
  assert.ok(files.length > 100, `${files.length} files: the entry and its chunks`);
});

for (const check of OUTPUT_CHECKS) {
  const name = check.part ? `${check.patch} (${check.part})` : check.patch;
  test(`patch-guard "${name}" notices when ${check.proves} no longer holds`, () => {
    assert.deepEqual(check.run(output), [], 'passes on the real build');
    const broken = unpatched[name];
    assert.ok(broken, `a broken-output case exists for ${name}`);
    assert.notDeepEqual(check.run(broken()), [], 'reports the unpatched output');
  });
}
