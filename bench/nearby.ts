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
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { haversineKm } from '@app/shared';
import type { Db, Param, Row, Sql } from '../packages/server/src/db/db.js';
import {
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
    rate: { type: 'string', default: '100' },
    connections: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '1000' },
    'pg-members': { type: 'string', default: '1000000' },
    'lite-members': { type: 'string', default: '100000' },
    engines: { type: 'string', default: 'postgres,pglite' },
  },
});

const NEARBY_BODY = { radius: 50, min_age: 18, max_age: 99 };
const SWIPE_BODY = { limit: 10 };
const TARGETS_P99_MS = { nearby: 30, swipe: 50 } as const;
const PG_CHUNK = 250_000;
const LITE_CHUNK = 10_000;

// --- the load ------------------------------------------------------------------------------

type Endpoint = 'nearby' | 'swipe';

interface Viewer {
  token: string;
  lat: number;
  lng: number;
}

const PATHS: Record<Endpoint, string> = {
  nearby: '/api/location/nearby',
  swipe: '/api/swipe/profiles',
};

const bodyOf = (endpoint: Endpoint, v: Viewer) =>
  endpoint === 'nearby' ? { latitude: v.lat, longitude: v.lng, ...NEARBY_BODY } : SWIPE_BODY;

/** One request per viewer, taken in turn: their own session and position. */
const requestsOf = (endpoint: Endpoint, viewers: Viewer[]): PreparedRequest[] =>
  viewers.map((v) => ({
    method: 'POST',
    path: PATHS[endpoint],
    token: v.token,
    body: JSON.stringify(bodyOf(endpoint, v)),
  }));

// --- seeding ---------------------------------------------------------------------------------

interface Town {
  name: string;
  lat: number;
  lng: number;
  /** Share of the members, in per cent. */
  share: number;
  /** Members are spread uniformly over a disc of this radius. */
  radiusKm: number;
}

// prettier-ignore
const TOWNS: Town[] = [
  { name: 'Ouagadougou', lat: 12.3714, lng: -1.5197, share: 40, radiusKm: 15 },
  { name: 'Bobo-Dioulasso', lat: 11.1771, lng: -4.2979, share: 18, radiusKm: 12 },
  { name: 'Koudougou', lat: 12.2526, lng: -2.3627, share: 5, radiusKm: 6 },
  { name: 'Ouahigouya', lat: 13.5828, lng: -2.4216, share: 4, radiusKm: 6 },
  { name: 'Banfora', lat: 10.6333, lng: -4.7667, share: 3.5, radiusKm: 6 },
  { name: 'Kaya', lat: 13.0917, lng: -1.0844, share: 3, radiusKm: 5 },
  { name: 'Dédougou', lat: 12.4634, lng: -3.4608, share: 2.5, radiusKm: 5 },
  { name: "Fada N'Gourma", lat: 12.0616, lng: 0.3584, share: 2.5, radiusKm: 5 },
  { name: 'Tenkodogo', lat: 11.78, lng: -0.3697, share: 2.5, radiusKm: 5 },
  { name: 'Dori', lat: 14.0354, lng: -0.0345, share: 2, radiusKm: 4 },
  { name: 'Gaoua', lat: 10.3251, lng: -3.1742, share: 1.5, radiusKm: 4 },
  { name: 'Ziniaré', lat: 12.5822, lng: -1.2983, share: 1.5, radiusKm: 4 },
  { name: 'Manga', lat: 11.6636, lng: -1.0731, share: 1.5, radiusKm: 4 },
  { name: 'Koupéla', lat: 12.1794, lng: -0.3517, share: 1.5, radiusKm: 4 },
  { name: 'Réo', lat: 12.3167, lng: -2.4667, share: 1, radiusKm: 4 },
];
/** The rest is scattered uniformly over this box (Burkina Faso's bounding box, roughly). */
const COUNTRY_BOX = { south: 9.6, north: 14.9, west: -5.3, east: 2.0 };

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
// prettier-ignore
const PASSIONS = ['Musique', 'Cuisine', 'Football', 'Voyages', 'Danse', 'Lecture', 'Cinéma', 'Mode'];
const BIO =
  'Je cherche une personne sérieuse et attentionnée pour partager de bons moments, des sorties ' +
  "au maquis et de longues discussions. J'aime la musique, la cuisine et les voyages. ";

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const sqlArray = (items: readonly string[]) => `ARRAY[${items.map(lit).join(', ')}]::text[]`;

