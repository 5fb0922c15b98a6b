/**
 * The feed benchmark's data, seeded with set-based SQL in one transaction: members with complete
 * profiles around Ouagadougou and Bobo-Dioulasso (positions rounded to about 1 km as the nearby
 * module stores them; migration 006 derives fuzz_pos and geo_km from them) and active
 * announcements by random members over the last 60 days.
 */
import type { TLatLng } from '@app/shared';
import type { Db } from '../packages/server/src/db/db.js';
import { lit, memberNameSql } from './sql.js';

export const CITIES: (TLatLng & { name: string })[] = [
  { name: 'Ouagadougou', lat: 12.3714, lng: -1.5197 },
  { name: 'Bobo-Dioulasso', lat: 11.1771, lng: -4.2979 },
];

const TEXT =
  'Je cherche une personne sérieuse et attentionnée pour partager de bons moments, des sorties ' +
  "au maquis, des balades au bord du barrage et de longues discussions. J'aime la musique, la " +
  'cuisine, le football et les voyages à travers le pays. ';

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
           ${memberNameSql('g')},
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
           left(repeat(${lit(TEXT)}, 4), 60 + (random() * 600)::int),
           ${categories}[1 + floor(random() * 5)::int],
           floor(random() * 300)::int, ts, ts
      FROM (SELECT g, now() - random() * interval '60 days' AS ts
              FROM generate_series(1, ${count}) g) a,
           (SELECT min(id) AS first_id FROM users) u`;
}

/** Seeds, then VACUUM ANALYZE (statistics for the planner), and prints what is there. */
export async function seedAndReport(db: Db, members: number, announcements: number) {
  // Seed: one transaction of set-based statements, then statistics for the planner.
  let t0 = performance.now();
  await db.transaction(async (tx) => {
    await tx.query('SELECT setseed(0.4242)');
    await tx.query(membersSql(members));
    await tx.query(announcementsSql(announcements, members));
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
}
