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
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { FEED_PER_PAGE, roundPosition, type TLatLng } from '@app/shared';
import type { Param, Row, Sql } from '../packages/server/src/db/db.js';
import {
  ACCEPT_ENCODING,
  PACED_INSTANCES,
  WARMUP_SECONDS,
  f1,
  loadAvg,
  paced as load,
  table,
  type PacedResult as LoadResult,
  type PreparedRequest,
} from './paced.js';

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

const TARGET_P99_MS = 50;
const CITIES: (TLatLng & { name: string })[] = [
  { name: 'Ouagadougou', lat: 12.3714, lng: -1.5197 },
  { name: 'Bobo-Dioulasso', lat: 11.1771, lng: -4.2979 },
];

// --- seeding ---------------------------------------------------------------------------------

// prettier-ignore
const FIRST_NAMES = [
  'Awa', 'Salimata', 'Aminata', 'Mariam', 'Fatimata', 'Rasmata', 'Adjara', 'Habibou', 'Alizèta',
  'Boubacar', 'Issouf', 'Moussa', 'Adama', 'Seydou', 'Rasmané', 'Ousmane', 'Karim', 'Abdoulaye',
];
// prettier-ignore
const LAST_NAMES = [
  'Ouédraogo', 'Kaboré', 'Sawadogo', 'Traoré', 'Compaoré', 'Zongo', 'Ilboudo', 'Kinda',
  'Sanou', 'Konaté', 'Diallo', 'Zoungrana',
];
const TEXT =
  'Je cherche une personne sérieuse et attentionnée pour partager de bons moments, des sorties ' +
  "au maquis, des balades au bord du barrage et de longues discussions. J'aime la musique, la " +
  'cuisine, le football et les voyages à travers le pays. ';

const sqlArray = (items: readonly string[]) =>
  `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]::text[]`;

/**
 * Members: complete, verified, half women; 65 % within 15 km of Ouagadougou, the rest around
 * Bobo-Dioulasso; lat/lng rounded to 2 decimals, as location.repository.ts stores them.
 */
function membersSql(count: number): string {
  const [ouaga, bobo] = CITIES;
  if (!ouaga || !bobo) throw new Error('cities');
  const centre = (field: 'lat' | 'lng') =>
    `CASE WHEN ouaga THEN ${ouaga[field]} ELSE ${bobo[field]} END`;
  return `
    INSERT INTO users (email, email_verified_at, name, gender, birth_date, locality, photo_key,
                       coins, gifted_signup, lat, lng, location_updated_at, last_seen_at,
                       profile_completed_at, created_at, updated_at)
    SELECT 'bench' || g || '@bench.bf', now(),
           (${sqlArray(FIRST_NAMES)})[1 + g % ${FIRST_NAMES.length}] || ' ' ||
             (${sqlArray(LAST_NAMES)})[1 + (g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           CASE WHEN g % 2 = 0 THEN 'femme' ELSE 'homme' END,
           date '1972-01-01' + (random() * 11000)::int,
           CASE WHEN ouaga THEN 'Ouagadougou, Burkina Faso' ELSE 'Bobo-Dioulasso, Burkina Faso' END,
           'bench-member', 100, true,
           round((${centre('lat')} + r * cos(t) / 111.32)::numeric, 2)::float8,
           round((${centre('lng')} + r * sin(t) / (111.32 * cos(radians(${centre('lat')}))))::numeric, 2)::float8,
           now(), now() - random() * interval '7 days', now(), now(), now()
      FROM (SELECT g, random() < 0.65 AS ouaga, 15 * sqrt(random()) AS r, 2 * pi() * random() AS t
              FROM generate_series(1, ${count}) g) p`;
}

