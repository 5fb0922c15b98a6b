/** Where things are, for the e2e harness and the process tests. */
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The built app the e2e server serves; E2E_WEB_DIST points elsewhere (e.g. a private build). */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(REPO_ROOT, 'packages/web/dist');
/** Screenshots of failed flows and the server log (git-ignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
