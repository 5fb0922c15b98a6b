/**
 * The nearby benchmark's members, seeded by set-based SQL (generate_series): 40 % around
 * Ouagadougou, 18 % around Bobo-Dioulasso, 32 % in thirteen other Burkina towns, 10 % scattered
 * over the country's bounding box, positions rounded to 2 decimals; 3 % never shared a position
 * and 2 % have no complete profile. Then the viewers: members with a session row each.
 */
import crypto from 'node:crypto';
import { haversineKm } from '@app/shared';
import type { Db } from '../packages/server/src/db/db.js';
import { lit, memberNameSql, sqlArray } from './sql.js';

export interface Viewer {
  token: string;
  lat: number;
  lng: number;
}

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
const PASSIONS = ['musique', 'cuisine', 'football', 'voyage', 'danse', 'lecture', 'cinema', 'mode'];
const BIO =
  'Je cherche une personne sérieuse et attentionnée pour partager de bons moments, des sorties ' +
  "au maquis et de longues discussions. J'aime la musique, la cuisine et les voyages. ";

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
           ${memberNameSql('p.g')},
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

/** Seeds `count` members, `chunk` per statement; returns the time it took, in ms. */
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

/** Seeds the members, then VACUUM ANALYZE, and prints what is there and how long it took. */
export async function seedAndReport(db: Db, members: number, chunk: number): Promise<void> {
  const seedMs = await seedMembers(db, members, chunk);
  const t0 = performance.now();
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
}

/** `count` viewers spread as the members are, each with a session row (token = secret + id). */
export async function viewerSessions(db: Db, count: number): Promise<(Viewer & { id: number })[]> {
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

/** The viewer nearest to a town's centre, if one lives within 10 km of it. */
export function nearestViewer<V extends Viewer>(viewers: V[], town: string): V | undefined {
  const t = TOWNS.find((x) => x.name === town);
  if (!t) return undefined;
  let best: { v: V; km: number } | undefined;
  for (const v of viewers) {
    const km = haversineKm(t, v);
    if (km <= 10 && (!best || km < best.km)) best = { v, km };
  }
  return best?.v;
}
