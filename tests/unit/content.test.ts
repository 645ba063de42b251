import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
// js-yaml ships with Docusaurus (front matter parsing).
import yaml from 'js-yaml';
import {grammarId} from '../../plugins/lean-prism/grammars';
import {prismLanguages} from '../../config/prism';
import {ROOT, pages, codeBlocks, stripJinja} from '../helpers/content';
import {gistsOf} from '../../plugins/minutes-index/index';
import {topicsFromMarkdown} from '../../src/lib/minutes/index';
import {frontMatterOf} from '../../scripts/minutes-topics';

test('the content folders hold pages', () => {
  assert.ok(pages.length > 100, `found ${pages.length} pages`);
});

test('every YAML code block in the content parses', () => {
  const failures: string[] = [];
  let count = 0;
  for (const file of pages) {
    for (const block of codeBlocks(readFileSync(file, 'utf8'))) {
      if (!['yaml', 'yml'].includes(block.lang)) continue;
      count++;
      try {
        yaml.load(stripJinja(block.code));
      } catch (error) {
        failures.push(`${path.relative(ROOT, file)}:${block.line}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }
  assert.ok(count > 50, `only ${count} YAML blocks found`);
  assert.deepEqual(failures, []);
});

test('pages import the site’s tabs, not the classic theme’s, which render their content twice', () => {
  const theme = /from\s+['"]@theme\/Tab(?:s|Item)['"]/;
  const hits = pages.filter((file) => theme.test(readFileSync(file, 'utf8'))).map((f) => path.relative(ROOT, f));
  assert.deepEqual(hits, [], 'import Tabs and TabItem from @site/src/components/');
});

test('no text meant for writers reaches readers', () => {
  const banned = /lorem ipsum|coming soon|placeholder text/i;
  const markers = /\bTODO\b|\bTBD\b/; // upper case only: `.tbd` stub files are a real thing
  const hits = pages
    .filter((file) => {
      const text = readFileSync(file, 'utf8');
      return banned.test(text) || markers.test(text);
    })
    .map((f) => path.relative(ROOT, f));
  assert.deepEqual(hits, []);
});

test('stripJinja keeps YAML structure', () => {
  const recipe = '{% set version = "1.0" %}\npackage:\n  name: demo\n  version: {{ version }}\n';
  assert.deepEqual(yaml.load(stripJinja(recipe)), {package: {name: 'demo', version: 'jinja'}});
});

test('blog and news summaries end before their first code block, so list pages load no highlighter', () => {
  const marker = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/;
  const posts = pages.filter((file) => /^(blog|news)[\\/]/.test(path.relative(ROOT, file)));
  assert.ok(posts.length > 100, `${posts.length} posts`);
  const withCode = posts.filter((file) => {
    const text = readFileSync(file, 'utf8');
    const cut = text.search(marker);
    return codeBlocks(cut === -1 ? text : text.slice(0, cut)).length > 0;
  });
  assert.deepEqual(
    withCode.map((file) => path.relative(ROOT, file)),
    [],
  );
});

test('every blog and news post opens with a short summary, then the truncate marker', () => {
  const marker = /<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\}/g;
  const posts = pages.filter((file) => /^(blog|news)[\\/]/.test(path.relative(ROOT, file)));
  assert.ok(posts.length > 100, `${posts.length} posts`);
  const problems = posts.flatMap((file) => {
    const name = path.relative(ROOT, file);
    const body = readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, '');
    const markers = body.match(marker) ?? [];
    if (markers.length !== 1) return [`${name}: ${markers.length} truncate markers`];
    const summary = body
      .slice(0, body.search(marker))
      .split('\n')
      .filter((line) => !/^(import|export) /.test(line))
      .join('\n')
      .trim();
    if (!/\p{L}/u.test(summary)) return [`${name}: nothing before the truncate marker`];
    if (/^#{1,6}\s/m.test(summary)) return [`${name}: a heading before the truncate marker`];
    // News summaries are one short paragraph; blog posts may open with a longer lead.
    if (name.startsWith('news') && (summary.length > 600 || summary.includes('\n\n'))) {
      return [`${name}: the summary runs to ${summary.length} characters`];
    }
    return [];
  });
  assert.deepEqual(problems, []);
});

test('every code block names a language the site highlights, or plain text', () => {
  const plain = new Set(['text', 'mermaid']);
  const unknown = pages.flatMap((file) =>
    codeBlocks(readFileSync(file, 'utf8'))
      .filter((block) => !plain.has(block.lang) && grammarId(block.lang, prismLanguages) === undefined)
      .map((block) => `${path.relative(ROOT, file)}:${block.line} \`${block.lang || '(none)'}\``),
  );
  assert.deepEqual(unknown, []);
});

test('every minutes page names its main topics, or why the meeting left no notes', () => {
  // gistsOf throws naming the first page without `topics` or `no_notes` (the build does the same).
  const dir = path.join(ROOT, 'community/minutes');
  const docs = readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.md$/.test(name))
    .map((name) => ({
      id: `minutes/${name.slice(0, -3)}`,
      source: `@site/community/minutes/${name}`,
      frontMatter: frontMatterOf(readFileSync(path.join(dir, name), 'utf8')),
    }));
  const gists = Object.values(gistsOf(docs));
  assert.equal(gists.length, 209);
  const noNotes = gists.filter((gist) => 'noNotes' in gist).length;
  assert.ok(noNotes > 0 && noNotes < 10, `${noNotes} pages without notes`);
});

test('minutes topics name their headings as written: no identifier lost its underscores or stars', () => {
  // A topic that matches a heading once markup characters are dropped must match it exactly.
  const squash = (text: string) => text.replace(/[`*_\\]/g, '');
  const dir = path.join(ROOT, 'community/minutes');
  const mangled = readdirSync(dir)
    .filter((name) => /^\d{4}-\d{2}-\d{2}\.md$/.test(name))
    .flatMap((name) => {
      const text = readFileSync(path.join(dir, name), 'utf8');
      const {topics} = frontMatterOf(text);
      if (!Array.isArray(topics)) return [];
      const headings = topicsFromMarkdown(text);
      return topics
        .filter((topic) => typeof topic === 'string' && !headings.includes(topic))
        .filter((topic) => headings.some((heading) => squash(heading) === squash(topic as string)))
        .map((topic) => `${name}: ${JSON.stringify(topic)}`);
    });
  assert.deepEqual(mangled, []);
});

/**
 * Link text that says where it goes (WCAG 2.4.4; Lighthouse's SEO audit "Links do not have
 * descriptive text"). The words are the audit's list of generic link texts in English.
 */
test('no Markdown link is labelled with a generic word such as "Go" or "here"', () => {
  const generic = new Set([
    'click here',
    'click this',
    'go',
    'here',
    'information',
    'learn more',
    'more',
    'more info',
    'more information',
    'right here',
    'read more',
    'see more',
    'start',
    'this',
    'link',
    'this link',
    'this page',
  ]);
  const found: string[] = [];
  for (const file of pages) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?<!!)\[([^\]\n]+)\]\((?:[^)\s]+)\)/g)) {
      if (generic.has(match[1].trim().toLowerCase())) found.push(`${path.relative(ROOT, file)}: [${match[1]}]`);
    }
  }
  assert.deepEqual(found, []);
});

/**
 * Posts on conda-forge's own site are the announcement: a sentence that reports what "the original
 * notice" or "the announcement" said or left out speaks about a source the reader never sees.
 */
test('no blog or news post talks about "the original notice" instead of its subject', () => {
  const meta = [
    /\b(?:original|upstream|source) (?:notice|post|announcement|blog post)\b/i,
    /\bthe (?:notice|announcement) (?:did not|didn't|gave|named|said|covered|estimated|contained|pointed|was brief|had no|described|mentioned)\b/i,
    /\b(?:gave|had|contained) no further details?\b/i,
  ];
  const posts = pages.filter((file) => /^(blog|news)[\\/]/.test(path.relative(ROOT, file)));
  const hits = posts.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        meta.some((pattern) => pattern.test(line)) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
      ),
  );
  assert.deepEqual(hits, []);
});
