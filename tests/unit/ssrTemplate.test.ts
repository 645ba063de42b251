/**
 * config/ssrTemplate.ts is Docusaurus's page template with one change: the <head> entry scripts
 * become an inline script at the end of <body>. Compared here with the template of the installed
 * @docusaurus/core, so an upgrade that changes the template is noticed.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {createRequire} from 'node:module';
import {deriveSsrTemplate, ssrTemplate, UPSTREAM_TEMPLATE} from '../../config/ssrTemplate';

const upstream = (createRequire(import.meta.url)(UPSTREAM_TEMPLATE) as {default: string}).default;
const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

test('the template is the installed Docusaurus template but for where the entry scripts start', () => {
  const ours = lines(ssrTemplate);
  const theirs = lines(upstream);
  const headScripts = [
    '<% it.scripts.forEach((script) => { %>',
    '<script src="<%= it.baseUrl %><%= script %>" defer></script>',
    '<% }); %>',
  ];
  const start = theirs.indexOf(headScripts[0]);
  assert.ok(start > 0 && theirs[start + 1] === headScripts[1], 'upstream loads the entry scripts from <head>');
  const withoutHeadScripts = [...theirs.slice(0, start), ...theirs.slice(start + 3)];
  const inline = ours.findIndex((line) => line.startsWith('<script>(') && line.includes('it.scripts.map'));
  assert.ok(inline > 0, 'the inline start script is there');
  assert.deepEqual([...ours.slice(0, inline), ...ours.slice(inline + 1)], withoutHeadScripts);
  assert.equal(ours[inline + 1], '</body>', 'the start script is the last element of <body>');
});

test('an upstream template without the parts the patch relies on stops the build', () => {
  const moved = upstream.replace(' defer></script>', ' async></script>');
  assert.throws(() => deriveSsrTemplate(moved), /\[config\/ssrTemplate\].*matched 0 time/);
  const noPostBody = upstream.replace('<%~ it.postBodyTags %>', '');
  assert.throws(() => deriveSsrTemplate(noPostBody), /\[config\/ssrTemplate\]/);
});
