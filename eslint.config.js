// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

/**
 * Dependencies flow one way: shared <- src-* and functions; no src-* folder imports another;
 * shared/node (the Node-only transports) is for the server and the Cloud Function only
 * (docs/architecture.md).
 */
const boundaries = (/** @type {string[]} */ forbidden, /** @type {string} */ why) => ({
  'no-restricted-imports': [
    'error',
    { patterns: forbidden.map((group) => ({ group: [group], message: why })) },
  ],
});

/** What no code of src-web may import, whichever of its two apps it belongs to. */
const WEB_FORBIDDEN = [
  '**/src-server/**',
  '**/src-electron/**',
  '**/shared/node/**',
  'node:*',
  'electron',
];

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
    ignores: ['shared/node/**'],
    rules: boundaries(
      [
        'node:*',
        'react',
        'react-dom',
        'electron',
        '**/src-*/**',
        'src-*/**',
        '**/functions/**',
        'fastify',
        'nodemailer',
        'web-push',
        '**/node/**',
      ],
      'shared/ is platform-free: no Node, React, Electron, src-* or shared/node imports (docs/architecture.md).',
    ),
  },
  {
    files: ['shared/node/**/*.ts'],
    rules: boundaries(
      ['react', 'react-dom', 'electron', '**/src-*/**', 'src-*/**', '**/functions/**', 'fastify'],
      'shared/node/ holds the Node transports of the server and the Cloud Function: shared/ and Node only (docs/architecture.md).',
    ),
  },
  {
    files: ['functions/**/*.ts'],
    ignores: ['functions/test/**'],
    rules: boundaries(
      ['**/src-*/**', 'src-*/**', '**/tests/**', 'react', 'react-dom', 'electron', 'fastify'],
      'functions/ only imports shared/ (shared/node for its transports) and its own packages: Firebase deploys it alone (docs/architecture.md).',
    ),
  },
  {
    files: ['functions/test/**/*.ts'],
    rules: boundaries(
      ['**/src-*/**', 'src-*/**'],
      "The function's tests use shared/ and the test fixtures, never src-* (docs/architecture.md).",
    ),
  },
  {
    files: ['src-web/**/*.{ts,tsx}'],
    rules: boundaries(
      WEB_FORBIDDEN,
      'src-web only imports shared/, never shared/node (docs/architecture.md).',
    ),
  },
  {
    // The public site reaches every visitor's phone: nothing of the owner's app may ride along.
    files: ['src-web/site/**/*.{ts,tsx}'],
    rules: boundaries(
      [...WEB_FORBIDDEN, '**/admin/**', '**/prerender/**'],
      'src-web/site (the public site) never imports the owner’s app (src-web/admin) nor the build-time prerender (docs/architecture.md).',
    ),
  },
  {
    files: ['src-web/admin/**/*.{ts,tsx}'],
    rules: boundaries(
      [...WEB_FORBIDDEN, '**/site/**', '**/prerender/**'],
      'src-web/admin (the owner’s app) never imports the public site: what both use lives in src-web’s shared folders (docs/architecture.md).',
    ),
  },
  {
    // What both apps use: components, content, styles, fonts, pictures, the backend choice, lib.
    files: ['src-web/**/*.{ts,tsx}'],
    ignores: ['src-web/site/**', 'src-web/admin/**', 'src-web/prerender/**'],
    rules: boundaries(
      [...WEB_FORBIDDEN, '**/site/**', '**/admin/**', '**/prerender/**'],
      'src-web’s shared folders serve both apps: they import neither src-web/site nor src-web/admin (docs/architecture.md).',
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
      ['**/src-server/**', '**/shared/node/**', 'electron', 'node:*'],
      'The renderer mounts src-web screens and talks through the preload API only (docs/architecture.md).',
    ),
  },
  prettier,
);
