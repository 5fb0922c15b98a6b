/**
 * EXPLAIN (ANALYZE, BUFFERS) of the repository's own nearby and swipe-candidate queries, warm (as
 * in steady state), each with a verdict: a K-nearest-neighbour scan of users_geo_knn_idx, or not.
 */
import type { Db, SqlRunner } from '../packages/server/src/db/db.js';
import { createKysely } from '../packages/server/src/db/kysely.js';
import type { BenchApp } from './bench-app.js';
import { NEARBY_BODY } from './nearby-load.js';
import type { Viewer } from './nearby-seed.js';
import { explainingSql } from './sql.js';

interface Plan {
  sql: string;
  plan: string;
}

/** The database, with every SELECT also run under EXPLAIN (ANALYZE, BUFFERS) and recorded. */
function explaining(db: Db, plans: Plan[]): Db {
  const wrap = (sql: SqlRunner) =>
    explainingSql(
      sql,
      (text, plan) => plans.push({ sql: text, plan }),
      (text) => /^\s*\(?\s*SELECT\b/i.test(text),
    );
  return {
    kind: db.kind,
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    listen: (channel, handlers) => db.listen(channel, handlers),
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

/** POST /location/nearby's query from each place's viewer (places without one are skipped). */
export async function explainNearby(
  db: Db,
  places: { name: string; viewer: (Viewer & { id: number }) | undefined }[],
  now: Date,
): Promise<void> {
  const { nearbySearch } =
    await import('../packages/server/src/modules/nearby/location.service.js');
  const { findNearby } =
    await import('../packages/server/src/modules/nearby/location.repository.js');
  for (const place of places) {
    if (!place.viewer) continue;
    const v = place.viewer;
    const q = { latitude: v.lat, longitude: v.lng, ...NEARBY_BODY };
    const typed = createKysely(db);
    await nearbySearch(typed, v.id, q, now).run();
    const plans: Plan[] = [];
    await findNearby(createKysely(explaining(db, plans)), nearbySearch(typed, v.id, q, now).search);
    const plan = plans.map((p) => p.plan).join('\n');
    console.log(
      `\n--- POST /location/nearby from ${place.name} (${v.lat}, ${v.lng}), radius 50, ` +
        `ages 18-99: ${verdict(plan)}`,
    );
    console.log(plan);
  }
}

/** POST /swipe/profiles's candidate query for member `me`, and a summary of its other statements. */
export async function explainSwipe(app: BenchApp, db: Db, me: number, now: Date): Promise<void> {
  const { findSwipeCandidates } =
    await import('../packages/server/src/modules/swipes/swipe.service.js');
  const deps = { ...app.deps, db: createKysely(db), clock: { now: () => now } };
  await findSwipeCandidates(deps, me, { limit: 10, exclude_ids: [] });
  const swipePlans: Plan[] = [];
  await findSwipeCandidates({ ...deps, db: createKysely(explaining(db, swipePlans)) }, me, {
    limit: 10,
    exclude_ids: [],
  });
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
}
