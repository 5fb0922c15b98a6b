/**
 * Demo seed step: the demo members, each with an illustrated portrait drawn offline and stored
 * through the photo pipeline like an upload, inserted with multi-row INSERTs. Only the
 * documented demo account has a password.
 */
import argon2 from 'argon2';
import type { Sql, Param } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { inBatches, insertOnce } from '../seed-context.js';
import { createRng } from '../rng.js';
import { DEMO_ACCOUNT, generateDemoMembers, type DemoMember } from '../demo-members.js';
import { renderPortrait } from '../portrait.js';
import { storePhoto } from '../../../adapters/images/photos.js';

const MEMBERS_SEED = 0x0b0b0226;
const PORTRAIT_CONCURRENCY = 8;
// The effort uploads are encoded with (effort 0 made files a third larger): the demo's photos
// weigh what members' own would, so what the data benches measure is what members would pay.
const PORTRAIT_EFFORT = 4;
// The full picture, fetched only when a portrait is opened: at 720 px, effort 2 takes half the
// time of 4 (26 against 53 ms) for files 6 % larger (14.7 against 13.9 KB), measured.
const PORTRAIT_FULL_EFFORT = 2;
const ROWS_PER_INSERT = 100;
const DEMO_PHOTO_PREFIX = 'demo';

/** Each inserted column with the SQL type its parameter is cast to. */
const COLUMNS = {
  email: 'text',
  password_hash: 'text',
  email_verified_at: 'timestamptz',
  name: 'text',
  gender: 'text',
  birth_date: 'date',
  locality: 'text',
  bio: 'text',
  details: 'jsonb',
  passions: 'text[]',
  photo_key: 'text',
  coins: 'int',
  invitation_code: 'text',
  lat: 'float8',
  lng: 'float8',
  location_updated_at: 'timestamptz',
  last_seen_at: 'timestamptz',
  profile_completed_at: 'timestamptz',
  is_demo: 'boolean',
  created_at: 'timestamptz',
} as const;
type Row = Record<keyof typeof COLUMNS, Param>;
const COLUMN_NAMES = Object.keys(COLUMNS) as (keyof typeof COLUMNS)[];

function rowOf(m: DemoMember, photoKey: string, passwordHash: string | null): Row {
  const minutesAfterSignup = (n: number) =>
    new Date(m.createdAt.getTime() + n * 60_000).toISOString();
  return {
    email: m.email,
    password_hash: passwordHash,
    email_verified_at: minutesAfterSignup(2),
    name: m.name,
    gender: m.gender,
    birth_date: m.birthDate,
    locality: m.locality,
    bio: m.bio || null,
    details: JSON.stringify(m.details),
    passions: m.passions,
    photo_key: photoKey,
    coins: m.coins,
    invitation_code: m.invitationCode,
    lat: m.lat,
    lng: m.lng,
    location_updated_at: m.lastSeenAt.toISOString(),
    last_seen_at: m.lastSeenAt.toISOString(),
    profile_completed_at: minutesAfterSignup(9),
    is_demo: true,
    created_at: m.createdAt.toISOString(),
  };
}

/** Multi-row INSERTs, ROWS_PER_INSERT at a time (a few thousand parameters each). */
async function insertRows(tx: Sql, rows: Row[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const params: Param[] = [];
    const tuples = rows.slice(i, i + ROWS_PER_INSERT).map((row) => {
      const cells = COLUMN_NAMES.map((column) => {
        params.push(row[column]);
        return `$${params.length}::${COLUMNS[column]}`;
      });
      return `(${cells.join(', ')})`;
    });
    const result = await tx.query(
      `INSERT INTO users (${COLUMN_NAMES.join(', ')})
       VALUES ${tuples.join(',\n')}
       ON CONFLICT DO NOTHING RETURNING id`,
      params,
    );
    inserted += result.length;
  }
  return inserted;
}

const hasDemoMembers = async (sql: Sql) =>
  (await sql.query('SELECT 1 FROM users WHERE is_demo LIMIT 1')).length > 0;

export const membersStep: SeedStep = {
  name: 'membres',
  isDone: hasDemoMembers,
  async run(ctx: SeedContext) {
    const members = generateDemoMembers(createRng(MEMBERS_SEED), ctx.now);
    const demoHash = await argon2.hash(DEMO_ACCOUNT.password, { type: argon2.argon2id });
    // Same members, same photo ids: files from an interrupted run are simply rewritten.
    const rows = await inBatches(members, PORTRAIT_CONCURRENCY, async (m) => {
      const png = await renderPortrait({ seed: m.portraitSeed, gender: m.gender, age: m.age });
      const photo = await storePhoto(ctx.storage, png, DEMO_PHOTO_PREFIX, {
        id: m.photoId,
        effort: PORTRAIT_EFFORT,
        fullEffort: PORTRAIT_FULL_EFFORT,
        // The AVIF twins cost as much as the WebP variants (53 of a portrait's 119 ms at 480 px,
        // measured); they are drawn from the WebP the first time a phone asks for them, and
        // that time buys the larger drawing (portrait.ts).
        avif: false,
      });
      return rowOf(m, photo.key, m.isDemoAccount ? demoHash : null);
    });
    return insertOnce(ctx.db, hasDemoMembers, async (tx) => {
      const n = await insertRows(tx, rows);
      // Demo balances enter through the ledger like any other coins, so the audit balances.
      await tx.query(
        `INSERT INTO coin_movements (user_id, amount, balance_after, reason, idempotency_key, meta)
         SELECT id, coins, coins, 'admin_adjustment', 'demo_seed:' || id, '{"demo": true}'::jsonb
           FROM users WHERE is_demo AND coins > 0
         ON CONFLICT (idempotency_key) DO NOTHING`,
      );
      return n;
    });
  },
};
