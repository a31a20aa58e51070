import js from '@eslint/js';
import unicorn from 'eslint-plugin-unicorn';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
);
