import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tsbuild/**',
      'server/src/generated/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/artifacts/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: {
        // Root config files sit outside any build's tsconfig.
        projectService: { allowDefaultProject: ['*.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // ARCHITECTURE §2: the hub reaches the provider only over HTTP through server/src/provider.
    files: ['server/src/**/*.ts'],
    // The module root and the demo seed are the two places that assemble both sides.
    ignores: ['server/src/builtin-provider/**', 'server/src/app.module.ts', 'server/src/seed/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/builtin-provider/**', '**/builtin-provider'],
              message: 'Hub code never imports the built-in provider.',
            },
            {
              group: ['**/generated/provider/**', '**/generated/provider'],
              message: 'The provider database belongs to the built-in provider.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/builtin-provider/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/generated/hub/**', '**/generated/hub'],
              message: 'The provider never reads the hub database.',
            },
          ],
        },
      ],
    },
  },
);
