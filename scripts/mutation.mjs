/**
 * npm run test:mutation [-- --changed <base>] [-- --only <name>[,<name>]] [-- --list]
 *
 * Runs StrykerJS (Vitest runner) once per rule module of scripts/mutation-modules.mjs, so each
 * module gets its own score, then prints a table of scores and run times. With --changed, only
 * the modules whose mutated or test files differ from <base> run (none: it says so and exits 0).
 * --list prints the modules that would run and the code each mutates, and runs nothing.
 * Exits 1 when a module scores under the threshold (80 %), so CI fails on a weakened test set.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_MODULES } from './mutation-modules.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const THRESHOLD = 80;
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

function parseArgs(argv) {
  const args = { changed: null, only: null, list: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--changed') args.changed = argv[++i] ?? 'HEAD~1';
    else if (argv[i] === '--list') args.list = true;
    else if (argv[i] === '--only') args.only = (argv[++i] ?? '').split(',').filter(Boolean);
    else throw new Error(`option inconnue : ${argv[i]}`);
  }
  return args;
}

/**
 * The line range of the declaration `name` (a function, else a const), top-level or nested, up
 * to its next sibling. Functions first: `status` is a function and, inside others, a const.
 */
function rangeOf(lines, file, name) {
  const fn = new RegExp(`^(\\s*)(?:export )?(?:async )?function ${name}\\b`);
  const constant = new RegExp(`^(\\s*)(?:export )?const ${name}\\b`);
  let start = lines.findIndex((l) => fn.test(l));
  if (start < 0) start = lines.findIndex((l) => constant.test(l));
  if (start < 0) throw new Error(`${file} : « ${name} » introuvable (mettre à jour la table)`);
  const indent = /^\s*/.exec(lines[start])[0];
  let end = start;
  for (let i = start + 1; i < lines.length; i += 1) {
    const line = lines[i];
    if (line.trim() === '') continue;
    const lineIndent = /^\s*/.exec(line)[0];
    const closes = /^[}\])]/.test(line.trim());
    if (lineIndent.length < indent.length || (lineIndent.length === indent.length && !closes)) {
      break;
    }
    end = i;
  }
  return `${file}:${start + 1}-${end + 1}`;
}

/** Stryker `mutate` entries of one module: whole files, or line ranges of named functions. */
function mutateGlobs(mod) {
  return mod.mutate.flatMap((entry) => {
    if (typeof entry === 'string') return [entry];
    const lines = fs.readFileSync(path.join(ROOT, entry.file), 'utf8').split('\n');
    return entry.fns.map((fn) => rangeOf(lines, entry.file, fn));
  });
}

const filesOf = (mod) => [
  ...mod.mutate.map((e) => (typeof e === 'string' ? e : e.file)),
  ...mod.tests,
];

/** Files changed since `base` (working tree and new files included), or null for an unknown base. */
function changedFiles(base) {
  try {
    execFileSync('git', ['rev-parse', '--verify', '--quiet', `${base}^{commit}`], { cwd: ROOT });
  } catch {
    return null;
  }
  const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' });
  // New files not yet added count too: a module's new test file is a change to it.
  const out =
    git('diff', '--name-only', base, '--') + git('ls-files', '--others', '--exclude-standard');
  return new Set(out.split('\n').filter(Boolean));
}

function selectModules(args) {
  let mods = MUTATION_MODULES;
  if (args.only) {
    const unknown = args.only.filter((n) => !mods.some((m) => m.name === n));
    if (unknown.length) throw new Error(`module inconnu : ${unknown.join(', ')}`);
    mods = mods.filter((m) => args.only.includes(m.name));
  }
  if (args.changed) {
    const changed = changedFiles(args.changed);
    // A shallow clone or a first commit has no base: every module runs rather than none.
    if (!changed) {
      console.log(`Mutation : ${args.changed} inconnu de git, tous les modules sont testés.`);
      return mods;
    }
    // The table and this script decide what runs: a change to them reruns everything.
    const all = [
      'scripts/mutation.mjs',
      'scripts/mutation-modules.mjs',
      'vitest.mutation.config.ts',
      'vitest.mutation.setup.ts',
    ];
    if (!all.some((f) => changed.has(f)))
      mods = mods.filter((m) => filesOf(m).some((f) => changed.has(f)));
  }
  return mods;
}

function scoreOf(results) {
  const detected = results.filter((r) => DETECTED.has(r.status)).length;
  const undetected = results.filter((r) => UNDETECTED.has(r.status));
  const total = detected + undetected.length;
  return { detected, total, score: total ? (100 * detected) / total : 100, undetected };
}

async function runModule(mod) {
  const started = Date.now();
  // Loaded here, so `--list` works without the mutation tools installed.
  const { Stryker } = await import('@stryker-mutator/core');
  const stryker = new Stryker({
    testRunner: 'vitest',
    vitest: { configFile: 'vitest.mutation.config.ts', related: false },
    plugins: ['@stryker-mutator/vitest-runner'],
    mutate: mutateGlobs(mod),
    testFiles: mod.tests,
    coverageAnalysis: 'perTest',
    concurrency: 1,
    timeoutMS: 20_000,
    // Static mutants (module-level constants) are evaluated once per module load, and the runner
    // keeps modules loaded between mutants under Vitest 4: they would all "survive" falsely.
    ignoreStatic: true,
    ignorePatterns: ['packages/web', 'e2e', 'bench', 'data', 'reports', 'test-results'],
    reporters: ['clear-text', 'json', 'progress-append-only'],
    clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
    jsonReporter: { fileName: `reports/mutation/${mod.name}.json` },
    thresholds: { high: 90, low: THRESHOLD, break: null },
    // One sandbox folder per module, so two runs side by side never clean each other's.
    tempDirName: `.stryker-tmp/${mod.name}`,
    cleanTempDir: true,
  });
  const results = await stryker.runMutationTest();
  return { mod, seconds: Math.round((Date.now() - started) / 1000), ...scoreOf(results) };
}

const args = parseArgs(process.argv.slice(2));
const mods = selectModules(args);
if (mods.length === 0) {
  console.log(`Mutation : aucun module de règles modifié depuis ${args.changed}, rien à faire.`);
  process.exit(0);
}
console.log(`Mutation : ${mods.map((m) => m.name).join(', ')}`);
if (args.list) {
  // What would run, without running it: each module and the code it mutates.
  for (const mod of mods) console.log(`${mod.name}\t${mutateGlobs(mod).join(' ')}`);
  process.exit(0);
}
const rows = [];
for (const mod of mods) rows.push(await runModule(mod));

console.log('\n module             | score   | tués/total | durée  | règles');
console.log('--------------------|---------|------------|--------|-------');
for (const r of rows) {
  const score = `${r.score.toFixed(1)} %`.padStart(7);
  const counts = `${r.detected}/${r.total}`.padStart(10);
  const time = `${r.seconds} s`.padStart(6);
  console.log(` ${r.mod.name.padEnd(18)} | ${score} | ${counts} | ${time} | ${r.mod.label}`);
}
const weak = rows.filter((r) => r.score < THRESHOLD);
for (const r of weak) {
  console.log(`\n${r.mod.name} sous ${THRESHOLD} % ; mutants survivants :`);
  for (const m of r.undetected) {
    console.log(
      `  ${path.relative(ROOT, m.fileName)}:${m.location.start.line} ${m.mutatorName} → ${m.replacement ?? ''}`,
    );
  }
}
process.exit(weak.length ? 1 : 0);
