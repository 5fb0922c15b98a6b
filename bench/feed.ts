/**
 * `npm run bench:feed [-- --seconds 15 --rate 200 --connections 10]`: the home feed under load.
 *
 * Creates a fresh PostgreSQL database next to the one named by BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates it, seeds 100 000 members with complete
 * profiles around Ouagadougou and Bobo-Dioulasso (positions rounded to about 1 km as the nearby
 * module stores them; migration 006 derives fuzz_pos and geo_km from them) and 50 000 active
 * announcements with set-based SQL, then starts the app in this process on a free port and loads
 * `GET /api/announcements?page=1..50` with autocannon in a child process (so the load generator
 * does not share the server's event loop): at a fixed rate (autocannon `overallRate`) and as fast
 * as it goes, newest first and nearest first (user_lat/user_lng), plus a signed-in run where
 * every page counts views. Prints requests/s, latency p50/p97.5/p99/max, errors, whether the
 * target "p99 under 50 ms at 200 requests/s" is met, and EXPLAIN (ANALYZE, BUFFERS) of the feed
 * queries for pages 1 and 50. The database is dropped at the end.
 *
 * Latencies are measured per response in the load process (sub-millisecond, every 2xx answer),
 * not read from autocannon's histogram, which rounds to whole milliseconds and, at a fixed rate,
 * adds coordinated-omission samples computed from a 1 ms "expected interval". Note that
 * autocannon's rate limit is per connection and per second: each connection sends its share at
 * the start of every second, so the fixed-rate runs arrive in bursts of `rate` requests spread
 * over `connections` connections, a harder pattern than evenly spaced arrivals.
 *
 * This file sets up, checks and reports; feed-seed.ts seeds, feed-explain.ts and feed-load.ts
 * measure, bench-app.ts holds the database and the app.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '../packages/server/src/db/db.js';
import {
  benchEnv,
  freshPostgres,
  settingsOf,
  startApp,
  type BenchApp,
  type FreshDatabase,
} from './bench-app.js';
import { explainFeed } from './feed-explain.js';
import { checkPages, feedPaths, reportTarget, runFeedLoads } from './feed-load.js';
import { seedAndReport } from './feed-seed.js';
import { loadAvg } from './paced.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '200' },
    connections: { type: 'string', default: '10' },
    members: { type: 'string', default: '100000' },
    announcements: { type: 'string', default: '50000' },
    pages: { type: 'string', default: '50' },
  },
});

/** Migrated, described in one line, then seeded. */
async function prepare(fresh: FreshDatabase): Promise<void> {
  const { migrate } = await import('../packages/server/src/db/migrate.js');
  const { db } = fresh;
  await migrate(db);
  const settings = await settingsOf(db, [
    'server_version',
    'shared_buffers',
    'synchronous_commit',
    'fsync',
  ]);
  console.log(
    `Feed benchmark: PostgreSQL (${settings}; database ${fresh.dbName}), Node ${process.version}, ` +
      `${os.cpus().length} CPUs, load average ${loadAvg()} (1/5/15 min)`,
  );
  await seedAndReport(db, Number(values.members), Number(values.announcements));
}

/** The 200 newest members, each with a new session: their ids and tokens. */
async function viewerSessions(db: Db) {
  const { createSession } = await import('../packages/server/src/auth/session.repository.js');
  const { kyselyOf } = await import('../packages/server/src/db/kysely.js');
  const viewers = await db.query<{ id: number }>(`SELECT id FROM users ORDER BY id DESC LIMIT 200`);
  const tokens = await Promise.all(viewers.map((v) => createSession(kyselyOf(db), v.id)));
  return { viewers, tokens };
}

async function main() {
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const connections = Number(values.connections);
  const pages = Number(values.pages);

  const fresh = await freshPostgres('feed');
  const { db } = fresh;
  let app: BenchApp | null = null;
  let cleaned: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      await app?.close().catch(() => undefined);
      await fresh.drop();
    })());
  process.once('SIGINT', () => {
    console.error('\ninterrupted: dropping the benchmark database');
    void cleanUp().then(() => process.exit(130));
  });

  try {
    await prepare(fresh);
    const started = await startApp(db, benchEnv(fresh.dataDir, fresh.url));
    app = started.app;
    const { origin } = started;
    const { newestPaths, nearestPaths } = feedPaths(pages);
    await checkPages(origin, [
      newestPaths[0],
      newestPaths.at(-1),
      nearestPaths[0],
      nearestPaths.at(-1),
    ]);
    const { viewers, tokens } = await viewerSessions(db);
    await explainFeed(db, pages, viewers[0]?.id ?? null);

    const load = { origin, pages, seconds, rate, connections, tokens };
    const results = await runFeedLoads({ ...load, newestPaths, nearestPaths });
    if (reportTarget(results, rate)) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

await main();
