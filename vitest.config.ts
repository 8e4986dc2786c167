import { defineConfig } from 'vitest/config';

// Unit and integration tests: pure shared code, the core against real SQLite files and a
// real platform server, and server routes against an embedded PostgreSQL that the global
// setup starts once per run (each test file gets its own database).
export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'src-main/**/*.test.ts',
      'src-server/**/*.test.ts',
      'src-preload/**/*.test.ts',
      'src-renderer/**/*.test.{ts,tsx}',
      'tests/lint/**/*.test.ts',
    ],
    globalSetup: ['src-server/testing/global-setup.ts'],
    setupFiles: ['src-renderer/testing/setup-async-timeouts.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
