import {test} from 'node:test';
import assert from 'node:assert/strict';
import {HEADING_WEIGHT, densestWindow, describeMatch, queryTerms, toPageText} from '../../src/lib/search/excerpt';

/** Words w0 … w{n-1}; headings given as [location, title]. */
function page(n: number, headings: Array<[number, string]> = []) {
  const words = Array.from({length: n}, (_, i) => `w${i}`);
  for (const [location, title] of headings) words.splice(location, title.split(' ').length, ...title.split(' '));
  return toPageText({
    url: '/docs/page/',
    raw_content: words.join(' '),
    anchors: headings.map(([location, title], i) => ({element: 'h2', id: `h${i}`, text: title, location})),
    meta: {title: 'Page'},
  });
}

test('the densest window wins; a run of equally dense windows gives its middle one', () => {
  assert.equal(
    densestWindow(
      new Map([
        [50, 1],
        [52, 1],
        [90, 1],
      ]),
      0,
      200,
      10,
    ),
    50,
  );
  // Three windows hold one match each: the middle one is chosen.
  assert.equal(
    densestWindow(
      new Map([
        [40, 1],
        [80, 1],
        [120, 1],
      ]),
      0,
      200,
      10,
    ),
    80,
  );
  // A range shorter than the window: its start.
  assert.equal(densestWindow(new Map([[3, 1]]), 0, 8, 10), 0);
  // A window is never cut by the end of the range.
  assert.equal(
    densestWindow(
      new Map([
        [195, 1],
        [198, 1],
      ]),
      0,
      200,
      10,
    ),
    190,
  );
});

test('the section with the heaviest matches wins, a heading word weighing more than body words', () => {
  const text = page(300, [
    [100, 'Pinning deps'],
    [200, 'Other topic'],
  ]);
  // Two body matches under "Other topic" against one heading word of "Pinning deps".
  const described = describeMatch(text, [100, 210, 212], 24);
  assert.ok(HEADING_WEIGHT > 2);
  assert.equal(described.heading, 'Pinning deps');
  assert.equal(described.url, '/docs/page/#h0');
  assert.ok(described.excerpt.startsWith('<mark>Pinning</mark> deps w102'), described.excerpt);
  assert.equal(described.excerpt.split(' ').length, 24);
});

test('the excerpt stays inside its section and marks only matches in it', () => {
  const text = page(300, [
    [100, 'First'],
    [110, 'Second'],
  ]);
  const described = describeMatch(text, [104, 108, 250], 24);
  assert.equal(described.heading, 'First');
  // Section "First" spans 100…109: ten words, both matches marked, nothing of the next section.
  assert.equal(described.excerpt, 'First w101 w102 w103 <mark>w104</mark> w105 w106 w107 <mark>w108</mark> w109');
});

test('matches before the first heading describe the page itself', () => {
  const described = describeMatch(page(60, [[40, 'Later']]), [5], 24);
  assert.deepEqual({heading: described.heading, url: described.url}, {heading: '', url: '/docs/page/'});
  assert.ok(described.excerpt.startsWith('w0 w1 w2 w3 w4 <mark>w5</mark>'));
});

test('page text from Pagefind: unescaped content is escaped, zero-width spaces split CJK text', () => {
  const escaped = toPageText({url: '/x/', content: 'use <b> tags', meta: {title: 'X'}});
  assert.equal(describeMatch(escaped, [1], 24).excerpt, 'use <mark>&lt;b&gt;</mark> tags');
  const cjk = toPageText({url: '/y/', raw_content: '包\u200B管理\u200B工具', meta: {title: 'Y'}});
  assert.equal(describeMatch(cjk, [1], 24).excerpt, '包<mark>管理</mark>工具');
});

/** A page whose text opens with its title (as Pagefind indexes the <h1>, with a full stop). */
function titled(title: string, n: number, headings: Array<[number, string]>) {
  const text = page(n, headings);
  const titleWords = `${title}.`.split(' ');
  const words = [...titleWords, ...text.words.slice(titleWords.length)];
  return toPageText({
    url: '/docs/page/',
    raw_content: words.join(' '),
    anchors: headings.map(([location, heading], i) => ({element: 'h2', id: `h${i}`, text: heading, location})),
    meta: {title},
  });
}

test('query terms: lower case, split at anything but letters and digits, single letters dropped', () => {
  assert.deepEqual(queryTerms('conda-forge.yml Bot'), ['conda', 'forge', 'yml', 'bot']);
  assert.deepEqual(queryTerms('mark a package broken'), ['mark', 'package', 'broken']);
  assert.deepEqual(queryTerms('  '), []);
});

test('with the query: a title that answers it opens the page at its top, however often a section repeats a word', () => {
  const text = titled('How to talk to the bots', 300, [
    [100, 'Where to write'],
    [200, 'What happens next'],
  ]);
  // "bots" in the title (word 5) and twenty mentions under "What happens next", which outweigh it.
  const locations = [5, ...Array.from({length: 20}, (_, i) => 201 + 2 * i)];
  assert.equal(text.titleEnd, 6);
  assert.equal(describeMatch(text, locations, 24).url, '/docs/page/#h1', 'without the query: the busiest section');
  const answered = describeMatch(text, locations, 24, queryTerms('bot'));
  assert.deepEqual([answered.url, answered.heading, answered.answered], ['/docs/page/', '', 1]);
  // A short title word ("to") answers no longer query word ("tools").
  assert.equal(describeMatch(text, locations, 24, queryTerms('tools')).answered, 0);
});

test('with the query: a heading that answers what the title leaves open wins', () => {
  const text = titled('Configuring conda-forge.yml', 300, [
    [100, 'azure'],
    [200, 'bot'],
  ]);
  const described = describeMatch(text, [1, 120, 200, 230], 24, queryTerms('conda-forge.yml bot'));
  assert.deepEqual([described.url, described.heading, described.answered], ['/docs/page/#h1', 'bot', 1]);
  // Half the words answered: the title only.
  assert.equal(describeMatch(text, [1, 120], 24, queryTerms('conda-forge.yml azure pipelines')).answered, 4 / 5);
  // Nothing answered by a title or heading: the section where the matches weigh most, 0 answered.
  const loose = describeMatch(text, [150, 160, 230], 24, queryTerms('something else'));
  assert.deepEqual([loose.heading, loose.answered], ['azure', 0]);
});
