import { defineConfig } from 'vitest/config';

// Integration tests share one database per file; files run in separate workers. Two projects:
// everything in node, and the web's component tests (*.test.tsx) in a simulated browser page.
// The node project migrates one template database per run, which fresh test databases copy.
export default defineConfig({
  test: {
    // Generous: a file's app opens a fresh PGlite in its beforeAll, which takes a few seconds
    // on an idle 2-core machine and a minute or more when the machine is busy; a hang still ends.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
          setupFiles: ['packages/server/test/setup.ts'],
          globalSetup: ['packages/server/test/template-db.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web-dom',
          include: ['packages/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          // Images load (their size read from the bytes), as the crop editor needs.
          environmentOptions: { happyDOM: { settings: { enableImageFileLoading: true } } },
          setupFiles: ['packages/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
