import {test} from 'node:test';
import assert from 'node:assert/strict';
import {resolveLink, stripFrontMatter, toPlainMarkdown, type MarkdownContext} from '../../plugins/llms-txt/markdown';
import {
  docIdsOf,
  groupDocs,
  llmsTxt,
  markdownPath,
  MAX_DESCRIPTION,
  oneLine,
  type DocPage,
  type SidebarNode,
} from '../../plugins/llms-txt/llms';
import {cardListOf, type LoadedDocs} from '../../plugins/llms-txt/index';

const SITE = 'https://conda-forge.org';

const context: MarkdownContext = {
  siteUrl: SITE,
  route: '/docs/maintainer/adding_pkgs/',
  source: 'docs/maintainer/adding_pkgs.mdx',
  markdownOf: ({route, source}) =>
    ({'/docs/user/faq/': '/docs/user/faq.md', 'docs/user/faq.md': '/docs/user/faq.md'})[route ?? source ?? ''],
  cardList: (component) => `- [Child of ${component}](${SITE}/docs/child.md)`,
};

test('Markdown copies live at the route without its trailing slash, plus .md', () => {
  assert.equal(markdownPath('/docs/user/faq'), '/docs/user/faq.md');
  assert.equal(markdownPath('/docs/user/faq/'), '/docs/user/faq.md');
  assert.equal(markdownPath('/docs/'), '/docs.md');
  assert.equal(markdownPath('/'), '/index.md');
});

test('links become absolute, to the Markdown copy where a page has one', () => {
  assert.equal(resolveLink('/docs/user/faq/', context), `${SITE}/docs/user/faq.md`);
  assert.equal(resolveLink('/docs/user/faq/#why', context), `${SITE}/docs/user/faq.md#why`);
  assert.equal(resolveLink('/docs/user/faq', context), `${SITE}/docs/user/faq.md`);
  assert.equal(resolveLink('../user/faq.md', context), `${SITE}/docs/user/faq.md`);
  assert.equal(resolveLink('/packages/', context), `${SITE}/packages/`);
  assert.equal(resolveLink('/img/logo.svg', context), `${SITE}/img/logo.svg`);
  assert.equal(resolveLink('./details/', context), `${SITE}/docs/maintainer/adding_pkgs/details/`);
  for (const kept of ['https://github.com/conda-forge', 'mailto:a@b.org', '#section']) {
    assert.equal(resolveLink(kept, context), kept);
  }
});

const MDX = `---
title: Contributing packages
description: How to add a recipe.
---

import Tabs from '@site/src/components/Tabs';
import TabItem from '@site/src/components/TabItem';
import {
  Thing,
} from '@site/src/components/Thing';

{/* A note for editors
    over two lines. */}

Read the [FAQ](/docs/user/faq/) and [that page](../user/faq.md#top) first. <!-- truncate -->

## Steps {#steps}

:::tip[First time?]

Start with the tutorial.

:::

<Tabs groupId="format">
<TabItem value="meta" label="meta.yaml" default>

\`\`\`yaml
# a comment, not a heading
build:
  number: 0
<TabItem value="x">
[link](/docs/user/faq/)
\`\`\`

</TabItem>
<TabItem
  value="v1"
  label="recipe.yaml (v1)">

Inline \`[not a link](/docs/user/faq/)\` stays.

</TabItem>
</Tabs>

<DocCardList />
`;

test('MDX becomes plain Markdown: no imports, comments or tags; content, code and meaning kept', () => {
  const markdown = toPlainMarkdown(MDX, 'Contributing packages', context);
  assert.equal(
    markdown,
    `# Contributing packages

Read the [FAQ](${SITE}/docs/user/faq.md) and [that page](${SITE}/docs/user/faq.md#top) first.

## Steps

> **Tip: First time?**
>
> Start with the tutorial.

**meta.yaml**

\`\`\`yaml
# a comment, not a heading
build:
  number: 0
<TabItem value="x">
[link](/docs/user/faq/)
\`\`\`

**recipe.yaml (v1)**

Inline \`[not a link](/docs/user/faq/)\` stays.

- [Child of DocCardList](${SITE}/docs/child.md)
`,
  );
});

