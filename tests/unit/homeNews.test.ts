import {test} from 'node:test';
import assert from 'node:assert/strict';
import {latestNews, newsDate, type LoadedPost} from '../../src/lib/home/news';
import {homeData} from '../../plugins/home-data/index';
import {installCommand} from '../../src/lib/download/index';

const post = (title: string, date: Date | string, extra: Partial<LoadedPost['metadata']> = {}): LoadedPost => ({
  metadata: {title, date, permalink: `/news/${title.toLowerCase().replace(/\W+/g, '-')}/`, ...extra},
});

test('the two newest listed posts, newest first, whatever order the plugin gives them in', () => {
  const posts = [
    post('Older', new Date('2025-07-01T00:00:00Z'), {description: 'An older one.'}),
    post('Newest', '2025-10-15', {description: 'The newest.'}),
    post('Middle', new Date('2025-08-18T00:00:00Z')),
  ];
  assert.deepEqual(latestNews(posts), [
    {
      title: 'Newest',
      permalink: '/news/newest/',
      date: '2025-10-15',
      dateText: 'October 15, 2025',
      description: 'The newest.',
    },
    {title: 'Middle', permalink: '/news/middle/', date: '2025-08-18', dateText: 'August 18, 2025', description: ''},
  ]);
  assert.equal(latestNews(posts, 3).length, 3);
});

test('unlisted and draft posts are left out', () => {
  const posts = [
    post('Hidden', '2025-12-01', {unlisted: true}),
    post('Draft', '2025-11-30', {frontMatter: {draft: true}}),
    post('Unlisted by front matter', '2025-11-29', {frontMatter: {unlisted: true}}),
    post('Shown', '2025-01-02'),
  ];
  assert.deepEqual(
    latestNews(posts).map((item) => item.title),
    ['Shown'],
  );
});

test('long titles and summaries are cut at a word, whitespace is folded', () => {
  const [item] = latestNews([
    post('A  title\nover two lines', '2025-01-01', {description: `${'word '.repeat(80)}end`}),
  ]);
  assert.equal(item.title, 'A title over two lines');
  assert.ok(item.description.length <= 220, `${item.description.length} characters`);
  assert.match(item.description, /^word( word)*…$/);
});

test('a permalink outside /news/ or a date that does not parse is refused', () => {
  assert.throws(() => latestNews([post('X', '2025-01-01', {permalink: 'javascript:alert(1)'})]), /permalink/);
  assert.throws(() => latestNews([post('X', 'not a date')]), /invalid date/);
});

test('dates read as the rest of the site writes them', () => {
  assert.equal(newsDate('2025-10-15'), 'October 15, 2025');
  assert.equal(newsDate('2024-02-01'), 'February 1, 2024');
});

test('the home page’s build data: the newest news and the download page’s one-line command', () => {
  const data = homeData([post('Newest', '2025-10-15'), post('Older', '2025-01-01')]);
  assert.deepEqual(
    data.news.map((item) => item.title),
    ['Newest', 'Older'],
  );
  assert.equal(data.installCommand, installCommand('Linux'));
  assert.match(
    data.installCommand,
    /^curl -L -O "https:\/\/github\.com\/conda-forge\/miniforge\/releases\/latest\/download\//,
  );
  assert.throws(() => homeData([post('Hidden', '2025-01-01', {unlisted: true})]), /no listed news post/);
});
