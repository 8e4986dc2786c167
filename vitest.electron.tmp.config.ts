import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['src-main/electron/**/*.test.ts', 'src-preload/**/*.test.ts'] } });
