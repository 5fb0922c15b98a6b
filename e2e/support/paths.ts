/** Where things are, for the e2e harness and the process tests. */
import path from 'node:path';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_DIST = path.join(REPO_ROOT, 'packages/web/dist');
/** Screenshots of failed flows and the server log (git-ignored). */
export const RESULTS_DIR = path.join(REPO_ROOT, 'test-results');
