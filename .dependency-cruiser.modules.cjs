/**
 * The module-cycle law (second pass of npm run lint:deps): modules depend on each other in one
 * direction only. The graph keeps only the files of packages/server/src/modules, so a folder
 * cycle here is one between modules; on the whole tree every folder would also meet the app's
 * root files (deps.ts, errors.ts) and seem to form a cycle with them. Options are the main
 * config's.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS config reading the main one
const main = require('./.dependency-cruiser.cjs');

const MODULES = '^packages/server/src/modules/';

module.exports = {
  forbidden: [
    {
      name: 'server-no-module-cycle',
      comment:
        'Modules depend on each other in one direction only (chats → safety, never back): ' +
        'break a cycle by moving the shared piece down or passing a function in Deps.',
      severity: 'error',
      scope: 'folder',
      from: { path: `${MODULES}[^/]+$` },
      to: { circular: true },
    },
  ],
  options: { ...main.options, includeOnly: MODULES },
};
