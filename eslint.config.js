import path from 'node:path';
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

/**
 * Feature boundaries: a file of src/{server,web}/features/<name>/ imports another feature only
 * through that feature's index (its public surface), never its internals.
 */
const featureBoundaries = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const own = /[\\/]src[\\/](server|web)[\\/]features[\\/]([^\\/]+)[\\/]/.exec(context.filename);
    if (!own) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(context.filename), source);
      const other = /[\\/]src[\\/](server|web)[\\/]features[\\/]([^\\/]+)[\\/](.+)$/.exec(target);
      if (!other || other[2] === own[2]) return;
      if (/^index\.tsx?$/.test(other[3])) return;
      context.report({ node: node.source, message: `Feature "${own[2]}" reaches into feature "${other[2]}": import from its index.ts, or move what both need to a shared place.` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

const restrict = (patterns) => ['error', { patterns }];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.e2e-data*/', 'data/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { local: { rules: { 'kebab-case': kebabCase, 'feature-boundaries': featureBoundaries } } },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'local/kebab-case': 'error',
      'local/feature-boundaries': 'error',
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
  // Emulators are wired only by sandbox mode and tests (and their *.test-support.ts helpers), never imported by features.
  {
    files: ['src/server/features/**'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/emulators/**'], message: 'Features use connectors; only sandbox wiring and tests import emulators.' },
        { group: ['**/web/**', 'react', 'react-dom'], message: 'The server never imports web code; use src/shared.' },
      ]),
    },
  },
);