/** Announcements by random members (some have several), over the last 60 days. */
function announcementsSql(count: number, members: number): string {
  const categories = "(ARRAY['amitie', 'relation_serieuse', 'mariage', 'sorties', NULL])";
  return `
    INSERT INTO announcements (user_id, description, category, views, created_at, updated_at)
    SELECT first_id + floor(random() * ${members})::bigint,
           left(repeat('${TEXT.replace(/'/g, "''")}', 4), 60 + (random() * 600)::int),
           ${categories}[1 + floor(random() * 5)::int],
           floor(random() * 300)::int, ts, ts
      FROM (SELECT g, now() - random() * interval '60 days' AS ts
              FROM generate_series(1, ${count}) g) a,
           (SELECT min(id) AS first_id FROM users) u`;
}

// --- reporting -------------------------------------------------------------------------------

const { header: HEADER, row } = table(44);

/** Runs the repository's own queries, prefixed with EXPLAIN (ANALYZE, BUFFERS). */
function explaining(sql: Sql, plans: string[]): Sql {
  return {
    async query<T extends Row = Row>(text: string, params?: readonly Param[]): Promise<T[]> {
      const plan = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
      plans.push(plan.map((r) => String(r['QUERY PLAN'])).join('\n'));
      return sql.query<T>(text, params);
    },
    exec: (text: string) => sql.exec(text),
  };
}

function indexVerdict(plan: string, index: string): string {
  const seq = /Seq Scan on (announcements|users)\b/.exec(plan);
  if (seq) return `NOT index-driven: sequential scan on ${seq[1]}`;
  if (!plan.includes(index)) return `NOT index-driven: ${index} not used`;
  return `index-driven (${index}, no sequential scan of announcements or users)`;
}

// --- main ------------------------------------------------------------------------------------

/** Each session (none: anonymous) reads every path in turn, then the next session. */
const requestsOf = (paths: string[], tokens: string[]): PreparedRequest[] =>
  (tokens.length > 0 ? tokens : [undefined]).flatMap((token) =>
    paths.map((p) => ({ method: 'GET' as const, path: p, ...(token ? { token } : {}) })),
  );

