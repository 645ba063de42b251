/**
 * The query-quality table: what people type into site search, and what a maintainer would want
 * first. Written from the docs' own titles and headings and from the questions people bring to the
 * project (the FAQ pages, the help channels), not from what the index returns; a query's expected
 * answer is a page (any of several when they answer equally well) or a package.
 *
 * Pages are compared without their `#section` (the report asks "the right page?"); the e2e table
 * (tests/e2e/search.test.ts) checks sections too.
 */
export type Kind = 'word' | 'keywords' | 'question' | 'typo' | 'synonym' | 'package' | 'section' | 'phrasing';

export interface QualityQuery {
  query: string;
  kind: Kind;
  /** Pages (paths) and packages any of which is a right first answer. */
  expect: {pages?: string[]; packages?: string[]};
}

const KB = '/docs/maintainer/knowledge_base/';
const page = (...pages: string[]) => ({pages});
const pkg = (...packages: string[]) => ({packages});

export const QUERIES: QualityQuery[] = [
  // One word.
  {query: 'rerender', kind: 'word', expect: page('/docs/how-to/basics/rerender/')},
  {query: 'pinning', kind: 'word', expect: page('/docs/maintainer/pinning_deps/')},
  {query: 'noarch', kind: 'word', expect: page(KB)},
  {query: 'governance', kind: 'word', expect: page('/community/governance/')},
  {query: 'glossary', kind: 'word', expect: page('/docs/glossary/')},
  {query: 'zulip', kind: 'word', expect: page('/docs/user/how_to_get_help/', '/community/getting-in-touch/')},
  {query: 'miniforge', kind: 'word', expect: page('/download/')},
  {query: 'cfep', kind: 'word', expect: page('/community/cfep/')},
  {query: 'meetings', kind: 'word', expect: page('/community/meetings/')},
  {query: 'cdt', kind: 'word', expect: page('/docs/glossary/', KB)},
  {query: 'migrations', kind: 'word', expect: page(KB, '/status/migration/')},
  {query: 'funding', kind: 'word', expect: page('/community/funding/')},

  // Keywords.
  {query: 'add maintainer', kind: 'keywords', expect: page('/docs/maintainer/understanding_conda_forge/feedstocks/')},
  {query: 'cross compile', kind: 'keywords', expect: page('/docs/how-to/advanced/cross-compilation/')},
  {query: 'noarch python', kind: 'keywords', expect: page(KB)},
  {query: 'pin numpy', kind: 'keywords', expect: page('/docs/maintainer/pinning_deps/')},
  {query: 'mark package broken', kind: 'keywords', expect: page('/docs/how-to/emergencies/remove-broken-packages/')},
  {query: 'conda-forge.yml bot', kind: 'keywords', expect: page('/docs/maintainer/conda_forge_yml/')},
  {query: 'skip build', kind: 'keywords', expect: page('/docs/maintainer/adding_pkgs/')},
  {query: 'fork sync', kind: 'keywords', expect: page('/docs/how-to/basics/fork-sync/')},
  {
    query: 'feedstock token',
    kind: 'keywords',
    expect: page(KB, '/docs/maintainer/infrastructure/'),
  },
  {query: 'run_exports', kind: 'keywords', expect: page('/docs/maintainer/pinning_deps/')},
  {
    query: 'security vulnerability',
    kind: 'keywords',
    expect: page('/docs/how-to/emergencies/fix-a-security-vulnerability/'),
  },
  {query: 'archive feedstock', kind: 'keywords', expect: page('/docs/maintainer/updating_pkgs/')},
  {query: 'maintain several versions', kind: 'keywords', expect: page('/docs/how-to/advanced/several-versions/')},
  // The `compilers` package is what a recipe's author installs: as good an answer as the docs.
  {
    query: 'compilers',
    kind: 'keywords',
    expect: {pages: ['/docs/maintainer/infrastructure/'], packages: ['compilers']},
  },
  {query: 'pre-release build', kind: 'keywords', expect: page(KB)},
  {query: 'channel priority strict', kind: 'keywords', expect: page('/docs/user/tipsandtricks/')},
  // With a word that no page holds: the rest still finds its page.
  {query: 'rerender zzqxv', kind: 'keywords', expect: page('/docs/how-to/basics/rerender/')},
  {query: 'fork sync qqwxyz', kind: 'keywords', expect: page('/docs/how-to/basics/fork-sync/')},
  {
    query: 'build locally',
    kind: 'keywords',
    expect: page('/docs/maintainer/updating_pkgs/', '/docs/maintainer/maintainer_faq/'),
  },

  // Questions.
  {query: 'how do I sync my fork', kind: 'question', expect: page('/docs/how-to/basics/fork-sync/')},
  {query: 'How do I rerender a feedstock?', kind: 'question', expect: page('/docs/how-to/basics/rerender/')},
  {
    query: 'add a new package to conda-forge',
    kind: 'question',
    expect: page('/docs/maintainer/adding_pkgs/', '/docs/maintainer/understanding_conda_forge/staged_recipes/'),
  },
  {query: 'how do I update my feedstock token', kind: 'question', expect: page(KB)},
  {
    query: 'what is a feedstock',
    kind: 'question',
    expect: page('/docs/maintainer/understanding_conda_forge/feedstocks/', '/docs/glossary/'),
  },
  {
    query: 'how do I remove a broken package',
    kind: 'question',
    expect: page('/docs/how-to/emergencies/remove-broken-packages/'),
  },
  {
    query: 'where can I ask a question',
    kind: 'question',
    expect: page('/docs/user/how_to_get_help/', '/docs/user/faq/', '/community/getting-in-touch/'),
  },
  {query: 'how do I enable osx-arm64', kind: 'question', expect: page('/docs/how-to/advanced/enable-archs/')},
  {query: 'how do I talk to the bot', kind: 'question', expect: page('/docs/how-to/advanced/talk-to-the-bots/')},
  {
    query: 'how to add a maintainer to my feedstock',
    kind: 'question',
    expect: page('/docs/maintainer/understanding_conda_forge/feedstocks/', '/docs/maintainer/updating_pkgs/'),
  },
  {query: 'what is conda-forge', kind: 'question', expect: page('/docs/user/introduction/')},
  {
    query: 'why is my new version not installable yet',
    kind: 'question',
    expect: page('/docs/maintainer/maintainer_faq/', '/docs/user/faq/'),
  },
  {
    query: 'how do I cross compile for aarch64',
    kind: 'question',
    expect: page('/docs/how-to/advanced/cross-compilation/'),
  },
  {query: 'how can I speed up conda', kind: 'question', expect: page('/docs/user/faq/')},

  // Typos.
  {query: 'feedstok', kind: 'typo', expect: page('/docs/maintainer/understanding_conda_forge/feedstocks/')},
  {query: 'rerendr', kind: 'typo', expect: page('/docs/how-to/basics/rerender/')},
  {query: 'pinnig', kind: 'typo', expect: page('/docs/maintainer/pinning_deps/')},
  {query: 'cross-compliation', kind: 'typo', expect: page('/docs/how-to/advanced/cross-compilation/')},
  {query: 'noarhc python', kind: 'typo', expect: page(KB)},
  {query: 'stagged-recipes', kind: 'typo', expect: page('/docs/maintainer/understanding_conda_forge/staged_recipes/')},
  {query: 'goverance', kind: 'typo', expect: page('/community/governance/')},
  {query: 'conda-froge.yml', kind: 'typo', expect: page('/docs/maintainer/conda_forge_yml/')},
  {query: 'glosary', kind: 'typo', expect: page('/docs/glossary/')},
  {query: 'feedstcok token', kind: 'typo', expect: page(KB, '/docs/maintainer/infrastructure/')},

  // Synonyms.
  {
    query: 'apple silicon',
    kind: 'synonym',
    expect: page('/docs/how-to/advanced/enable-archs/', KB, '/docs/user/tipsandtricks/'),
  },
  {query: 'm1', kind: 'synonym', expect: page('/docs/how-to/advanced/enable-archs/', KB, '/docs/user/tipsandtricks/')},
  {query: 'nvidia gpu', kind: 'synonym', expect: page(KB, '/docs/user/tipsandtricks/')},
  {query: 'gpu', kind: 'synonym', expect: page(KB, '/docs/user/tipsandtricks/')},
  {query: 'aarch64', kind: 'synonym', expect: page('/docs/how-to/advanced/enable-archs/')},
  {query: 'powerpc', kind: 'synonym', expect: page('/docs/how-to/advanced/enable-archs/')},
  {
    query: 'new package',
    kind: 'synonym',
    expect: page('/docs/maintainer/understanding_conda_forge/staged_recipes/', '/docs/maintainer/adding_pkgs/'),
  },
  {query: 'chat', kind: 'synonym', expect: page('/docs/user/how_to_get_help/', '/community/getting-in-touch/')},
  {query: 'delete package', kind: 'synonym', expect: page('/docs/how-to/emergencies/remove-broken-packages/')},
  {query: 'mac sdk', kind: 'synonym', expect: page(KB)},

  // Package names.
  {query: 'numpy', kind: 'package', expect: pkg('numpy')},
  {query: 'libarrow', kind: 'package', expect: pkg('libarrow')},
  {query: 'pyarrow', kind: 'package', expect: pkg('pyarrow')},
  {query: 'scipy', kind: 'package', expect: pkg('scipy')},
  {query: 'rattler-build', kind: 'package', expect: pkg('rattler-build')},
  {query: 'pytorch', kind: 'package', expect: pkg('pytorch')},
  {query: 'xarr', kind: 'package', expect: pkg('xarray')},

  // Names of sections and pages.
  {query: 'how-to guides', kind: 'section', expect: page('/docs/how-to/')},
  {query: 'tutorials', kind: 'section', expect: page('/docs/tutorials/')},
  {query: 'maintainer documentation', kind: 'section', expect: page('/docs/maintainer/')},
  {query: 'knowledge base', kind: 'section', expect: page(KB)},
  {query: 'infrastructure', kind: 'section', expect: page('/docs/maintainer/infrastructure/')},
  {query: 'tips and tricks', kind: 'section', expect: page('/docs/user/tipsandtricks/')},
  {query: 'meeting minutes', kind: 'section', expect: page('/community/minutes/')},
  {query: 'code of conduct', kind: 'section', expect: page('/community/code-of-conduct/')},

  // People's phrasing of what the docs explain.
  {query: 'transitioning from defaults', kind: 'phrasing', expect: page('/docs/user/transitioning_from_defaults/')},
  {
    query: 'update a dependency in published packages',
    kind: 'phrasing',
    expect: page('/docs/how-to/emergencies/update-a-dependency-in-published-packages/'),
  },
  {query: 'fix a packaging error', kind: 'phrasing', expect: page('/docs/how-to/emergencies/fix-a-packaging-error/')},
  {query: 'talk to the bots', kind: 'phrasing', expect: page('/docs/how-to/advanced/talk-to-the-bots/')},
  {query: 'write my first recipe', kind: 'phrasing', expect: page('/docs/tutorials/first-recipe/')},
  {query: 'rust recipe example', kind: 'phrasing', expect: page('/docs/maintainer/example_recipes/rust/')},
  {query: 'using multiple channels', kind: 'phrasing', expect: page('/docs/user/tipsandtricks/')},
  {query: 'install packages from conda-forge', kind: 'phrasing', expect: page('/docs/user/introduction/')},
  {
    query: 'become a maintainer',
    kind: 'phrasing',
    expect: page('/docs/maintainer/guidelines/', '/docs/maintainer/maintainer_faq/'),
  },
  {query: 'abandoned feedstock', kind: 'phrasing', expect: page('/docs/maintainer/maintainer_faq/')},
];
