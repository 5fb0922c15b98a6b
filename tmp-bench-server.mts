// Temporary benchmark harness (not committed): N members, 40 % around Ouagadougou.
import fs from 'node:fs';
import { createDb } from './packages/server/src/db/db.js';
import { migrate } from './packages/server/src/db/migrate.js';
import { buildApp } from './packages/server/src/app.js';
import { freshDb, testConfig } from './packages/server/test/helpers.js';
import { createSession } from './packages/server/src/auth/session.repository.js';
import { explainNearby } from './packages/server/src/modules/nearby/location.repository.js';
import { nearbySearch } from './packages/server/src/modules/nearby/location.service.js';
import { explainNearestCandidates } from './packages/server/src/modules/swipes/swipe.repository.js';
import { planeKm } from '@app/shared';

const engine = process.argv[2] ?? 'pg';
const N = Number(process.argv[3] ?? 1_000_000);
const reuse = process.env.BENCH_DB_URL;
const db = reuse ? await createDb({ databaseUrl: reuse, dataDir: null }) : engine === 'pg' ? (await freshDb()).db : await createDb({ dataDir: null });
if (engine !== 'pg') await migrate(db);
let t = Date.now();
const CHUNK = 100_000;
for (let from = 1; !reuse && from <= N; from += CHUNK) {
  const to = Math.min(N, from + CHUNK - 1);
  await db.query(
    `INSERT INTO users (email, name, gender, birth_date, lat, lng, photo_key, profile_completed_at, last_seen_at)
     SELECT 'm' || g || '@bench.bf', 'Membre ' || g, CASE WHEN g % 2 = 0 THEN 'femme' ELSE 'homme' END,
            date '1965-01-01' + (random() * 14000)::int,
            round(CASE WHEN g % 5 < 2 THEN 12.3714 + (random() - 0.5) * 0.27 ELSE 9.5 + random() * 5.5 END::numeric, 2),
            round(CASE WHEN g % 5 < 2 THEN -1.5197 + (random() - 0.5) * 0.27 ELSE -5.5 + random() * 7.8 END::numeric, 2),
            'demo/' || md5(g::text), now(), now() - random() * interval '60 days'
       FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );
}
await db.query('ANALYZE users');
console.log(`${engine}: ${N} members inserted in ${((Date.now() - t) / 1000).toFixed(1)} s`);
const tokens: string[] = [];
const ids: number[] = [];
for (let i = 0; !reuse && i < 300; i++) {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO users (email, name, gender, birth_date, lat, lng, profile_completed_at, email_verified_at)
     VALUES ($1, 'Bench', 'homme', '1995-05-05', 12.37, -1.52, now(), now()) RETURNING id`,
    [`bench${i}@bench.bf`],
  );
  if (!row) throw new Error('no row');
  ids.push(row.id);
  tokens.push(await createSession(db, row.id));
}
if (!reuse) fs.writeFileSync('/tmp/bench-tokens.json', JSON.stringify(tokens));
if (reuse) ids.push(...(await db.query<{ id: number }>(`SELECT id FROM users WHERE email = 'bench0@bench.bf'`)).map((r) => r.id));
const q = { latitude: 12.3714, longitude: -1.5197, radius: 50, min_age: 18, max_age: 99 };
const s = nearbySearch(db, ids[0] ?? 0, q, new Date()).search;
t = Date.now();
const rows = await db.query(`EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) SELECT 1`);
void rows;
console.log('--- EXPLAIN nearby\n' + (await explainNearby(db, s)));
const analyze = await db.transaction(async (tx) => {
  await tx.query('SET LOCAL enable_sort = off');
  const sql = (await import('./packages/server/src/modules/nearby/location.repository.js')).explainNearby;
  void sql;
  return '';
});
void analyze;
const poolPlan = await explainNearestCandidates(db, { viewerId: ids[0] ?? 0, excludeIds: [], limit: 40 }, [{ is: 'femme' }, { isNot: 'femme' }], planeKm({ lat: 12.37, lng: -1.52 }));
console.log('--- EXPLAIN swipe pool\n' + poolPlan);
const app = await buildApp(testConfig({ LOG_LEVEL: 'silent' }), { db });
await app.listen({ port: 4555, host: '127.0.0.1' });
console.log('READY');
