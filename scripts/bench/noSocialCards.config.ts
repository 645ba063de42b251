/**
 * The project's own config without the social cards: the benchmark builds it cold beside the real
 * config to measure what the cards add to a cold build (issue #35 allows 15 %). Everything else —
 * content, plugins, patches, template — is the project's, so the difference between the two
 * builds is the social-cards plugin and the page template's card tags alone.
 */
import type {Config} from '@docusaurus/types';
import project from '../../docusaurus.config';
import socialCards from '../../plugins/social-cards';
import {pageTemplate} from '../../config/ssrTemplate';

const plugins = project.plugins ?? [];
const kept = plugins.filter((plugin) => plugin !== socialCards);
if (kept.length !== plugins.length - 1) {
  throw new Error('noSocialCards.config.ts: the social-cards plugin is not in docusaurus.config.ts plugins any more');
}

const config: Config = {...project, plugins: kept, ssrTemplate: pageTemplate({socialCards: false})};
export default config;
