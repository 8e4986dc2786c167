import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer built for the browser host (and the end-to-end tests). The Electron build
// of the same renderer is configured in electron.vite.config.ts.
export default defineConfig({
  root: resolve(import.meta.dirname, 'src-renderer'),
  base: '/',
  plugins: [react()],
  build: {
    outDir: resolve(import.meta.dirname, 'out/web'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
  },
});