/** The towns as rows with their cumulative share range [lo, hi) in [0, 1). */
function townsValues(): string {
  let lo = 0;
  const rows = TOWNS.map((t) => {
    const hi = lo + t.share / 100;
    const row = `(${lit(t.name)}, ${t.lat}, ${t.lng}, ${t.radiusKm}, ${lo}, ${hi})`;
    lo = hi;
    return row;
  });
  return `(VALUES ${rows.join(', ')}) AS t(name, lat, lng, radius_km, lo, hi)`;
}

/**
 * Members `from`..`to` (inclusive): complete, verified, half women, aged 18 to 55. A member
 * draws a town by its share (or none: scattered over the country), then a point uniform in the
 * town's disc, rounded to 2 decimals. The generated columns of migration 006 do the rest.
 */
function membersSql(from: number, to: number): string {
  const box = COUNTRY_BOX;
  const posLat = `CASE WHEN t.name IS NULL THEN ${box.south} + p.u1 * ${box.north - box.south}
                  ELSE t.lat + t.radius_km * sqrt(p.u1) * cos(p.u2 * 2 * pi()) / 111.32 END`;
  const posLng = `CASE WHEN t.name IS NULL THEN ${box.west} + p.u2 * ${box.east - box.west}
                  ELSE t.lng + t.radius_km * sqrt(p.u1) * sin(p.u2 * 2 * pi())
                       / (111.32 * cos(radians(t.lat))) END`;
  return `
    INSERT INTO users (email, email_verified_at, name, gender, birth_date, locality, bio, passions,
                       photo_key, coins, lat, lng, location_updated_at, last_seen_at,
                       profile_completed_at, created_at, updated_at)
    SELECT 'nearby' || p.g || '@bench.bf', now(),
           (${sqlArray(FIRST_NAMES)})[1 + p.g % ${FIRST_NAMES.length}] || ' ' ||
             (${sqlArray(LAST_NAMES)})[1 + (p.g / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}],
           CASE WHEN p.g % 2 = 0 THEN 'femme' ELSE 'homme' END,
           (now() - interval '18 years' - p.u3 * interval '37 years')::date,
           CASE WHEN t.name IS NULL THEN 'Burkina Faso' ELSE t.name || ', Burkina Faso' END,
           CASE WHEN p.u4 < 0.8 THEN left(${lit(BIO.repeat(2))}, 40 + (p.u4 * 200)::int) END,
           (${sqlArray(PASSIONS)})[1 + p.g % 5 : 1 + p.g % 5 + (p.g / 7) % 4],
           'u' || p.g || '/' || md5(p.g::text), 100,
           CASE WHEN p.unlocated THEN NULL ELSE round((${posLat})::numeric, 2)::float8 END,
           CASE WHEN p.unlocated THEN NULL ELSE round((${posLng})::numeric, 2)::float8 END,
           CASE WHEN p.unlocated THEN NULL ELSE now() - p.u4 * interval '30 days' END,
           now() - power(p.u5, 3) * interval '90 days',
           CASE WHEN p.incomplete THEN NULL ELSE now() - p.u3 * interval '300 days' END,
           now(), now()
      FROM (SELECT g, random() AS pick, random() AS u1, random() AS u2, random() AS u3,
                   random() AS u4, random() AS u5, random() < 0.03 AS unlocated,
                   random() < 0.02 AS incomplete
              FROM generate_series(${from}, ${to}) g) p
      LEFT JOIN ${townsValues()} ON p.pick >= t.lo AND p.pick < t.hi`;
}

