import js from '@eslint/js';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import logWriters from './scripts/lint/log-writers.js';

// Import direction, feature boundaries and cycles are checked by dependency-cruiser
// (.dependency-cruiser.cjs), which `npm run lint` runs after ESLint.
export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.e2e-data*/', 'data/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { unicorn },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // kebab-case, with dotted roles such as users.routes.ts.
      'unicorn/filename-case': ['error', { case: 'kebabCase' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  { files: ['src/web/**'], languageOptions: { globals: { ...globals.browser } } },
  // The audit trail and the system log each have one writer (scripts/lint/log-writers.js). Tests
  // set up and tamper with both on purpose; the bench's seed and its floor write plain statements
  // by definition (docs/benchmarks.md).
  {
    plugins: { house: logWriters },
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.test-support.ts', 'tests/**', 'scripts/bench/**'],
    rules: { 'house/one-writer-per-log': 'error' },
  },
  { files: ['src/server/lib/audit.ts'], rules: { 'house/one-writer-per-log': ['error', { allow: ['audit_events'] }] } },
  { files: ['src/server/lib/system-log.ts'], rules: { 'house/one-writer-per-log': ['error', { allow: ['system_logs'] }] } },
);
