/**
 * One spelling across the site's prose: American, as the rest of the conda ecosystem writes. The
 * British forms below are looked for in the Markdown of docs, community, blog, news and
 * src/pages, outside code (fenced blocks other than diagrams, inline code), link targets, URLs,
 * HTML/JSX tags and the minutes' front matter (their topics are the meeting's own record).
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT, pages} from '../helpers/content';

/** British stems and words, each with its American form for the message. */
const BRITISH: Array<[RegExp, string]> = [
  [/\b(re|dis|un)?organis(e|es|ed|ing|ation|ations|er|ers)\b/i, 'organiz…'],
  [/\b(mis)?behaviours?\b/i, 'behavior'],
  [/\b(re)?colou?rs?\b(?<=colours?)|\bcolou?r(ed|ing|ful)\b(?<=colour\w*)/i, 'color'],
  [/\bfavour(s|ed|ing|ite|able)?\b/i, 'favor'],
  [/\bflavour(s|ed)?\b/i, 'flavor'],
  [/\bhonour(s|ed|ing)?\b/i, 'honor'],
  [/\bneighbours?\b/i, 'neighbor'],
  [/\blicences?\b/i, 'license'],
  [
    /\b(defence|centre|programme|programmes|sceptical|judgement|acknowledgements|whilst|learnt|misspelt|grey)\b/i,
    'American form',
  ],
  [/\b(mis|re)?(label|cancel|signal)l(ed|ing)\b/i, 'one l'],
  [
    /\b(re)?(recognis|optimis|summaris|initialis|synchronis|specialis|standardis|serialis|normalis|prioritis|customis|centralis|authoris|finalis|formalis|harmonis|moderni[s]|visualis|virtualis|sanitis|parametris|apologis|utilis|emphasis|minimis|maximis|categoris)(e|es|ed|ing|ation|ations|er)\b/i,
    '-ize',
  ],
  [/\banalys(e|ed|ing)\b/i, 'analyze'],
];

/** Names that keep their own spelling. */
const NAMES = /Neighbourhoodie/g;

/**
 * Files another change is rewriting at the time of writing; they join the check once it lands
 * (their British forms are listed in that change's report).
 */
const PENDING = new Set([
  'community/funding/gsod-2023.md',
  'docs/maintainer/knowledge_base.md',
  'docs/user/ci-skeleton.md',
]);

/** The prose of a Markdown file: what is not code, a link target, a URL or a tag, blanked out. */
function prose(file: string, text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, ' ');
  let body = text;
  if (file.startsWith('community/minutes/') && body.startsWith('---\n')) {
    const end = body.indexOf('\n---', 4);
    body = blank(body.slice(0, end + 4)) + body.slice(end + 4);
  }
  return (
    body
      // Fenced code, except diagrams (their labels are read as text).
      .replace(/^(\s*)(`{3,}|~{3,})(?!mermaid).*\n[\s\S]*?^\1\2\s*$/gm, blank)
      .replace(/`[^`\n]*`/g, blank)
      .replace(/\]\([^)]*\)/g, blank)
      .replace(/https?:\/\/\S+/g, blank)
      .replace(/<[^>\n]+>/g, blank)
      .replace(/^import .*$/gm, blank)
      .replace(NAMES, blank)
  );
}

test('the prose is written in American spelling', () => {
  const found: string[] = [];
  for (const full of pages) {
    const file = path.relative(ROOT, full).split(path.sep).join('/');
    if (PENDING.has(file)) continue;
    const lines = prose(file, readFileSync(full, 'utf8')).split('\n');
    lines.forEach((line, i) => {
      for (const [pattern, american] of BRITISH) {
        const match = pattern.exec(line);
        if (match) found.push(`${file}:${i + 1}: "${match[0]}" (${american})`);
      }
    });
  }
  assert.deepEqual(found, []);
});

test('the check finds British forms in prose, not in code or addresses', () => {
  const sample = [
    'The organisation favoured a new colour.',
    '`colour_scheme` and [a link](https://example.org/behaviour/) stay.',
    '```yaml',
    'licence: BSD',
    '```',
  ].join('\n');
  const lines = prose('docs/x.md', sample).split('\n');
  const hits = lines.flatMap((line) => BRITISH.filter(([pattern]) => pattern.test(line)).map(([, us]) => us));
  assert.deepEqual(hits.sort(), ['color', 'favor', 'organiz…'].sort());
});