async function seedMembers(db: Db, count: number, chunk: number): Promise<number> {
  const t0 = performance.now();
  for (let from = 1; from <= count; from += chunk) {
    const to = Math.min(count, from + chunk - 1);
    // A seed per chunk, in the same script (so on the same connection): the same members and
    // positions on every run.
    const seed = (from / (count + 1)).toFixed(8);
    await db.exec(`SELECT setseed(${seed}); ${membersSql(from, to)}`);
    if (count > chunk) {
      const s = ((performance.now() - t0) / 1000).toFixed(0);
      process.stdout.write(
        `\r  seeding: ${to.toLocaleString('fr-FR')} / ${count} members (${s} s)`,
      );
    }
  }
  if (count > chunk) process.stdout.write('\n');
  return performance.now() - t0;
}

/** `count` viewers spread as the members are, each with a session row (token = secret + id). */
async function viewerSessions(db: Db, count: number): Promise<(Viewer & { id: number })[]> {
  const secret = crypto.randomBytes(24).toString('base64url');
  const rows = await db.query<{ id: number; lat: number; lng: number }>(
    `SELECT id, lat, lng FROM users
      WHERE profile_completed_at IS NOT NULL AND lat IS NOT NULL
      ORDER BY id LIMIT $1`,
    [count],
  );
  // Same hash as auth/tokens.ts hashToken: SHA-256 of the token, in hex.
  await db.query(
    `INSERT INTO sessions (user_id, token_hash)
     SELECT id, encode(sha256(convert_to($1 || id::text, 'UTF8')), 'hex')
       FROM unnest($2::bigint[]) AS id`,
    [secret, rows.map((r) => r.id)],
  );
  return rows.map((r) => ({ id: r.id, token: `${secret}${r.id}`, lat: r.lat, lng: r.lng }));
}

// --- plans -----------------------------------------------------------------------------------

interface Plan {
  sql: string;
  plan: string;
}

