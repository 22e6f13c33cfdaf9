/**
 * ESLint (flat config) with typescript-eslint using type information. Layering and cycles are
 * dependency-cruiser's job (.dependency-cruiser.cjs); these rules catch what needs types: promises
 * nobody awaits or handles, promises passed where a void callback is expected, and `any`.
 * The renderer additionally may not import Node built-ins, electron or main (a second line of
 * defence next to dependency-cruiser, reported in the editor). Its components are checked with
 * eslint-plugin-jsx-a11y's recommended rules (the axe scans in e2e check what the page renders;
 * these catch the markup mistakes before it runs).
 */
import jsxA11y from 'eslint-plugin-jsx-a11y';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'resources/**'] },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Scrolling logs and regions must take keyboard focus to be scrolled without a mouse (axe:
      // scrollable-region-focusable); they are not interactive otherwise.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'log', 'region'], allowExpressionValues: true }],
      // NumberInput renders a labelled <input>; a label's text may sit a few elements deep.
      'jsx-a11y/label-has-associated-control': ['error', { controlComponents: ['NumberInput'], depth: 4 }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^node:', message: 'The renderer runs in a browser window: no Node built-ins.' },
            { regex: '^electron$', message: 'Only src/main/index.ts imports electron; the renderer talks through the IPC contract.' },
            { regex: '(^|/)main/', message: 'The renderer reaches main only through the IPC contract (src/shared/contract*).' },
          ],
        },
      ],
    },
  },
);
