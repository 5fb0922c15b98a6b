/**
 * The import laws of the repository, checked by `npm run lint:deps` (part of `npm run lint`).
 *
 * Web rooms (packages/web/src): `api/` talks to the server (and it alone), `lib/` holds shared hooks, helpers
 * and the domain rules several rooms use, `ui/` the generic UI pieces (dialogs, sheets, toasts,
 * spinner), `components/` the app's frame (top bar, bottom nav, guards), `realtime/` the socket,
 * `features/<name>/` one screen family each, and `app/` the signed-in shell that puts features
 * together (like `routes.tsx`). Only `features/` and `app/` may reach into `features/`, and a
 * feature reaches another one only through its `index.ts`.
 *
 * Cycles are forbidden between files in each package, and between server modules (folders:
 * `.dependency-cruiser.modules.cjs`).
 */
const WEB = '^packages/web/src/';

/** A rule that forbids any import from web room `from` into web room `to`. */
function forbidWeb(from, to, comment) {
  return {
    name: `web-${from}-not-to-${to}`,
    comment,
    severity: 'error',
    from: { path: `${WEB}${from}/` },
    to: { path: `${WEB}${to}/` },
  };
}

const webRules = [
  forbidWeb('api', 'features', 'The API layer serves the features; shared rules go to lib/.'),
  forbidWeb('components', 'features', 'The app frame stays feature-free; app/ composes features.'),
  forbidWeb(
    'realtime',
    'features',
    'The socket layer stays feature-free; shared rules go to lib/.',
  ),
  forbidWeb('lib', 'features', 'lib/ is shared by every room, so it cannot lean on a feature.'),
  forbidWeb('ui', 'features', 'Generic UI pieces know nothing of a feature.'),
  forbidWeb('ui', 'api', 'Generic UI pieces take data as props; they do not fetch.'),
  {
    name: 'web-server-calls-in-api',
    comment:
      'Only api/ calls the server: elsewhere use a function of api/, never call() or the ' +
      'transport (raw fetch of /api is refused by ESLint, eslint.config.js).',
    severity: 'error',
    from: { path: WEB, pathNot: [`${WEB}api/`, '\\.test\\.tsx?$'] },
    to: { path: `${WEB}api/(call|transport)\\.ts$` },
  },
  {
    name: 'web-feature-through-index',
    comment: "A feature uses another feature only through that feature's index.ts.",
    severity: 'error',
    from: { path: `${WEB}features/([^/]+)/` },
    to: {
      path: `${WEB}features/`,
      pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
    },
  },
];

/** No import cycle between files under `path` (type-only imports included), no exception. */
function noCircular(name, path) {
  return {
    name: `no-circular-${name}`,
    comment: 'Files import each other in one direction only: break the cycle with a new file.',
    severity: 'error',
    from: { path },
    to: { circular: true },
  };
}

const cycleRules = [
  noCircular('web', WEB),
  noCircular('shared', '^packages/shared/src/'),
  noCircular('bench', '^bench/'),
  noCircular('e2e', '^e2e/'),
  noCircular('server', '^packages/server/(src|test)/'),
];

/**
 * Server rooms (packages/server/src): `modules/<name>/` one product domain each, entered only
 * through its `index.ts` (its door); `adapters/`, `auth/`, `db/`, `http/`, `metrics/`,
 * `realtime/` and `security/` the infrastructure every module stands on, which knows no module;
 * the files at the root (`app.ts`, `routes.ts`, `deps.ts`, …) and `cli/` assemble them. The
 * seed (`db/seed/`) builds demo data through the modules' doors, like a command. Tests may
 * reach anything.
 */
const SERVER = '^packages/server/src/';
const MODULES = `${SERVER}modules/`;
const INDEX = `${MODULES}[^/]+/index\\.ts$`;

const serverRules = [
  {
    name: 'server-module-through-index',
    comment: "A module uses another module only through that module's index.ts (its door).",
    severity: 'error',
    from: { path: `${MODULES}([^/]+)/` },
    to: { path: MODULES, pathNot: [`${MODULES}$1/`, INDEX] },
  },
  {
    name: 'server-outside-through-index',
    comment: 'The app, the commands and the seed use a module only through its index.ts.',
    severity: 'error',
    from: { path: SERVER, pathNot: MODULES },
    to: { path: `${MODULES}[^/]+/`, pathNot: INDEX },
  },
  {
    name: 'server-infrastructure-not-to-modules',
    comment:
      'Adapters, auth, db, http, metrics, realtime and security serve every module and know none: ' +
      'what they need of a module is passed in (Deps) or moves down to them.',
    severity: 'error',
    from: {
      path: `${SERVER}(adapters|auth|db|http|metrics|realtime|security)/`,
      pathNot: `${SERVER}db/seed/`,
    },
    to: { path: MODULES },
  },
];

module.exports = {
  forbidden: [...webRules, ...cycleRules, ...serverRules],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
