// One lint configuration for every workspace, run once over the whole repository (`npm run lint:code`, decision 0134).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import webLayers from './web/eslint/layers.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/generated/**', '**/node_modules/**', '**/.data/**', '**/.test-results/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@ruedas/*/src/*', '@ruedas/*/src'], message: 'Import a package through its public entry point.' }] },
      ],
    },
  },
  {
    // Issue 15: a reader can hold a server file and a server function (decision 0087).
    files: ['services/*/src/**/*.ts', 'gateway/src/**/*.ts', 'infra/src/**/*.ts'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
  {
    // Issue 34: web/src reads top-down, app → pages → features → shared → base (decisions 0190, 0191).
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { ruedas: webLayers },
    rules: { 'ruedas/layers': 'error', 'ruedas/no-cycle': 'error', 'ruedas/public-page': 'error' },
  },
);
