/**
 * The sanitising rules of src/lib/data/sanitize.ts. Node has no DOM for DOMPurify (and the project
 * ships none for tests), so these check the configurations and the attribute rules with hostile
 * values; tests/e2e/live.test.ts and status.test.ts check the sanitised pages in Chromium.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  answerAttribute,
  htmlAttribute,
  imageSource,
  sanitize,
  SANITIZE_CONFIGS,
  SVG_FORBIDDEN_TAGS,
  SVG_ID_PREFIX,
  svgAttribute,
  type ContentKind,
} from '../../src/lib/data/sanitize';

const KINDS = Object.keys(SANITIZE_CONFIGS) as ContentKind[];
const lower = (list: unknown) => (list as string[]).map((name) => name.toLowerCase());

test('no kind allows styles, scripts, form controls, embedded documents or fetching SVG elements', () => {
  const never = [
    'style',
    'script',
    'form',
    'input',
    'button',
    'select',
    'textarea',
    'option',
    'iframe',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'image',
    'use',
    'foreignobject',
    'feimage',
    'filter',
    'animate',
    'animatemotion',
    'animatetransform',
    'set',
    'svg',
  ];
  for (const kind of KINDS) {
    const tags = lower(SANITIZE_CONFIGS[kind].ALLOWED_TAGS);
    const allowed = never.filter((tag) => tags.includes(tag) && !(kind === 'svg' && tag === 'svg'));
    assert.deepEqual(allowed, [], kind);
  }
  const forbidden = lower(SANITIZE_CONFIGS.svg.FORBID_TAGS);
  for (const tag of ['style', 'script', 'image', 'use', 'foreignobject', 'feimage', 'animate', 'set']) {
    assert.ok(forbidden.includes(tag), tag);
  }
  assert.deepEqual(lower(SVG_FORBIDDEN_TAGS), forbidden);
});

test('no kind allows style, class, event-handler or data attributes', () => {
  for (const kind of KINDS) {
    const attributes = lower(SANITIZE_CONFIGS[kind].ALLOWED_ATTR);
    assert.deepEqual(
      attributes.filter((name) => ['style', 'class', 'srcset', 'action', 'formaction'].includes(name)),
      [],
      kind,
    );
    // The one exception: the AI answer's citation number, written by this site's own renderer.
    assert.deepEqual(
      attributes.filter((name) => /^(on|data-)/.test(name) && !(kind === 'answer' && name === 'data-cite')),
      [],
      kind,
    );
  }
});

test('each kind allows what its content needs', () => {
  const tags = (kind: ContentKind) => lower(SANITIZE_CONFIGS[kind].ALLOWED_TAGS);
  // The bot's notes: a link to its CI job and a collapsed log in <pre>.
  for (const tag of ['p', 'br', 'code', 'pre', 'em', 'strong', 'b', 'i', 'a', 'ul', 'ol', 'li', 'span', 'details']) {
    assert.ok(tags('note').includes(tag), `note: ${tag}`);
  }
  assert.deepEqual(SANITIZE_CONFIGS.note.ALLOWED_ATTR, ['href']);
  // Titles shown inside a link: no links and no images.
  assert.ok(!tags('markdownTitle').includes('a') && !tags('markdownTitle').includes('img'));
  assert.ok(tags('markdown').includes('a') && tags('markdown').includes('img') && tags('markdown').includes('table'));
  // Graphviz output: shapes, text, tooltips, gradients and links.
  for (const tag of ['svg', 'g', 'title', 'a', 'path', 'polygon', 'ellipse', 'text', 'lineargradient', 'stop']) {
    assert.ok(tags('svg').includes(tag), `svg: ${tag}`);
  }
});

test('svg: links keep GitHub addresses only; other references must stay inside the drawing', () => {
  const pr = 'https://github.com/conda-forge/numpy-feedstock/pull/1';
  assert.equal(svgAttribute('a', 'xlink:href', pr), pr);
  assert.equal(svgAttribute('a', 'href', pr), pr);
  for (const hostile of [
    'javascript:alert(1)',
    'data:image/svg+xml,<svg onload="alert(1)"/>',
    'https://tracker.invalid/p',
    'https://user:pass@github.com/x',
    '#node1',
  ]) {
    assert.equal(svgAttribute('a', 'xlink:href', hostile), null, hostile);
  }
  assert.equal(svgAttribute('lineargradient', 'xlink:href', '#l_0'), `#${SVG_ID_PREFIX}l_0`);
  for (const hostile of [
    'https://tracker.invalid/u.svg#shape',
    '//tracker.invalid/u.svg#shape',
    'u.svg#shape',
    '#',
    '#a b',
  ]) {
    assert.equal(svgAttribute('use', 'href', hostile), null, hostile);
    assert.equal(svgAttribute('lineargradient', 'xlink:href', hostile), null, hostile);
  }
});

test('svg: ids are prefixed, and so are the url(#id) references to them; any other url() is dropped', () => {
  assert.equal(svgAttribute('g', 'id', 'node1'), `${SVG_ID_PREFIX}node1`);
  assert.equal(svgAttribute('g', 'id', 'a b'), null);
  assert.equal(svgAttribute('ellipse', 'fill', 'url(#l_0)'), `url(#${SVG_ID_PREFIX}l_0)`);
  assert.equal(svgAttribute('ellipse', 'fill', "url( '#l_0' )"), `url(#${SVG_ID_PREFIX}l_0)`);
  assert.equal(svgAttribute('ellipse', 'fill', '#35b779'), '#35b779');
  assert.equal(
    svgAttribute('g', 'transform', 'scale(1 1) rotate(0) translate(4 400)'),
    'scale(1 1) rotate(0) translate(4 400)',
  );
  assert.equal(svgAttribute('text', 'font-family', 'Times,serif'), 'Times,serif');
  for (const hostile of [
    'url(https://tracker.invalid/f.svg#p)',
    'URL( "https://tracker.invalid/f.svg#p" )',
    'url(#l_0) url(https://tracker.invalid/x)',
    'url("#l_0)https://tracker.invalid/x")',
    'url(//tracker.invalid/x)',
    '\\75 rl(https://tracker.invalid/x)',
    'u/**/rl(https://tracker.invalid/x)',
    'src("https://tracker.invalid/x")',
    'image-set("https://tracker.invalid/x" 1x)',
    '@import "https://tracker.invalid/x.css"',
  ]) {
    assert.equal(svgAttribute('path', 'fill', hostile), null, hostile);
  }
});

