import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

/**
 * Sidebars of the docs instance (/docs/).
 * - `docs`: the classic tree of user and maintainer documentation.
 * - `diataxis`: the reorganised tree (tutorials, how-to guides, explanation, reference). Pages
 *   whose home is the `docs` sidebar appear here as `ref` items.
 */
const sidebars: SidebarsConfig = {
  docs: [
    'index',
    {
      type: 'category',
      label: 'User Documentation',
      link: {type: 'doc', id: 'user/index'},
      items: [
        'user/introduction',
        'user/tipsandtricks',
        'user/ci-skeleton',
        'user/transitioning_from_defaults',
        'user/faq',
        'user/contributing',
        'user/how_to_get_help',
        'user/talks',
      ],
    },
    {
      type: 'category',
      label: 'Maintainer Documentation',
      link: {type: 'doc', id: 'maintainer/index'},
      items: [
        'maintainer/infrastructure',
        'maintainer/guidelines',
        'maintainer/adding_pkgs',
        'maintainer/updating_pkgs',
        'maintainer/pinning_deps',
        'maintainer/conda_forge_yml',
        'maintainer/knowledge_base',
        'maintainer/maintainer_faq',
        {
          type: 'category',
          label: 'Understanding conda-forge',
          link: {type: 'doc', id: 'maintainer/understanding_conda_forge/index'},
          items: [
            'maintainer/understanding_conda_forge/life_cycle',
            'maintainer/understanding_conda_forge/staged_recipes',
            'maintainer/understanding_conda_forge/feedstocks',
          ],
        },
        {
          type: 'category',
          label: 'Example recipes',
          link: {type: 'doc', id: 'maintainer/example_recipes/index'},
          items: ['maintainer/example_recipes/go', 'maintainer/example_recipes/rust'],
        },
      ],
    },
    'glossary',
  ],
  diataxis: [
    'diataxis',
    {
      type: 'category',
      label: 'End-user guide',
      collapsed: true,
      items: [
        {type: 'ref', id: 'user/introduction'},
        {type: 'link', label: 'Miniforge', href: '/download/'},
        {type: 'ref', id: 'user/how_to_get_help', label: 'Get help'},
        {type: 'ref', id: 'user/contributing', label: 'Get involved'},
        {type: 'link', label: 'Become a maintainer', href: '/docs/maintainer/guidelines/#becoming-a-maintainer'},
      ],
    },
    {type: 'html', value: 'For maintainers:', className: 'sidebar-separator', defaultStyle: true},
    {
      type: 'category',
      label: 'Tutorials',
      link: {type: 'doc', id: 'tutorials/index'},
      items: ['tutorials/first-recipe'],
    },
    {
      type: 'category',
      label: 'How-to guides',
      link: {type: 'doc', id: 'how-to/index'},
      items: [
        {
          type: 'category',
          label: 'Basics',
          link: {type: 'doc', id: 'how-to/basics/index'},
          items: ['how-to/basics/rerender', 'how-to/basics/fork-sync', 'how-to/basics/populate-dependencies'],
        },
        {
          type: 'category',
          label: 'Advanced',
          link: {type: 'doc', id: 'how-to/advanced/index'},
          items: [
            'how-to/advanced/enable-archs',
            'how-to/advanced/talk-to-the-bots',
            'how-to/advanced/cross-compilation',
            {type: 'link', label: 'Enable CUDA', href: '/docs/maintainer/knowledge_base/#cuda-builds'},
            {
              type: 'link',
              label: 'Create multi-output recipes',
              href: '/docs/maintainer/knowledge_base/#multi-output-recipes',
            },
            'how-to/advanced/several-versions',
          ],
        },
        {
          type: 'category',
          label: 'Emergencies',
          link: {type: 'doc', id: 'how-to/emergencies/index'},
          items: [
            {
              type: 'link',
              label: 'Patch repodata',
              href: 'https://github.com/conda-forge/conda-forge-repodata-patches-feedstock',
            },
            'how-to/emergencies/remove-broken-packages',
            'how-to/emergencies/fix-a-security-vulnerability',
            'how-to/emergencies/fix-a-packaging-error',
            'how-to/emergencies/update-a-dependency-in-published-packages',
          ],
        },
      ],
    },
    {
      type: 'category',
      label: 'Understanding conda-forge',
      collapsed: true,
      items: [
        {type: 'ref', id: 'maintainer/understanding_conda_forge/life_cycle'},
        {type: 'ref', id: 'maintainer/understanding_conda_forge/staged_recipes'},
        {type: 'ref', id: 'maintainer/understanding_conda_forge/feedstocks'},
      ],
    },
    {
      type: 'category',
      label: 'Reference',
      collapsed: true,
      items: [
        {type: 'ref', id: 'maintainer/infrastructure'},
        {type: 'ref', id: 'maintainer/conda_forge_yml'},
        {
          type: 'link',
          label: 'Current pins',
          href: 'https://github.com/conda-forge/conda-forge-pinning-feedstock/blob/main/recipe/conda_build_config.yaml',
        },
        {type: 'link', label: 'Ongoing migrations', href: '/status/#migrations'},
        {type: 'ref', id: 'glossary'},
      ],
    },
  ],
};

export default sidebars;
