import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** File names are kebab-case (with dotted roles such as users.routes.ts). */
const kebabCase = {
  meta: { type: 'suggestion', schema: [] },
  create(context) {
    const name = context.filename.split(/[\\/]/).pop() ?? '';
    if (!/^[a-z0-9]+(?:[-.][a-z0-9]+)*\.(?:ts|tsx|js|mjs)$/.test(name)) {
      context.report({ loc: { line: 1, column: 0 }, message: `File name "${name}" must be kebab-case.` });
    }
    return {};
  },
};

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.e2e-data*/', 'data/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'kebab-case': kebabCase } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/kebab-case': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  // Import direction: web and server import shared, never each other; shared imports neither.
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': restrict([{ group: ['#server/*', '**/server/**'], message: 'The web app never imports server code; use src/shared.' }]) },
  },
  {
    files: ['src/server/**'],
    rules: { 'no-restricted-imports': restrict([{ group: ['**/web/**', 'react', 'react-dom'], message: 'The server never imports web code; use src/shared.' }]) },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['#server/*', '**/server/**', '**/web/**'], message: 'src/shared imports neither server nor web code.' },
        { group: ['node:*', 'fs', 'path', 'react', 'react-dom'], message: 'src/shared runs in both Node and the browser: no Node or DOM modules.' },
      ]),
    },
  },
  // Emulators are wired only by sandbox mode and tests, never imported by features.
  {
    files: ['src/server/features/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/emulators/**'], message: 'Features use connectors; only sandbox wiring and tests import emulators.' },
        { group: ['**/web/**', 'react', 'react-dom'], message: 'The server never imports web code; use src/shared.' },
      ]),
    },
  },
);
