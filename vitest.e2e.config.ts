import { defineConfig } from 'vitest/config';

// End-to-end tests: a real Chromium (playwright-core) drives the browser host, which runs
// the core and its own embedded platform server, exactly as `npm run start:web` does. Tests
// that read what the platform sends (the received email) start a platform of their own on
// the embedded PostgreSQL the global setup starts, as the unit tests do.
export default defineConfig({
  test: {
    include: ['tests/e2e/**/*.e2e.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    globalSetup: ['src-server/testing/global-setup.ts'],
  },
});
