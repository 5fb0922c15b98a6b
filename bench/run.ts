/**
 * `npm run bench [-- --seconds 5 --connections 10 name…]`: starts the app in this process on a
 * free port with a fresh database (in-memory PGlite, or PostgreSQL with TEST_DATABASE_URL), in
 * its production configuration with its request log written to /dev/null (as production writes
 * it, minus the disk), and a bare Fastify route beside it; loads each target of targets.ts with
 * autocannon and prints requests/s, latency p50/p99, the server process's peak RSS during the
 * measured run and its CPU time per request; then each target's budget against the figures of
 * the same run (budgets.ts); then the web bundle report when packages/web/dist exists. Without
 * target names, every other budget of issues 19 and 26 follows, each bench in its own process
 * and printing its own table: the typical session's bytes (through Caddy over HTTP/2, both ways)
 * and Lighthouse with the Slow 3G /login (both on the build, both needing Caddy), then the
 * realtime budgets (on PostgreSQL, BENCH_DATABASE_URL). Figures, not a pass/fail test: it
 * exits non-zero only when a target answers errors or a bench cannot run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import type { AddressInfo, Server } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config/index.js';
import { startBareFastify } from '../packages/server/test/bare-fastify.js';
import { freshDb } from '../packages/server/test/helpers.js';
import { makeTestDir, removeTestDirs } from '../packages/server/test/temp-dirs.js';
import { benchEnv } from './bench-app.js';
import { checkBudgets, printBudgets } from './budgets.js';
import { load, type LoadResult } from './load.js';
import { BARE_TARGET, targets, type BenchContext, type Target } from './targets.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values, positionals } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
  },
  allowPositionals: true,
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function startBench(): Promise<BenchContext> {
  const fresh = await freshDb();
  const dataDir = makeTestDir('bench');
  const devNull = fs.openSync('/dev/null', 'w');
  const env = { ...benchEnv(dataDir, fresh.url), LOG_LEVEL: 'info' };
  const app = await buildApp(loadConfig(env), {
    db: fresh.db,
    logStream: { write: (line: string) => void fs.writeSync(devNull, line) },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const bare = await startBareFastify();
  return {
    app,
    db: fresh.db,
    dataDir,
    baseUrl: origin(app.server),
    bareUrl: origin(bare.server),
    async close() {
      await bare.close();
      await app.close();
      await fresh.drop();
      fs.closeSync(devNull);
      removeTestDirs(dataDir);
    },
  };
}

async function prepare(ctx: BenchContext, target: Target) {
  const shape = { ...target, ...(await target.setup?.(ctx)) };
  const headers = { ...shape.headers };
  let body: string | undefined;
  if (shape.body !== undefined) {
    body = JSON.stringify(shape.body);
    headers['content-type'] = 'application/json';
  }
  return {
    origin: target.bare ? ctx.bareUrl : ctx.baseUrl,
    path: shape.path,
    headers,
    body,
    tokens: shape.tokens,
  };
}

type Prepared = Awaited<ReturnType<typeof prepare>>;

async function runTarget(target: Target, p: Prepared): Promise<LoadResult> {
  const common = { url: `${p.origin}${p.path}`, method: target.method, ...p };
  await load({ ...common, seconds: 1, connections }); // warm-up: JIT, pools, caches
  return load({ ...common, seconds, connections });
}

function print(name: string, r: LoadResult) {
  const cells = [
    name.padEnd(24),
    r.requestsPerSecond.toFixed(0).padStart(9),
    r.p50Ms.toFixed(1).padStart(8),
    r.p99Ms.toFixed(1).padStart(8),
    String(r.failures).padStart(8),
    r.peakRssMb.toFixed(0).padStart(8),
    r.cpuUsPerRequest.toFixed(0).padStart(10),
  ];
  console.log(cells.join(' '));
}

/** The targets named on the command line, and the bare route when a budget is measured on it. */
function chosenTargets(): Target[] {
  if (!positionals.length) return targets;
  const named = targets.filter((t) => positionals.includes(t.name));
  const needsBare = named.some((t) => t.budget?.minShareOfBare !== undefined);
  return targets.filter((t) => named.includes(t) || (needsBare && t.name === BARE_TARGET));
}

async function main() {
  const chosen = chosenTargets();
  const ctx = await startBench();
  console.log(
    `API (${ctx.db.kind}, production config, request log at info to /dev/null, ` +
      `${connections} connections, ${seconds} s per target, Node ${process.version})`,
  );
  console.log(
    ['target'.padEnd(24), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8)]
      .concat(['failures'.padStart(8), 'RSS MB'.padStart(8), 'CPU µs/req'.padStart(10)])
      .join(' '),
  );
  let failed = false;
  const results = new Map<string, LoadResult>();
  const prepared = new Map<string, Prepared>();
  try {
    for (const target of chosen) {
      const p = await prepare(ctx, target);
      const result = await runTarget(target, p);
      print(target.name, result);
      results.set(target.name, result);
      prepared.set(target.name, p);
      failed ||= result.failures > 0;
    }
    const budgets = await checkBudgets(chosen, results, prepared, seconds);
    printBudgets(budgets);
    failed ||= budgets.some((b) => b.errors > 0);
  } finally {
    await ctx.close();
  }

  if (fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'))) {
    console.log('\nWeb bundle');
    spawnSync(process.execPath, ['packages/web/scripts/report-size.mjs'], {
      cwd: ROOT,
      stdio: 'inherit',
    });
  }
  if (!positionals.length) failed = (await runFollowUps()) || failed;
  if (failed) process.exitCode = 1;
}

/** The benches with a browser or many processes of their own, one after the other; true if one
 * could not run. Those measured on the build are skipped, and said so, without one. */
async function runFollowUps(): Promise<boolean> {
  const built = fs.existsSync(path.join(ROOT, 'packages/web/dist/index.html'));
  let failed = false;
  for (const [title, script, onBuild] of FOLLOW_UPS) {
    console.log(`\n${title} (${script})`);
    if (onBuild && !built) {
      console.log('skipped: run `npm run build` first');
      continue;
    }
    await settle();
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    failed ||= run.status !== 0;
  }
  return failed;
}

const loadNow = () => os.loadavg()[0] ?? 0;

/**
 * Waits, two minutes at most, for the last bench's aftermath (a browser closing, the database
 * writing out what it was given) to pass: the one-minute load average under one per two cores.
 */
async function settle() {
  const calm = os.cpus().length / 2;
  const began = Date.now();
  while (loadNow() > calm && Date.now() - began < 120_000) await sleep(5000);
  const waited = Math.round((Date.now() - began) / 1000);
  if (waited > 0) {
    console.log(
      `(waited ${waited} s for the machine to settle: load average ${loadNow().toFixed(2)})`,
    );
  }
}

const FOLLOW_UPS: readonly (readonly [title: string, script: string, onBuild: boolean])[] = [
  ['Typical session, bytes on mobile data through Caddy', 'bench/typical-session.ts', true],
  ['Lighthouse and Slow 3G, first load', 'bench/lighthouse.ts', true],
  ['Realtime: memory per socket, delivery with 10,000 sockets', 'bench/realtime.ts', false],
];

await main();
