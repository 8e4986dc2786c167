import { defineConfig } from 'vitest/config';

// Unit and integration tests: pure shared code, the core against real SQLite files and a
// real platform server, and server routes against an embedded PostgreSQL that the global
// setup starts once per run (each test file gets its own database).
//
// Test files run in a fresh module registry each (isolation) only where they need one: the
// renderer's, whose screens share a DOM, Mantine and the RTK store. The shared code, the
// core and the platform keep no module-level state (each test opens its own core, platform
// and database), so their files share a worker's loaded modules: importing them again for
// each of ~280 files cost about a third of the run.
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['shared/**/*.test.ts', 'tests/lint/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'core and platform',
          include: ['src-main/**/*.test.ts', 'src-server/**/*.test.ts', 'src-preload/**/*.test.ts'],
          globalSetup: ['src-server/testing/global-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['src-renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src-renderer/testing/setup-async-timeouts.ts'],
        },
      },
    ],
  },
});
