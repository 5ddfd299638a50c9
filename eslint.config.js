// One linter for the whole tree. Besides the usual rules it guards the architecture of ARCHITECTURE.md:
// core imports nothing of ours, web never imports server, nothing in web imports the frame (web/app), screens
// never fetch or start workers.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/web/**', '**/server/**', 'node:*'],
              message: 'core/ is pure: no web, server or Node APIs.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/app/**', 'web/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'web/ never imports server/.' },
            {
              group: ['**/app/**', '../app', './app'],
              message: 'web/app is only the frame: nothing below it imports it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}', 'web/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], message: 'web/ never imports server/.' }] },
      ],
    },
  },
  {
    files: ['web/screens/**/*.{ts,tsx}', 'web/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Screens dispatch; HTTP lives in web/api.' },
        { name: 'Worker', message: 'Screens never start workers; use web/engine.' },
      ],
    },
  },
);