test('a body that starts with its own heading keeps it; front matter always goes', () => {
  assert.equal(toPlainMarkdown('---\ntitle: X\n---\n# Own title\n\nText.\n', 'X', context), '# Own title\n\nText.\n');
  assert.equal(stripFrontMatter('no front matter'), 'no front matter');
  assert.equal(toPlainMarkdown(':::note\n\nA.\n\n:::\n', 'T', context), '# T\n\n> **Note**\n>\n> A.\n');
});

const doc = (id: string, extra: Partial<DocPage> = {}): DocPage => ({
  id,
  title: id.toUpperCase(),
  description: `About ${id}.`,
  permalink: `/docs/${id}`,
  source: `@site/docs/${id}.md`,
  unlisted: false,
  ...extra,
});

const sidebar: SidebarNode[] = [
  {type: 'doc', id: 'index'},
  {
    type: 'category',
    label: 'User Documentation',
    link: {type: 'doc', id: 'user/index'},
    items: [
      {type: 'doc', id: 'user/faq', label: 'Questions'},
      {type: 'link', href: '/download/', label: 'Miniforge'},
      {type: 'category', label: 'More', link: {type: 'generated-index', permalink: '/docs/more/'}, items: []},
    ],
  },
  {type: 'html'},
];

test('docs are grouped by their sidebar, each listed once, unlisted ones left out', () => {
  assert.deepEqual(docIdsOf(sidebar), ['index', 'user/index', 'user/faq']);
  const docs = [doc('index'), doc('user/index'), doc('user/faq'), doc('hidden', {unlisted: true}), doc('orphan')];
  const {sections, optional} = groupDocs(docs, [sidebar, [{type: 'ref', id: 'user/faq'}]], {
    looseHeading: 'Docs',
    siteUrl: SITE,
    isOptional: (d) => d.id === 'orphan',
  });
  assert.deepEqual(
    sections.map((s) => [s.heading, s.entries.map((e) => e.url)]),
    [
      ['Docs', [`${SITE}/docs/index.md`]],
      ['User Documentation', [`${SITE}/docs/user/index.md`, `${SITE}/docs/user/faq.md`]],
    ],
  );
  assert.deepEqual(optional, [{title: 'ORPHAN', url: `${SITE}/docs/orphan.md`, description: 'About orphan.'}]);
});

test('llms.txt: title, summary, sections of links with one-line descriptions, Optional last', () => {
  const text = llmsTxt({
    title: 'conda-forge',
    summary: 'A community.\nOf packagers.',
    details: ['How to read this file.'],
    sections: [
      {heading: 'Docs', entries: [{title: 'FAQ [short]', url: `${SITE}/docs/user/faq.md`, description: 'Answers.'}]},
      {heading: 'Docs', entries: [{title: 'Glossary', url: `${SITE}/docs/glossary.md`, description: ''}]},
    ],
    optional: [{title: 'Minutes', url: `${SITE}/community/minutes/2024-01-17.md`, description: 'A meeting.'}],
  });
  assert.equal(
    text,
    `# conda-forge

> A community. Of packagers.

How to read this file.

## Docs

- [FAQ \\[short\\]](${SITE}/docs/user/faq.md): Answers.
- [Glossary](${SITE}/docs/glossary.md)

## Optional

- [Minutes](${SITE}/community/minutes/2024-01-17.md): A meeting.
`,
  );
});

test('descriptions are one plain line, cut at a word', () => {
  assert.equal(oneLine('See the [FAQ](/docs/) and **bold**\n text.'), 'See the FAQ and bold text.');
  const long = oneLine('word '.repeat(100));
  assert.ok(long.length <= MAX_DESCRIPTION && long.endsWith('word…'), long);
});

test('a card list stands for the items of the category the page opens', () => {
  const docs = [doc('user/index'), doc('user/faq')];
  const instance: LoadedDocs = {instance: {id: 'default', heading: 'Docs', prefix: ''}, docs, sidebars: [sidebar]};
  assert.equal(
    cardListOf(docs[0], instance, SITE),
    [
      `- [Questions](${SITE}/docs/user/faq.md): About user/faq.`,
      `- [Miniforge](${SITE}/download/)`,
      `- [More](${SITE}/docs/more/)`,
    ].join('\n'),
  );
  assert.equal(cardListOf(docs[1], instance, SITE), '');
});
