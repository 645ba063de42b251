import {test} from 'node:test';
import assert from 'node:assert/strict';
import {socialLinks} from '../../src/lib/blog/socials';

test('socialLinks names each platform and keeps the order written', () => {
  assert.deepEqual(
    socialLinks({
      github: 'https://github.com/conda-forge',
      mastodon: 'https://fosstodon.org/@condaforge',
      email: 'mailto:team@example.org',
      matrix: 'https://matrix.to/#/#conda-forge:matrix.org',
    }),
    [
      {platform: 'github', label: 'GitHub', href: 'https://github.com/conda-forge'},
      {platform: 'mastodon', label: 'Mastodon', href: 'https://fosstodon.org/@condaforge'},
      {platform: 'email', label: 'Email', href: 'mailto:team@example.org'},
      {platform: 'matrix', label: 'matrix', href: 'https://matrix.to/#/#conda-forge:matrix.org'},
    ],
  );
});

test('socialLinks links only http(s) addresses and well-formed e-mail addresses', () => {
  assert.deepEqual(
    socialLinks({
      x: 'javascript:alert(1)',
      github: 'conda-forge',
      website: 'data:text/html,<b>hi</b>',
      email: 'mailto:not an address',
      linkedin: 42,
      bluesky: 'https://bsky.app/profile/conda-forge.org',
    }),
    [{platform: 'bluesky', label: 'Bluesky', href: 'https://bsky.app/profile/conda-forge.org'}],
  );
  assert.deepEqual(socialLinks({email: 'team@example.org'}), [
    {platform: 'email', label: 'Email', href: 'mailto:team@example.org'},
  ]);
  assert.deepEqual(socialLinks(undefined), []);
  assert.deepEqual(socialLinks({}), []);
});
