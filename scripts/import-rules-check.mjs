/**
 * Proves that the import laws in .dependency-cruiser.cjs still bite: cruises a small throwaway
 * tree with one violation per rule (and a few allowed imports) and fails unless every rule
 * reports exactly what it should, with both configs (files and rooms; module cycles). Run by
 * `npm run lint:deps` after the real checks.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const depcruise = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const W = 'packages/web/src';
const M = 'packages/server/src/modules';

/** The throwaway tree: path → source. */
const files = {
  [`${W}/features/a/A.ts`]: 'export const a = 1;\n',
  [`${W}/features/a/index.ts`]: "export { a } from './A';\n",
  [`${W}/features/b/deep.ts`]: "import { a } from '../a/A';\nexport const b = a;\n",
  [`${W}/features/b/door.ts`]:
    "import { a } from '../a';\nimport { u } from '../../ui/u';\nexport const d = a + u;\n",
  [`${W}/api/x.ts`]: "import { a } from '../features/a';\nexport const x = a;\n",
  [`${W}/components/c.ts`]: "import { a } from '../features/a/A';\nexport const c = a;\n",
  [`${W}/realtime/r.ts`]: "export const r = () => import('../features/a/A');\n",
  [`${W}/lib/l.ts`]: "import type { a } from '../features/a/A';\nexport type L = typeof a;\n",
  [`${W}/ui/u.ts`]: "import { a } from '../features/a/A';\nexport const u = a;\n",
  [`${W}/ui/v.ts`]: "import { y } from '../api/y';\nexport const v = y;\n",
  [`${W}/api/y.ts`]: 'export const y = 1;\n',
  [`${W}/api/call.ts`]: 'export const call = () => 1;\n',
  [`${W}/api/transport.ts`]: 'export const api = () => 1;\n',
  [`${W}/api/named.ts`]: "import { call } from './call';\nexport const named = call;\n",
  [`${W}/features/a/calls.ts`]: "import { call } from '../../api/call';\nexport const k = call;\n",
  [`${W}/lib/raw.ts`]: "import { api } from '../api/transport';\nexport const t = api;\n",
  [`${W}/lib/named.ts`]: "import { named } from '../api/named';\nexport const n = named;\n",
  [`${W}/lib/c1.ts`]: "import { c2 } from './c2';\nexport const c1 = () => c2;\n",
  [`${W}/lib/c2.ts`]: "import { c1 } from './c1';\nexport const c2 = () => c1;\n",
  'packages/shared/src/s1.ts': "import { s2 } from './s2.js';\nexport const s1 = () => s2;\n",
  'packages/shared/src/s2.ts': "import { s1 } from './s1.js';\nexport const s2 = () => s1;\n",
  'packages/server/src/v1.ts': "import { v2 } from './v2.js';\nexport const v1 = () => v2;\n",
  'packages/server/src/v2.ts': "import { v1 } from './v1.js';\nexport const v2 = () => v1;\n",
  'bench/b1.ts': "import type { B2 } from './b2.js';\nexport type B1 = B2;\n",
  'bench/b2.ts': "import type { B1 } from './b1.js';\nexport type B2 = B1 | 1;\n",
  // Server modules: a door, a deep import, an outsider going deep, infrastructure reaching a
  // module, and a cycle between two module folders with no cycle between files (c/x → d → c/z).
  [`${M}/a/a.ts`]: 'export const a = 1;\n',
  [`${M}/a/index.ts`]: "export { a } from './a.js';\n",
  [`${M}/b/deep.ts`]: "import { a } from '../a/a.js';\nexport const b = a;\n",
  [`${M}/b/door.ts`]: "import { a } from '../a/index.js';\nexport const d = a;\n",
  'packages/server/src/main.ts': "import { a } from './modules/a/a.js';\nexport const m = a;\n",
  'packages/server/src/routes.ts':
    "import { a } from './modules/a/index.js';\nexport const r = a;\n",
  'packages/server/src/http/h.ts':
    "import { a } from '../modules/a/index.js';\nexport const h = a;\n",
  'packages/server/src/db/seed/s.ts':
    "import { a } from '../../modules/a/index.js';\nexport const s = a;\n",
  [`${M}/c/z.ts`]: 'export const z = 1;\n',
  [`${M}/c/index.ts`]: "export { z } from './z.js';\n",
  [`${M}/c/x.ts`]: "import { y } from '../d/index.js';\nexport const x = y;\n",
  [`${M}/d/index.ts`]: "export { y } from './y.js';\n",
  [`${M}/d/y.ts`]: "import { z } from '../c/index.js';\nexport const y = z;\n",
};

/** What must be reported: rule name → the offending file or cycle folder. Nothing else may be. */
const expected = [
  ['web-feature-through-index', `${W}/features/b/deep.ts`],
  ['web-api-not-to-features', `${W}/api/x.ts`],
  ['web-components-not-to-features', `${W}/components/c.ts`],
  ['web-realtime-not-to-features', `${W}/realtime/r.ts`],
  ['web-lib-not-to-features', `${W}/lib/l.ts`],
  ['web-ui-not-to-features', `${W}/ui/u.ts`],
  ['web-ui-not-to-api', `${W}/ui/v.ts`],
  ['web-server-calls-in-api', `${W}/features/a/calls.ts`],
  ['web-server-calls-in-api', `${W}/lib/raw.ts`],
  ['no-circular-web', `${W}/lib`],
  ['no-circular-shared', 'packages/shared/src'],
  ['no-circular-server', 'packages/server/src'],
  ['no-circular-bench', 'bench'],
  ['server-module-through-index', `${M}/b/deep.ts`],
  ['server-outside-through-index', 'packages/server/src/main.ts'],
  ['server-infrastructure-not-to-modules', 'packages/server/src/http/h.ts'],
  ['server-no-module-cycle', `${M}/c`],
  ['server-no-module-cycle', `${M}/d`],
].map(([rule, from]) => `${rule}: ${from}`);

/** One line per violation; a cycle is named by its folder (it is reported from either end). */
const lineOf = ({ rule, from }) =>
  `${rule.name}: ${rule.name.startsWith('no-circular') ? dirname(from) : from}`;

/** The violations dependency-cruiser reports on the throwaway tree with one of our configs. */
function violationsOf(dir, config) {
  const run = spawnSync(
    process.execPath,
    [depcruise, 'packages', 'bench', '--config', join(root, config), '-T', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser did not run:\n${run.stderr}`);
  return JSON.parse(run.stdout).summary.violations;
}

const dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
try {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, 'tsconfig.base.json'), '{ "compilerOptions": { "strict": true } }\n');
  const got = [
    ...new Set(
      ['.dependency-cruiser.cjs', '.dependency-cruiser.modules.cjs'].flatMap((config) =>
        violationsOf(dir, config).map(lineOf),
      ),
    ),
  ];
  const missing = expected.filter((e) => !got.includes(e));
  const extra = got.filter((g) => !expected.includes(g));
  if (missing.length || extra.length) {
    console.error('The import rules no longer report what they should.');
    for (const m of missing) console.error(`  not reported: ${m}`);
    for (const e of extra) console.error(`  reported by mistake: ${e}`);
    process.exitCode = 1;
  } else {
    console.log(`✔ import rules: each of ${expected.length} planted violations is caught`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
