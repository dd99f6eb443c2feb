// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/** Dependencies flow one way: shared <- src-*; no src-* folder imports another (docs/architecture.md). */
const boundaries = (/** @type {string[]} */ forbidden, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [group], message: why })) },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'test-results',
      'playwright-report',
      'bench-results',
      'src-web/public/img',
      // What npm run functions:build writes for the deploy.
      'functions/lib',
      'functions/node_modules',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules on all product code: a promise nobody awaits or catches loses its
    // error (a message that silently fails to send), and one passed where a void callback
    // is expected (an event handler, a timer) does the same.
    files: [
      'src-web/**/*.{ts,tsx}',
      'src-server/**/*.ts',
      'src-electron/**/*.{ts,tsx}',
      'shared/**/*.ts',
      'functions/src/**/*.ts',
      'scripts/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: [
      'src-web/**/*.{ts,tsx}',
      'src-electron/renderer/**/*.{ts,tsx}',
      'tests/web/**/*.{ts,tsx}',
    ],
    ...reactHooks.configs.flat['recommended-latest'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src-web/**/*.tsx', 'src-electron/renderer/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['shared/**/*.ts'],
    rules: boundaries(
      ['node:*', 'react', 'react-dom', 'electron', '**/src-*/**', 'src-*/**', 'fastify'],
      'shared/ is platform-free: no Node, React, Electron or src-* imports (docs/architecture.md).',
    ),
  },
  {
    files: ['src-web/**/*.{ts,tsx}'],
    rules: boundaries(
      ['**/src-server/**', '**/src-electron/**', 'node:*', 'electron'],
      'src-web only imports shared/ (docs/architecture.md).',
    ),
  },
  {
    files: ['src-server/**/*.ts'],
    rules: boundaries(
      ['**/src-web/**', '**/src-electron/**', 'react', 'react-dom'],
      'src-server only imports shared/ (docs/architecture.md).',
    ),
  },
  {
    files: ['src-electron/main/**/*.ts', 'src-electron/preload/**/*.ts'],
    rules: boundaries(
      ['**/src-web/**', '**/src-server/**'],
      'The Electron main and preload only import shared/ (docs/architecture.md).',
    ),
  },
  {
    files: ['src-electron/renderer/**/*.{ts,tsx}'],
    rules: boundaries(
      ['**/src-server/**', 'electron', 'node:*'],
      'The renderer mounts src-web screens and talks through the preload API only (docs/architecture.md).',
    ),
  },
  prettier,
);