test('html: links are http(s) only, images only over https from GitHub image hosts', () => {
  assert.equal(
    htmlAttribute('a', 'href', 'https://github.com/regro/cf-scripts/actions/runs/1'),
    'https://github.com/regro/cf-scripts/actions/runs/1',
  );
  assert.equal(htmlAttribute('a', 'href', 'http://example.org/log'), 'http://example.org/log');
  for (const hostile of [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    ' java\tscript:x',
  ]) {
    assert.equal(htmlAttribute('a', 'href', hostile), null, hostile);
  }
  assert.equal(htmlAttribute('link', 'href', 'https://github.com/x.css'), null);
  const upload = 'https://github.com/user-attachments/assets/0b5f2f2c-1111-2222-3333-444455556666';
  assert.equal(imageSource(upload), upload);
  assert.equal(htmlAttribute('img', 'src', upload), upload);
  for (const hostile of [
    'https://tracker.invalid/p.png',
    'http://user-images.githubusercontent.com/1/x.png',
    'data:image/png;base64,AAAA',
    '//tracker.invalid/p.png',
  ]) {
    assert.equal(htmlAttribute('img', 'src', hostile), null, hostile);
  }
  assert.equal(htmlAttribute('script', 'src', upload), null);
  assert.equal(htmlAttribute('p', 'title', 'a <b> title'), 'a <b> title');
});

test('without a DOM every kind shows the markup as escaped text', () => {
  const hostile = '<style>main h1{display:none}</style><img src=x onerror="alert(1)">';
  for (const kind of KINDS) {
    const out = sanitize(kind, hostile);
    assert.ok(!/[<>"]/.test(out), `${kind}: ${out}`);
    assert.match(out, /&#60;style&#62;/);
  }
});

test('AI answer links: paths on this site and http(s) addresses; never protocol-relative or script', () => {
  assert.equal(answerAttribute('a', 'href', '/docs/user/faq/'), '/docs/user/faq/');
  assert.equal(answerAttribute('a', 'href', 'https://conda-forge.org/docs/'), 'https://conda-forge.org/docs/');
  for (const hostile of ['//evil.example/x', '/\\evil.example/x', 'javascript:alert(1)', 'data:text/html,x']) {
    assert.equal(answerAttribute('a', 'href', hostile), null, hostile);
  }
  assert.equal(answerAttribute('img', 'src', 'https://evil.example/p.png'), null);
  assert.equal(answerAttribute('a', 'data-cite', '2'), '2');
  assert.equal(answerAttribute('a', 'data-cite', '2" onmouseover="x'), null);
});
