// Lint rules for the whole workspace. Project tags (project.json) and the boundaries below keep the
// dependency rules of the architecture: shared-domain depends on nothing of ours, remotes never import
// each other, the host reaches remotes only at run time.
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '.nx/**',
      'backend/drizzle/**',
      'shared-state/src/generated/**',
      'e2e/artifacts/**',
      // Builds kept to measure against (npm run lighthouse -- --keep) and what measured them.
      '.measure/**',
      '**/coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@nx/enforce-module-boundaries': [
        'error',
        {
          // The one home of the Chromium path and flags, shared by the journeys and scripts/size.mjs.
          allow: ['../tools/chromium.mjs'],
          depConstraints: [
            { sourceTag: 'scope:shared-domain', onlyDependOnLibsWithTags: [] },
            { sourceTag: 'scope:shared-ui', onlyDependOnLibsWithTags: ['scope:shared-domain'] },
            { sourceTag: 'scope:shared-state', onlyDependOnLibsWithTags: ['scope:shared-domain'] },
            { sourceTag: 'scope:backend', onlyDependOnLibsWithTags: ['scope:shared-domain'] },
            {
              sourceTag: 'scope:host',
              onlyDependOnLibsWithTags: ['scope:shared-state', 'scope:shared-ui', 'scope:shared-domain'],
            },
            {
              sourceTag: 'scope:storefront',
              onlyDependOnLibsWithTags: ['scope:shared-state', 'scope:shared-ui', 'scope:shared-domain'],
            },
            {
              sourceTag: 'scope:seller',
              onlyDependOnLibsWithTags: ['scope:shared-state', 'scope:shared-ui', 'scope:shared-domain'],
            },
            { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: [] },
          ],
        },
      ],
    },
  },
  {
    // A focused test silently skips the rest of its file (and a skipped one is a test that never runs).
    files: ['**/*.spec.{ts,tsx}', 'e2e/**/*.ts', 'backend/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['only', 'skip'].map((method) => ({
          selector: `CallExpression > MemberExpression.callee[object.name=/^(it|test|describe)$/][property.name='${method}']`,
          message: `No .${method}(): every test runs in CI.`,
        })),
        {
          selector: "CallExpression > Identifier.callee[name=/^(fit|fdescribe|xit|xdescribe|xtest)$/]",
          message: 'No focused or skipped tests: every test runs in CI.',
        },
      ],
    },
  },
  {
    files: ['shared-domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-*', '@nestjs/*', '@reduxjs/*', 'drizzle-orm', 'drizzle-orm/*'] },
      ],
    },
  },
  {
    files: ['**/*.tsx', 'shared-state/**/*.ts', 'shared-ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        Buffer: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
