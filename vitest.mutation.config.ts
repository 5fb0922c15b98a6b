import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Mutation testing (scripts/mutation.mjs): Stryker runs Vitest in a copy of the repository,
// where node_modules is linked to the original. `@app/shared` is pointed at the copy's own
// source so that mutants of shared rules reach the server tests that import them.
export default defineConfig({
  resolve: {
    alias: {
      '@app/shared': fileURLToPath(new URL('./packages/shared/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    setupFiles: ['./vitest.mutation.setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
