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
    // A screen waits on the network and, on a loaded CI machine, on a slow CPU: vitest's 1 s
    // default for expect.poll failed a balance that showed a moment later. Playwright's own
    // waits use 10 s (support/browser.ts); polls get the same.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