/** The database, with every SELECT also run under EXPLAIN (ANALYZE, BUFFERS) and recorded. */
function explaining(db: Db, plans: Plan[]): Db {
  const wrap = (sql: Sql): Sql => ({
    async query<T extends Row = Row>(text: string, params?: readonly Param[]): Promise<T[]> {
      if (/^\s*\(?\s*SELECT\b/i.test(text)) {
        const rows = await sql.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, params);
        plans.push({ sql: text, plan: rows.map((r) => String(r['QUERY PLAN'])).join('\n') });
      }
      return sql.query<T>(text, params);
    },
    exec: (text: string) => sql.exec(text),
  });
  return {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

function verdict(plan: string): string {
  if (/Seq Scan on users\b/.test(plan)) return 'NOT index-driven: sequential scan of users';
  if (/\bSort\b/.test(plan.replace(/Sort Method.*/g, ''))) return 'NOT K-nearest: a Sort node';
  if (!plan.includes('users_geo_knn_idx')) return 'NOT index-driven: users_geo_knn_idx not used';
  return 'K-nearest-neighbour scan of users_geo_knn_idx, no sort, no sequential scan';
}

const planSummary = (plan: string) =>
  plan
    .split('\n')
    .filter((l) => /Execution Time|Planning Time/.test(l))
    .map((l) => l.trim())
    .join(', ');

// --- reporting -------------------------------------------------------------------------------

const uptime = () => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load average ${loadAvg()}`;
  }
};

const { header: HEADER, row } = table(40);

// --- one engine ------------------------------------------------------------------------------

/** The viewer nearest to a town's centre, if one lives within 10 km of it. */
function nearestViewer<V extends Viewer>(viewers: V[], town: string): V | undefined {
  const t = TOWNS.find((x) => x.name === town);
  if (!t) return undefined;
  let best: { v: V; km: number } | undefined;
  for (const v of viewers) {
    const km = haversineKm(t, v);
    if (km <= 10 && (!best || km < best.km)) best = { v, km };
  }
  return best?.v;
}

interface EngineSetup {
  label: string;
  db: Db;
  env: Record<string, string>;
  members: number;
  chunk: number;
  cleanUp(): Promise<void>;
}

interface Outcome {
  engine: string;
  endpoint: Endpoint;
  rate: number;
  name: string;
  r: LoadResult;
}

async function benchEngine(setup: EngineSetup, outcomes: Outcome[]): Promise<void> {
  const seconds = Number(values.seconds);
  const rate = Number(values.rate);
  const connections = Number(values.connections);
  const viewerCount = Number(values.viewers);
  const { migrate } = await import('../packages/server/src/db/migrate.js');
  const { loadConfig } = await import('../packages/server/src/config.js');
  const { buildApp } = await import('../packages/server/src/app.js');
  const { nearbySearch } =
    await import('../packages/server/src/modules/nearby/location.service.js');
  const { findNearby } =
    await import('../packages/server/src/modules/nearby/location.repository.js');
  const { findSwipeCandidates } =
    await import('../packages/server/src/modules/swipes/swipe.service.js');
  const { db } = setup;

  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  try {
    await migrate(db);
    console.log(`\n=== ${setup.label} ===`);
    const seedMs = await seedMembers(db, setup.members, setup.chunk);
    let t0 = performance.now();
    await db.exec('VACUUM ANALYZE users');
    const counts = (
      await db.query<{ members: number; visible: number; located: number; ouaga: number }>(
        `SELECT count(*) AS members,
                count(*) FILTER (WHERE profile_completed_at IS NOT NULL) AS visible,
                count(geo_km) FILTER (WHERE profile_completed_at IS NOT NULL) AS located,
                count(*) FILTER (WHERE locality LIKE 'Ouagadougou%') AS ouaga
           FROM users`,
      )
    )[0];
    const size = (
      await db.query<{ users: string; knn: string }>(
        `SELECT pg_size_pretty(pg_total_relation_size('users')) AS users,
                pg_size_pretty(pg_relation_size('users_geo_knn_idx')) AS knn`,
      )
    )[0];
    console.log(
      `Seeded ${counts?.members} members (${counts?.visible} complete, ${counts?.located} of them ` +
        `located, ${counts?.ouaga} around Ouagadougou) in ${(seedMs / 1000).toFixed(1)} s, ` +
        `VACUUM ANALYZE ${((performance.now() - t0) / 1000).toFixed(1)} s; users ${size?.users}, ` +
        `users_geo_knn_idx ${size?.knn}`,
    );

    t0 = performance.now();
    const viewers = await viewerSessions(db, viewerCount);
    console.log(
      `${viewers.length} viewer sessions in ${((performance.now() - t0) / 1000).toFixed(1)} s ` +
        `(nearby budget ${viewers.length} x 60 = ${viewers.length * 60} searches per 10 min)`,
    );

    app = await buildApp(loadConfig(setup.env), { db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const origin = `http://127.0.0.1:${port}`;

    // The answers are what the screens expect, before measuring anything.
    const ouagaViewer = nearestViewer(viewers, 'Ouagadougou');
    const probe = ouagaViewer ?? viewers[0];
    if (!probe) throw new Error('no viewer');
    for (const endpoint of ['nearby', 'swipe'] as const) {
      const res = await fetch(`${origin}${PATHS[endpoint]}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${probe.token}` },
        body: JSON.stringify(bodyOf(endpoint, probe)),
      });
      const body = (await res.json()) as { data?: { distance?: number | null }[] };
      const want = endpoint === 'nearby' ? 50 : 10;
      if (res.status !== 200 || body.data?.length !== want) {
        throw new Error(
          `${endpoint}: unexpected answer ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
        );
      }
      const far = Math.max(...body.data.map((d) => d.distance ?? 0));
      console.log(
        `  check ${PATHS[endpoint]} (Ouagadougou viewer): ${want} results, up to ${far} km`,
      );
    }

    // EXPLAIN (ANALYZE, BUFFERS) of the repository's own queries, warm (as in steady state).
    const now = new Date();
    const places = [
      { name: 'Ouagadougou (dense)', viewer: ouagaViewer },
      { name: 'Dori (small town)', viewer: nearestViewer(viewers, 'Dori') },
    ];
    for (const place of places) {
      if (!place.viewer) continue;
      const v = place.viewer;
      const q = { latitude: v.lat, longitude: v.lng, ...NEARBY_BODY };
      await nearbySearch(db, v.id, q, now).run();
      const plans: Plan[] = [];
      await findNearby(explaining(db, plans), nearbySearch(db, v.id, q, now).search);
      const plan = plans.map((p) => p.plan).join('\n');
      console.log(
        `\n--- POST /location/nearby from ${place.name} (${v.lat}, ${v.lng}), radius 50, ` +
          `ages 18-99: ${verdict(plan)}`,
      );
      console.log(plan);
    }
    const ctx = {
      db,
      me: probe.id,
      now,
      limiter: app.limiter,
      log: app.log,
      notify: app.notify,
      photos: () => null,
    };
    await findSwipeCandidates(ctx, { limit: 10, exclude_ids: [] });
    const swipePlans: Plan[] = [];
    await findSwipeCandidates(
      { ...ctx, db: explaining(db, swipePlans) },
      {
        limit: 10,
        exclude_ids: [],
      },
    );
    const knn = swipePlans.filter((p) => p.sql.includes('<->'));
    console.log(
      `\n--- POST /swipe/profiles from Ouagadougou, candidate query: ` +
        verdict(knn.map((p) => p.plan).join('\n')),
    );
    for (const p of knn) console.log(p.plan);
    const others = swipePlans.filter((p) => !p.sql.includes('<->'));
    for (const p of others) {
      const first = p.sql.trim().split('\n')[0]?.slice(0, 70);
      console.log(`  other statement "${first}…": ${planSummary(p.plan)}`);
    }

    const paced = Math.max(1, Math.min(PACED_INSTANCES, rate));
    console.log(
      `\nLoad: ${seconds} s per run after a ${WARMUP_SECONDS} s warm-up; paced: ${paced} autocannon ` +
        `instances x 1 connection x overallRate ${rate / paced}, started ` +
        `${(1000 / paced).toFixed(0)} ms apart; max: 1 instance, ${connections} connections. ` +
        `Requests round-robin over ${viewers.length} viewers (own session, own position).`,
    );
    console.log(HEADER);
    for (const endpoint of ['nearby', 'swipe'] as const) {
      const job = { origin, requests: requestsOf(endpoint, viewers) };
      await load({ ...job, seconds: WARMUP_SECONDS, rate: 0, instances: 1, connections });
      const modes = [
        { label: `${rate} req/s`, rate, instances: paced, connections: 1 },
        { label: 'max throughput', rate: 0, instances: 1, connections },
      ];
      for (const mode of modes) {
        const load1m = os.loadavg()[0] ?? 0;
        const r = await load({ ...job, seconds, ...mode });
        const name = `${PATHS[endpoint].replace('/api', '')}, ${mode.label}`;
        console.log(row(name, r, load1m));
        outcomes.push({ engine: setup.label, endpoint, rate: mode.rate, name, r });
        const odd = Object.entries(r.statuses).filter(([s]) => s !== '200');
        if (odd.length > 0) console.log(`  statuses other than 200: ${JSON.stringify(odd)}`);
      }
    }
  } finally {
    await app?.close().catch(() => undefined);
    await setup.cleanUp();
  }
}

// --- main ------------------------------------------------------------------------------------

async function postgresEngine(): Promise<EngineSetup> {
  const { createDb } = await import('../packages/server/src/db/db.js');
  // Benchmarks, like tests, may read the environment to find their database server.
  const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `bench_nearby_${Date.now()}`;
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const admin = await createDb({ databaseUrl: adminUrl, dataDir: null });
  await admin.query(`CREATE DATABASE ${dbName}`);
  const db = await createDb({ databaseUrl: url.toString(), dataDir: null });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-nearby-'));
  const settings = (
    await db.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM unnest(ARRAY['server_version',
         'shared_buffers', 'work_mem', 'synchronous_commit']) AS name`,
    )
  )
    .map((r) => `${r.name}=${r.setting}`)
    .join(', ');
  let cleaned: Promise<void> | null = null;
  return {
    label: `PostgreSQL (${settings}; database ${dbName})`,
    db,
    members: Number(values['pg-members']),
    chunk: PG_CHUNK,
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'silent',
      PAYMENT_RECONCILE_INTERVAL_S: '0',
    },
    cleanUp: () =>
      (cleaned ??= (async () => {
        await db.close().catch(() => undefined);
        await admin
          .query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`)
          .catch((err: unknown) => {
            console.error(`could not drop ${dbName}: ${String(err)}`);
          });
        await admin.close().catch(() => undefined);
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
}

async function pgliteEngine(): Promise<EngineSetup> {
  const { createDb } = await import('../packages/server/src/db/db.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rencontre-bench-nearby-lite-'));
  const db = await createDb({ dataDir });
  const version = (
    await db.query<{ v: string }>('SELECT current_setting($1) AS v', ['server_version'])
  )[0];
  let cleaned: Promise<void> | null = null;
  return {
    label: `PGlite (PostgreSQL ${version?.v}, DATA_DIR ${dataDir})`,
    db,
    members: Number(values['lite-members']),
    chunk: LITE_CHUNK,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      DEMO_SEED: 'off',
      LOG_LEVEL: 'silent',
      PAYMENT_RECONCILE_INTERVAL_S: '0',
    },
    cleanUp: () =>
      (cleaned ??= (async () => {
        await db.close().catch(() => undefined);
        fs.rmSync(dataDir, { recursive: true, force: true });
      })()),
  };
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
    if (engine === 'postgres') current = await postgresEngine();
    else if (engine === 'pglite') current = await pgliteEngine();
    else throw new Error(`unknown engine ${engine} (postgres, pglite)`);
    await benchEngine(current, outcomes);
    current = null;
  }

  const rate = Number(values.rate);
  console.log(
    `\nTargets (issue 7): /location/nearby p99 under ${TARGETS_P99_MS.nearby} ms at ${rate} ` +
      `requests/s, /swipe/profiles p99 under ${TARGETS_P99_MS.swipe} ms; no errors`,
  );
  let failed = false;
  for (const { engine, endpoint, rate: runRate, name, r } of outcomes) {
    const errors = r.errors + r.timeouts + r.non2xx;
    failed ||= errors > 0;
    if (runRate === 0) continue;
    const kept = r.requestsPerSecond >= runRate * 0.95;
    const met = r.p99 < TARGETS_P99_MS[endpoint] && errors === 0 && kept;
    console.log(
      `  ${(engine.split(' ')[0] ?? '').padEnd(10)} ${name.padEnd(32)} ` +
        `${met ? 'MET    ' : 'NOT MET'} ` +
        `(p99 ${f1(r.p99)} ms, ${r.requestsPerSecond.toFixed(0)} req/s` +
        `${kept ? '' : ' below the rate'}, ${errors} errors, ${r.tooMany} x 429)`,
    );
  }
  console.log(`\n${uptime()}`);
  if (failed) process.exitCode = 1;
}

await main();
