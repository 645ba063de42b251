/**
 * The stock comparison of the benchmark (`npm run bench -- --compare-stock`): its verdicts, and a
 * twin config that really is stock (no local plugin, theme component, template or client module).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {
  type CompareRow,
  describeTarget,
  groupsMeeting,
  meets,
  ratio,
  toMarkdown,
  verdict,
} from '../../scripts/bench/compare';
import {lighthousePageTypes, PAGE_TYPES} from '../../scripts/bench/pageTypes';

const row = (project: number, stock: number, targets: CompareRow['targets'] = []): CompareRow => ({
  group: 'g',
  name: 'n',
  unit: 'KB',
  project,
  stock,
  targets,
});

test('ratio is project over stock, and undefined without a stock figure', () => {
  assert.equal(ratio(row(80, 100)), 0.8);
  assert.ok(Number.isNaN(ratio(row(80, 0))));
  assert.ok(Number.isNaN(ratio(row(80, Number.NaN))));
});

test('each kind of target holds or misses at its boundary', () => {
  assert.ok(meets(row(140, 0), {kind: 'atMost', value: 140}));
  assert.ok(!meets(row(140.1, 0), {kind: 'atMost', value: 140}));
  assert.ok(meets(row(90, 0), {kind: 'atLeast', value: 90}));
  assert.ok(!meets(row(89, 0), {kind: 'atLeast', value: 90}));
  assert.ok(meets(row(80, 100), {kind: 'ratioAtMost', value: 0.8}));
  assert.ok(!meets(row(81, 100), {kind: 'ratioAtMost', value: 0.8}));
  assert.ok(meets(row(88, 68), {kind: 'aboveStockBy', value: 20}));
  assert.ok(!meets(row(87, 68), {kind: 'aboveStockBy', value: 20}));
  // Stock at 91: no score is 20 above it; the highest score is the target, and only it meets it.
  assert.ok(meets(row(100, 91), {kind: 'aboveStockBy', value: 20}));
  assert.ok(!meets(row(99, 91), {kind: 'aboveStockBy', value: 20}));
});

test('a figure that could not be measured misses every target', () => {
  for (const kind of ['atMost', 'atLeast', 'ratioAtMost', 'aboveStockBy'] as const) {
    assert.equal(verdict(row(Number.NaN, 100, [{kind, value: 1}])), 'MISS', kind);
  }
});

test('a verdict needs every target of its figure; no target, no verdict', () => {
  const performance: CompareRow['targets'] = [
    {kind: 'atLeast', value: 90},
    {kind: 'aboveStockBy', value: 20},
  ];
  assert.equal(verdict(row(92, 70, performance)), 'ok');
  assert.equal(verdict(row(92, 75, performance)), 'MISS');
  assert.equal(verdict(row(85, 50, performance)), 'MISS');
  assert.equal(verdict(row(1, 2)), '');
});

test('a page type meets its targets only when every figure of its group does', () => {
  const performance: CompareRow['targets'] = [{kind: 'atLeast', value: 90}];
  const rows: CompareRow[] = [
    {...row(96, 70, performance), group: 'lighthouse: home'},
    {...row(120, 900), group: 'lighthouse: home', name: 'total blocking time'},
    {...row(92, 60, performance), group: 'lighthouse: docs'},
    {...row(552, 1100, [{kind: 'atMost', value: 300}]), group: 'lighthouse: docs', name: 'total blocking time'},
    {...row(84, 66, performance), group: 'lighthouse: status'},
    {...row(20, 30, [{kind: 'ratioAtMost', value: 0.8}]), group: 'build'},
  ];
  assert.deepEqual(groupsMeeting(rows, 'lighthouse'), {met: 1, of: 3});
  assert.deepEqual(groupsMeeting(rows, 'build'), {met: 1, of: 1});
  assert.deepEqual(groupsMeeting(rows, 'first load'), {met: 0, of: 0});
});

test('the Markdown report has one table per group with project, stock, ratio and target', () => {
  const markdown = toMarkdown([
    {...row(120, 200, [{kind: 'atMost', value: 140}]), group: 'first load: home', name: 'JavaScript (gzip)'},
    {...row(30, 50, [{kind: 'ratioAtMost', value: 0.8}]), group: 'build', name: 'cold build', unit: 's'},
  ]);
  assert.match(markdown, /### first load: home\n\n\| figure \| project \| stock \| ratio/);
  assert.match(markdown, /\| JavaScript \(gzip\) \| 120 KB \| 200 KB \| 0\.600 \| ≤ 140 KB \| ok \|/);
  assert.match(markdown, /\| cold build \| 30 s \| 50 s \| 0\.600 \| ≤ 0\.8× stock \| ok \|/);
  assert.equal(describeTarget({kind: 'aboveStockBy', value: 20}, ''), '≥ stock + 20 (at most 100)');
});

test('the stock twin config uses stock Docusaurus only, on the project’s own content', async () => {
  process.env.STOCK_TWIN_PROJECT = process.cwd();
  const {default: twin} = await import('../../scripts/bench/stockTwin.config');
  const {default: project} = await import('../../docusaurus.config');
  assert.equal(twin.ssrTemplate, undefined, 'the project’s HTML template');
  assert.deepEqual(twin.themes, ['@docusaurus/theme-mermaid'], 'stock draws diagrams with the Mermaid theme');
  assert.equal(twin.markdown?.mermaid, true);
  assert.deepEqual(twin.clientModules, [], 'the project’s client modules');
  const local = (twin.plugins ?? []).filter((plugin) => {
    const entry = Array.isArray(plugin) ? plugin[0] : plugin;
    if (typeof entry === 'string') return false;
    // The stubs: plugins that only write the data a page imports (an empty topics map, the home
    // page's install command without news), and the one that gives the React pages the theme's
    // code block.
    const instance = typeof entry === 'function' ? (entry as () => {name: string}).call(null) : undefined;
    const stub = instance && ['minutes-index', 'home-data'].includes(instance.name);
    const codeBlock = instance?.name === 'stock-code-block' && Object.keys(instance).join() === 'name,configureWebpack';
    // The SVG sprite, whose symbols the navbar's icon links name: it only adds markup to the page.
    const sprite = instance?.name === 'svg-sprite' && Object.keys(instance).join() === 'name,injectHtmlTags';
    return !codeBlock && !sprite && !(stub && Object.keys(instance).join() === 'name,contentLoaded');
  });
  assert.deepEqual(local, [], 'no local plugin in the twin');
  const named = (twin.plugins ?? []).filter((plugin) => Array.isArray(plugin) && typeof plugin[0] === 'string');
  const projectNamed = (project.plugins ?? []).filter(
    (plugin) => Array.isArray(plugin) && typeof plugin[0] === 'string',
  );
  assert.equal(named.length, projectNamed.length, 'every stock plugin of the project is in the twin');
  assert.ok(named.length >= 3, 'community docs, news and client redirects');
  const [[name, preset]] = twin.presets as [[string, Record<string, Record<string, unknown>>]];
  assert.equal(name, 'classic');
  for (const options of [
    preset.docs,
    preset.blog,
    preset.pages,
    ...named.map((plugin) => (plugin as [string, Record<string, unknown>])[1]),
  ]) {
    assert.equal(options.remarkPlugins, undefined, 'no local remark plugin');
    assert.equal(options.beforeDefaultRemarkPlugins, undefined, 'no local remark plugin before the defaults');
    if (typeof options.path === 'string') {
      assert.ok(path.isAbsolute(options.path) && existsSync(options.path), `content read in place: ${options.path}`);
    }
  }
  const items = (twin.themeConfig as {navbar: {items: {type?: string}[]}}).navbar.items;
  assert.ok(items.length > 5 && items.every((item) => item.type !== 'search'));
});

test('the stubs the benchmark prints name every local plugin the twin leaves out or stubs', async () => {
  const {default: project} = await import('../../docusaurus.config');
  const {STUBS} = await import('../../scripts/bench/stockTwinStubs');
  const leftOut = STUBS.find((line) => line.startsWith('local plugins left out:')) ?? '';
  const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  const local = (project.plugins ?? [])
    .map((plugin): unknown => (Array.isArray(plugin) ? plugin[0] : plugin))
    .filter((entry): entry is {name: string} => typeof entry === 'function')
    .map((entry) => kebab(entry.name).replace(/-plugin$/, ''))
    // A plugin whose data pages import is stubbed rather than left out, and one the twin keeps is
    // kept; each says so in its own line.
    .filter(
      (name) =>
        !STUBS.some((line) => line.startsWith(`${name} plugin stubbed`) || line.startsWith(`${name} plugin kept`)),
    );
  assert.ok(local.length >= 8, local.join(', '));
  for (const name of local) assert.ok(leftOut.includes(name), `${name} is not named in: ${leftOut}`);
  assert.ok(leftOut.includes('code-blocks'), 'the remark plugin too');
});

test('Lighthouse measures every page type it can load, and refuses unknown or 404 page types', () => {
  const all = lighthousePageTypes([]);
  assert.deepEqual(
    all.map((type) => type.name),
    PAGE_TYPES.filter((type) => type.name !== '404').map((type) => type.name),
  );
  assert.deepEqual(
    lighthousePageTypes(['docs (longest)', 'home']).map((type) => type.path),
    ['/docs/maintainer/adding_pkgs/', '/'],
  );
  assert.throws(() => lighthousePageTypes(['dosc']), /no page type "dosc"/);
  assert.throws(() => lighthousePageTypes(['404']), /status 404/);
});
