/**
 * `npm run bench:nearby [-- --seconds 15 --rate 100 --connections 10 --viewers 1000
 *   --pg-members 1000000 --lite-members 100000 --engines postgres,pglite]`: the nearby map and
 * the swipe deck under load, on PostgreSQL and on the embedded PGlite.
 *
 * PostgreSQL: a fresh database next to the one named by BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrated, seeded with 1 000 000 members by
 * set-based SQL (generate_series): 40 % around Ouagadougou, 18 % around Bobo-Dioulasso, 32 % in
 * thirteen other Burkina towns, 10 % scattered over the country's bounding box; positions
 * rounded to 2 decimals (about 1 km) as location.repository.ts stores them, and migration 006's
 * generated columns compute fuzz_pos and geo_km in the database; 3 % never shared a position and
 * 2 % have no complete profile. Dropped at the end. PGlite: 100 000 members the same way, in
 * chunks of 10 000, in a temporary DATA_DIR, removed at the end.
 *
 * For each engine the app runs in this process (buildApp, LOG_LEVEL silent) and autocannon runs
 * in a child process (this file with --worker), so the load generator does not share the
 * server's event loop. Loads: POST /api/location/nearby {latitude, longitude, radius 50, min_age
 * 18, max_age 99} from each viewer's own position, and POST /api/swipe/profiles {limit 10}, each
 * at a fixed rate (20 autocannon instances x 1 connection, started 50 ms apart, so the
 * per-second bursts of autocannon's overallRate take turns) and at maximum throughput
 * (10 connections), after a 3 s warm-up. Prints requests/s, latency p50/p97.5/p99/max (per
 * response, measured in the load process, 2xx only), errors and 429s, the targets of issue 7
 * (nearby p99 under 30 ms at 100 requests/s, swipe profiles p99 under 50 ms), and EXPLAIN
 * (ANALYZE, BUFFERS) of the repository's own nearby and swipe-candidate queries.
 *
 * Rate limits: /location/nearby allows NEARBY_SEARCH_LIMIT (60 per 10 min) per member, so the
 * requests go round-robin over `--viewers` members (default 1000: 60 000 searches per 10 min),
 * each with its own session row (inserted in bulk, token = run secret + member id). Any 429 is
 * counted and reported; /swipe/profiles has no per-member limit unless it carries a position.
 *
 * This file runs the engines in turn and reports the targets; nearby-engines.ts sets them up,
 * nearby-seed.ts seeds members and viewers, nearby-explain.ts and nearby-load.ts measure.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '../packages/server/src/db/db.js';
import type { BenchApp } from './bench-app.js';
import { startApp } from './bench-app.js';
import { pgliteEngine, postgresEngine, type EngineSetup } from './nearby-engines.js';
import { explainNearby, explainSwipe } from './nearby-explain.js';
import { checkAnswers, runLoads, type Outcome } from './nearby-load.js';
import { nearestViewer, seedAndReport, viewerSessions } from './nearby-seed.js';
import { f1, loadAvg, targetCheck } from './paced.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '100' },
    connections: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '1000' },
    'pg-members': { type: 'string', default: '1000000' },
    'lite-members': { type: 'string', default: '100000' },
    engines: { type: 'string', default: 'postgres,pglite' },
  },
});

const TARGETS_P99_MS = { nearby: 30, swipe: 50 } as const;

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${loadAvg()}`;
  }
};

/** The viewers' sessions, and how long they took to make. */
async function timedViewers(db: Db) {
  const t0 = performance.now();
  const viewers = await viewerSessions(db, Number(values.viewers));
  console.log(
    `${viewers.length} viewer sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
      `(nearby budget ${viewers.length} x 60 = ${viewers.length * 60} searches per 10 min)`,
  );
  return viewers;
}

async function benchEngine(setup: EngineSetup, outcomes: Outcome[]): Promise<void> {
  const { migrate } = await import('../packages/server/src/db/migrate.js');
  const { db } = setup;

  let app: BenchApp | null = null;
  try {
    await migrate(db);
    console.log(`\n=== ${setup.label} ===`);
    await seedAndReport(db, setup.members, setup.chunk);

    const viewers = await timedViewers(db);

    const started = await startApp(db, setup.env);
    app = started.app;
    const ouagaViewer = nearestViewer(viewers, 'Ouagadougou');
    const probe = ouagaViewer ?? viewers[0];
    if (!probe) throw new Error('no viewer');
    await checkAnswers(started.origin, probe);

    // EXPLAIN (ANALYZE, BUFFERS) of the repository's own queries, warm (as in steady state).
    const now = new Date();
    const places = [
      { name: 'Ouagadougou (dense)', viewer: ouagaViewer },
      { name: 'Dori (small town)', viewer: nearestViewer(viewers, 'Dori') },
    ];
    await explainNearby(db, places, now);
    await explainSwipe(app, db, probe.id, now);

    const load = {
      seconds: Number(values.seconds),
      rate: Number(values.rate),
      connections: Number(values.connections),
    };
    await runLoads({ engine: setup.label, origin: started.origin, viewers, ...load }, outcomes);
  } finally {
    await app?.close().catch(() => undefined);
    await setup.cleanUp();
  }
}

/** One line per paced run: target met or not; true when any run had errors. */
function reportTargets(outcomes: Outcome[]): boolean {
  const rate = Number(values.rate);
  console.log(
    `\nTargets (issue 7): /location/nearby p99 under ${TARGETS_P99_MS.nearby} ms at ${rate} ` +
      `requests/s, /swipe/profiles p99 under ${TARGETS_P99_MS.swipe} ms; no errors`,
  );
  let failed = false;
  for (const { engine, endpoint, rate: runRate, name, r } of outcomes) {
    const { errors, kept, met } = targetCheck(r, runRate, TARGETS_P99_MS[endpoint]);
    failed ||= errors > 0;
    if (runRate === 0) continue;
    console.log(
      `  ${(engine.split(' ')[0] ?? '').padEnd(10)} ${name.padEnd(32)} ` +
        `${met ? 'MET    ' : 'NOT MET'} ` +
        `(p99 ${f1(r.p99)} ms, ${r.requestsPerSecond.toFixed(0)} req/s` +
        `${kept ? '' : ' below the rate'}, ${errors} errors, ${r.tooMany} x 429)`,
    );
  }
  return failed;
}

async function main() {
  const engines = String(values.engines)
    .split(',')
    .map((e) => e.trim());
  console.log(
    `Nearby and swipe benchmark: Node ${process.version}, ${os.cpus().length} CPUs, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GB\n${uptime()}`,
  );
  const outcomes: Outcome[] = [];
  let current: EngineSetup | null = null;
  process.once('SIGINT', () => {
    console.error('\ninterrupted: removing the benchmark databases');
    void (current?.cleanUp() ?? Promise.resolve()).then(() => process.exit(130));
  });
  for (const engine of engines) {
    if (engine === 'postgres') current = await postgresEngine(Number(values['pg-members']));
    else if (engine === 'pglite') current = await pgliteEngine(Number(values['lite-members']));
    else throw new Error(`unknown engine ${engine} (postgres, pglite)`);
    await benchEngine(current, outcomes);
    current = null;
  }

  const failed = reportTargets(outcomes);
  console.log(`\n${uptime()}`);
  if (failed) process.exitCode = 1;
}

await main();
