/**
 * External destinations of the site, in one place. Plain constants with no Node.js dependency,
 * so both the config modules and the browser code (components, src/lib) import them.
 */

export const WEBSITE_REPO = 'https://github.com/conda-forge/conda-forge.github.io';

export const LINKS = {
  donate: 'https://opencollective.com/conda-forge',
  github: 'https://github.com/conda-forge',
  zulip: 'https://conda-forge.zulipchat.com',
  bluesky: 'https://bsky.app/profile/conda-forge.org',
  stackOverflow: 'https://stackoverflow.com/questions/tagged/conda-forge',
  numfocus: 'https://numfocus.org/',
  stagedRecipes: 'https://github.com/conda-forge/staged-recipes',
  websiteIssues: `${WEBSITE_REPO}/issues`,
} as const;
