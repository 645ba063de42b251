// @ts-check
/**
 * Lint rules for the site's code (`npm run lint`, also part of `npm test`): typescript-eslint's
 * recommended rules, the rules of hooks with exhaustive dependencies, and jsx-a11y's recommended
 * accessibility checks. Formatting is Prettier's job (`npm run format`), not the linter's.
 */
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

export default tseslint.config(
  {ignores: ['build/', '.docusaurus/', 'reports/', 'node_modules/', 'static/', '.tmp/']},
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    languageOptions: {globals: {...globals.browser, ...globals.node}},
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true},
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    files: ['src/**/*.{ts,tsx}', 'plugins/**/*.{ts,tsx}'],
    plugins: {'react-hooks': reactHooks},
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useRemoteData(load, deps) takes its dependencies as useEffect does: checked the same way.
      'react-hooks/exhaustive-deps': ['error', {additionalHooks: '^useRemoteData$'}],
    },
  },
  {
    files: ['src/**/*.tsx', 'plugins/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable region must be reachable by keyboard (axe: scrollable-region-focusable): a
      // labelled role="region" with tabIndex={0} is the pattern, so that role may take focus.
      'jsx-a11y/no-noninteractive-tabindex': ['error', {roles: ['tabpanel', 'region'], tags: []}],
    },
  },
  {
    // The migration graph's viewport is a widget of its own (arrow keys and dragging pan, + and −
    // zoom, 0 resets) for which ARIA has no role; it is a focusable, labelled, described group.
    // tests/e2e/live.test.ts drives it by keyboard.
    files: ['src/pages/status/migration/_components/MigrationGraph/index.tsx'],
    rules: {
      'jsx-a11y/no-noninteractive-tabindex': 'off',
      'jsx-a11y/no-noninteractive-element-interactions': 'off',
    },
  },
);
