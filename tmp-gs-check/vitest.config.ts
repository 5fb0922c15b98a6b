import { defineConfig } from 'vitest/config';
export default defineConfig({ test: { include: ['tmp-gs-check/a.test.ts'], globalSetup: ['tmp-gs-check/gs.ts'] } });
