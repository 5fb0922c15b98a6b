import { defineConfig } from 'vitest/config';

// Browser flows (npm run test:e2e): one server process for the run (global setup), one spec file
// at a time in a single worker, each with its own Chromium.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    setupFiles: ['e2e/support/setup.ts'],
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
  },
});