async function main() {
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const connections = Number(values.connections);
  const memberCount = Number(values.members);
  const announcementCount = Number(values.announcements);
  const pages = Number(values.pages);

  const { createDb } = await import('../packages/server/src/db/db.js');
  const { migrate } = await import('../packages/server/src/db/migrate.js');
  const { loadConfig } = await import('../packages/server/src/config.js');
  const { buildApp } = await import('../packages/server/src/app.js');
  const { createSession } = await import('../packages/server/src/auth/session.repository.js');
  const feed = await import('../packages/server/src/modules/announcements/feed.repository.js');

  // Benchmarks, like tests, may read the environment to find their database server.
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `bench_feed_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-feed-'));

  const admin = await createDb({ databaseUrl: adminUrl, dataDir: null });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const db = await createDb({ databaseUrl: url.toString(), dataDir: null });
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let cleaned: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      await app?.close().catch(() => undefined);
      await db.close().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch((err: unknown) => {
        console.error(`could not drop ${dbName}: ${String(err)}`);
      });
      await admin.close().catch(() => undefined);
      fs.rmSync(dataDir, { recursive: true, force: true });
    })());
  process.once('SIGINT', () => {
    console.error('\ninterrupted: dropping the benchmark database');
    void cleanUp().then(() => process.exit(130));
  });

  let failed = false;
  try {
    await migrate(db);
    const settings = (
      await db.query<{ name: string; setting: string }>(
        `SELECT name, current_setting(name) AS setting FROM unnest(ARRAY['server_version',
           'shared_buffers', 'synchronous_commit', 'fsync']) AS name`,
      )
    )
      .map((r) => `${r.name}=${r.setting}`)
      .join(', ');
    console.log(
      `Feed benchmark: PostgreSQL (${settings}; database ${dbName}), Node ${process.version}, ` +
        `${os.cpus().length} CPUs, load average ${loadAvg()} (1/5/15 min)`,
    );

    // Seed: one transaction of set-based statements, then statistics for the planner.
    let t0 = performance.now();
    await db.transaction(async (tx) => {
      await tx.query('SELECT setseed(0.4242)');
      await tx.query(membersSql(memberCount));
      await tx.query(announcementsSql(announcementCount, memberCount));
    });
    const seedMs = performance.now() - t0;
    t0 = performance.now();
    await db.exec('VACUUM ANALYZE users');
    await db.exec('VACUUM ANALYZE announcements');
    const counts = (
      await db.query<{ members: number; located: number; active: number; authors: number }>(
        `SELECT (SELECT count(*) FROM users WHERE profile_completed_at IS NOT NULL) AS members,
                (SELECT count(*) FROM users WHERE geo_km IS NOT NULL) AS located,
                (SELECT count(*) FROM announcements WHERE is_active AND deleted_at IS NULL) AS active,
                (SELECT count(DISTINCT user_id) FROM announcements) AS authors`,
      )
    )[0];
    console.log(
      `Seeded ${counts?.members} complete members (${counts?.located} with geo_km), ` +
        `${counts?.active} active announcements by ${counts?.authors} authors in ` +
        `${(seedMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    app = await buildApp(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: url.toString(),
        DATA_DIR: dataDir,
        DEMO_SEED: 'off',
        LOG_LEVEL: 'silent',
        PAYMENT_RECONCILE_INTERVAL_S: '0',
      }),
      { db },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;

    // The answers are what the screens expect, before measuring anything.
    const newestPaths = Array.from({ length: pages }, (_, i) => `/api/announcements?page=${i + 1}`);
    const nearestPaths = CITIES.flatMap((city) => {
      const p = roundPosition(city);
      return newestPaths.map((q) => `${q}&user_lat=${p.lat}&user_lng=${p.lng}`);
    });
    for (const p of [newestPaths[0], newestPaths.at(-1), nearestPaths[0], nearestPaths.at(-1)]) {
      const res = await fetch(`${origin}${p}`);
      const body = (await res.json()) as { data?: unknown[]; pagination?: { has_more?: boolean } };
      if (res.status !== 200 || body.data?.length !== FEED_PER_PAGE || !body.pagination?.has_more) {
        throw new Error(
          `${p}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
        );
      }
    }
    const viewers = await db.query<{ id: number }>(
      `SELECT id FROM users ORDER BY id DESC LIMIT 200`,
    );
    const tokens = await Promise.all(viewers.map((v) => createSession(db, v.id)));

    // EXPLAIN of the repository's own queries, anonymous viewer, pages 1 and 50.
    console.log('\nEXPLAIN (ANALYZE, BUFFERS) of the feed queries (anonymous viewer)');
    for (const page of [1, pages]) {
      const filter = {
        viewerId: null,
        category: null,
        limit: FEED_PER_PAGE + 1,
        offset: (page - 1) * FEED_PER_PAGE,
      };
      await feed.findNewestAnnouncements(db, filter); // warm, as in steady state
      const newest: string[] = [];
      await feed.findNewestAnnouncements(explaining(db, newest), filter);
      const origin0 = roundPosition(CITIES[0] ?? { lat: 12.37, lng: -1.52 });
      await feed.findNearestAnnouncements(db, filter, origin0);
      const nearest: string[] = [];
      await feed.findNearestAnnouncements(explaining(db, nearest), filter, origin0);
      const [edge = '', circle = ''] = nearest;
      console.log(
        `\n--- newest first, page ${page}: ${indexVerdict(newest.join('\n'), 'announcements_feed_idx')}`,
      );
      console.log(newest.join('\n'));
      console.log(
        `\n--- nearest first (Ouagadougou), page ${page}, query 1 (distance of the page's last row): ` +
          indexVerdict(edge, 'users_geo_knn_idx'),
      );
      console.log(edge);
      console.log(
        `\n--- nearest first (Ouagadougou), page ${page}, query 2 (rows within that circle): ` +
          indexVerdict(circle, 'users_geo_knn_idx'),
      );
      console.log(circle);
    }

    // The signed-in feed adds the viewer's blocks (an anti-join) and leaves out their own rows.
    const viewerId = viewers[0]?.id ?? null;
    const signedPlan: string[] = [];
    await feed.findNewestAnnouncements(explaining(db, signedPlan), {
      viewerId,
      category: null,
      limit: FEED_PER_PAGE + 1,
      offset: (pages - 1) * FEED_PER_PAGE,
    });
    console.log(
      `\n--- newest first, signed in, page ${pages}: ` +
        indexVerdict(signedPlan.join('\n'), 'announcements_feed_idx'),
    );
    console.log(signedPlan.join('\n'));

    // Signed in: each viewer reads pages 1..50 in turn, so most pages count new views; the
    // warm-ups use other viewers, leaving the measured run's views to count.
    const half = tokens.length / 2;
    const signedIn = { tokens: tokens.slice(0, half), warmupTokens: tokens.slice(half) };
    const anonymous = { tokens: [], warmupTokens: [] };
    const paced = Math.max(1, Math.min(PACED_INSTANCES, rate));
    const modes = {
      paced: { label: `${rate} req/s paced`, rate, instances: paced, connections: 1 },
      burst: { label: `${rate} req/s burst`, rate, instances: 1, connections },
      max: { label: 'max throughput', rate: 0, instances: 1, connections },
    };
    const runs = [
      { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.paced },
      { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.burst },
      { name: 'newest first', paths: newestPaths, ...anonymous, mode: modes.max },
      { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.paced },
      { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.burst },
      { name: 'nearest first', paths: nearestPaths, ...anonymous, mode: modes.max },
      { name: 'newest, signed in (views)', paths: newestPaths, ...signedIn, mode: modes.paced },
    ];
    console.log(
      `\nGET /api/announcements?page=1..${pages} (nearest first: user_lat/user_lng of ` +
        `${CITIES.map((c) => c.name).join(' and ')} in turn), ${seconds} s per run after a ` +
        `${WARMUP_SECONDS} s warm-up, accept-encoding: ${ACCEPT_ENCODING}.\n` +
        `  paced: ${paced} autocannon instances x 1 connection x overallRate ${rate / paced}, ` +
        `started ${(1000 / paced).toFixed(0)} ms apart\n` +
        `  burst: 1 autocannon instance, ${connections} connections, overallRate ${rate} ` +
        `(each second's requests sent at once)\n` +
        `  max:   1 autocannon instance, ${connections} connections, no rate limit`,
    );
    console.log(HEADER);
    const results: { name: string; rate: number; r: LoadResult }[] = [];
    for (const run of runs) {
      await load({
        origin,
        requests: requestsOf(run.paths, run.warmupTokens),
        seconds: WARMUP_SECONDS,
        rate: 0,
        instances: 1,
        connections,
      });
      const load1m = os.loadavg()[0] ?? 0;
      const r = await load({
        origin,
        requests: requestsOf(run.paths, run.tokens),
        instances: run.mode.instances,
        seconds,
        rate: run.mode.rate,
        connections: run.mode.connections,
      });
      const name = `${run.name}, ${run.mode.label}`;
      console.log(row(name, r, load1m));
      results.push({ name, rate: run.mode.rate, r });
      failed ||= r.errors + r.timeouts + r.non2xx > 0;
    }

    console.log(`\nTarget: p99 under ${TARGET_P99_MS} ms at ${rate} requests/s, no errors`);
    for (const { name, rate: runRate, r } of results) {
      if (runRate === 0) continue;
      const errors = r.errors + r.timeouts + r.non2xx;
      const kept = r.requestsPerSecond >= runRate * 0.95;
      const met = r.p99 < TARGET_P99_MS && errors === 0 && kept;
      console.log(
        `  ${name.padEnd(44)} ${met ? 'MET    ' : 'NOT MET'} (p99 ${f1(r.p99)} ms, ` +
          `${r.requestsPerSecond.toFixed(0)} req/s${kept ? '' : ' below the rate'}, ${errors} errors)`,
      );
    }
    console.log(`Load average at the end: ${loadAvg()} (1/5/15 min)`);
  } finally {
    await cleanUp();
  }
  if (failed) process.exitCode = 1;
}

await main();
