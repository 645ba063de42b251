/**
 * The developer documentation stays usable: every relative link of README.md, CONTRIBUTING.md and
 * docs-dev/*.md (whatever files that folder holds) points at a file or folder of the repository,
 * and at a heading that exists when it names one; README.md stays short enough to read.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
export const README_MAX_CHARS = 15_000;

/**
 * Targets written on another branch at the same time as the link to them: allowed while missing.
 * Once the file exists it is checked like any other, so an entry left here does no harm.
 */
const WRITTEN_ELSEWHERE = new Set<string>();

export interface MarkdownLink {
  target: string;
  line: number;
}

/** The lines of a Markdown text, those of fenced code blocks blanked. */
function outsideFences(markdown: string): string[] {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return '';
    }
    if (marker) fence = marker;
    return marker ? '' : line;
  });
}

/** Markdown lines without fenced code blocks and inline code spans (their brackets are not links). */
function withoutCode(markdown: string): string[] {
  return outsideFences(markdown).map((line) => line.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)));
}

/** Inline links and images `[text](target "title")` and reference definitions `[label]: target`. */
export function markdownLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  withoutCode(markdown).forEach((text, index) => {
    for (const match of text.matchAll(/\]\(\s*(?:<([^>]+)>|([^)\s]+))(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({target: match[1] ?? match[2], line: index + 1});
    }
    const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/.exec(text);
    if (definition) links.push({target: definition[1], line: index + 1});
  });
  return links;
}

/** Whether a link leaves the repository (a URL with a scheme, or protocol-relative). */
export function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** GitHub's anchor for each heading of a Markdown file, in order (duplicates get -1, -2…). */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of outsideFences(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** github-slugger's rule: lower case, punctuation dropped, each space a hyphen. */
export function slug(heading: string): string {
  return heading
    .replace(/<[^>]+>/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** What is wrong with one relative link of `fromFile` (repository-relative), if anything. */
export function linkProblem(fromFile: string, target: string, root = ROOT): string | undefined {
  if (isExternal(target)) return undefined;
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const decoded = decodeURIComponent(pathPart);
  const resolved =
    decoded === ''
      ? fromFile
      : path.posix.normalize(
          decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(fromFile), decoded),
        );
  if (resolved.startsWith('..')) return `${target} leaves the repository`;
  const full = path.join(root, resolved);
  if (!existsSync(full)) {
    return WRITTEN_ELSEWHERE.has(resolved) ? undefined : `${target}: ${resolved} does not exist`;
  }
  if (
    anchor &&
    /\.md$/i.test(resolved) &&
    statSync(full).isFile() &&
    !headingAnchors(readFileSync(full, 'utf8')).has(anchor)
  ) {
    return `${target}: ${resolved} has no heading with the anchor #${anchor}`;
  }
  return undefined;
}

/** The documents checked: the README, the contributing guide and every file of docs-dev/. */
export function developerDocs(root = ROOT): string[] {
  const devDir = path.join(root, 'docs-dev');
  const dev = existsSync(devDir)
    ? readdirSync(devDir)
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs-dev/${name}`)
    : [];
  return ['README.md', 'CONTRIBUTING.md', ...dev].filter((file) => existsSync(path.join(root, file)));
}

test('every relative link of the developer docs points at an existing file and heading', () => {
  const files = developerDocs();
  assert.ok(files.includes('README.md') && files.includes('CONTRIBUTING.md'), files.join(', '));
  const problems = files.flatMap((file) =>
    markdownLinks(readFileSync(path.join(ROOT, file), 'utf8')).flatMap(({target, line}) => {
      const problem = linkProblem(file, target);
      return problem ? [`${file}:${line}: ${problem}`] : [];
    }),
  );
  assert.deepEqual(problems, []);
});

test(`README.md is at most ${README_MAX_CHARS} characters`, () => {
  const length = [...readFileSync(path.join(ROOT, 'README.md'), 'utf8')].length;
  assert.ok(length <= README_MAX_CHARS, `README.md has ${length} characters`);
});

test('the link reader finds inline, image and reference links, and skips code', () => {
  const text = [
    'See [a](docs-dev/a.md) and ![b](img/b.png "title") and [c](<with space.md>).',
    '`[not](a-link.md)` and [d](https://example.org/x) and [e](#local).',
    '```md',
    '[inside](fence.md)',
    '```',
    '[ref]: ../reports/x.md',
  ].join('\n');
  assert.deepEqual(
    markdownLinks(text).map((link) => link.target),
    ['docs-dev/a.md', 'img/b.png', 'with space.md', 'https://example.org/x', '#local', '../reports/x.md'],
  );
});

test('a broken relative link or anchor is reported, an external one is not', () => {
  assert.equal(linkProblem('README.md', 'https://conda-forge.org/'), undefined);
  assert.equal(linkProblem('README.md', 'mailto:x@example.org'), undefined);
  assert.equal(linkProblem('README.md', 'CONTRIBUTING.md'), undefined);
  assert.equal(linkProblem('docs-dev/x.md', '../README.md#two-commands'), undefined);
  assert.equal(linkProblem('README.md', 'reports/'), undefined);
  assert.match(linkProblem('README.md', 'docs-dev/no-such-file.md') ?? '', /does not exist/);
  assert.match(linkProblem('docs-dev/x.md', 'README.md') ?? '', /docs-dev\/README\.md does not exist/);
  assert.match(linkProblem('README.md', 'CONTRIBUTING.md#no-such-heading') ?? '', /no heading/);
  assert.match(linkProblem('README.md', '../outside.md') ?? '', /leaves the repository/);
});

test("headings become GitHub's anchors", () => {
  assert.equal(slug('Where to change what'), 'where-to-change-what');
  assert.equal(slug('Live pages: links people can share'), 'live-pages-links-people-can-share');
  assert.equal(slug('`lean-runtime/route-table` (three parts)'), 'lean-runtimeroute-table-three-parts');
  assert.deepEqual([...headingAnchors('# A\n## B\n## B\n```\n# C\n```')], ['a', 'b', 'b-1']);
});
