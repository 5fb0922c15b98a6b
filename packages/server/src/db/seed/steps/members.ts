/**
 * Demo seed step: the demo members, each with a locally drawn avatar stored through the photo
 * pipeline, inserted with multi-row INSERTs. Only the documented demo account has a password.
 */
import argon2 from 'argon2';
import type { Sql, Param } from '../../db.js';
import type { SeedContext, SeedStep } from '../seed-context.js';
import { inBatches, insertOnce } from '../seed-context.js';
import { createRng } from '../rng.js';
import { DEMO_ACCOUNT, generateDemoMembers, type DemoMember } from '../demo-members.js';
import { renderAvatar } from '../avatar.js';
import { storePhoto } from '../../../adapters/images/photos.js';

const MEMBERS_SEED = 0x0b0b0226;
const AVATAR_CONCURRENCY = 8;
const AVATAR_EFFORT = 2;
const ROWS_PER_INSERT = 100;
export const DEMO_PHOTO_PREFIX = 'demo';

const COLUMNS = [
  ['email', 'text'],
  ['password_hash', 'text'],
  ['email_verified_at', 'timestamptz'],
  ['name', 'text'],
  ['gender', 'text'],
  ['birth_date', 'date'],
  ['locality', 'text'],
  ['bio', 'text'],
  ['details', 'jsonb'],
  ['passions', 'text[]'],
  ['photo_key', 'text'],
  ['coins', 'int'],
  ['invitation_code', 'text'],
  ['lat', 'float8'],
  ['lng', 'float8'],
  ['location_updated_at', 'timestamptz'],
  ['last_seen_at', 'timestamptz'],
  ['profile_completed_at', 'timestamptz'],
  ['is_demo', 'boolean'],
  ['created_at', 'timestamptz'],
] as const;

function rowOf(m: DemoMember, photoKey: string, passwordHash: string | null): Param[] {
  const minutes = (n: number) => new Date(m.createdAt.getTime() + n * 60_000).toISOString();
  return [
    m.email,
    passwordHash,
    minutes(2),
    m.name,
    m.gender,
    m.birthDate,
    m.locality,
    m.bio || null,
    JSON.stringify(m.details),
    m.passions,
    photoKey,
    m.coins,
    m.invitationCode,
    m.lat,
    m.lng,
    m.lastSeenAt.toISOString(),
    m.lastSeenAt.toISOString(),
    minutes(9),
    true,
    m.createdAt.toISOString(),
  ];
}

async function insertRows(tx: Sql, rows: Param[][]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const params: Param[] = [];
    const tuples = chunk.map((row) => {
      const cells = row.map((value, c) => {
        params.push(value);
        return `$${params.length}::${COLUMNS[c]?.[1] ?? 'text'}`;
      });
      return `(${cells.join(', ')})`;
    });
    const result = await tx.query(
      `INSERT INTO users (${COLUMNS.map(([name]) => name).join(', ')})
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
    const rows = await inBatches(members, AVATAR_CONCURRENCY, async (m) => {
      const png = await renderAvatar({ name: m.name, variant: m.avatarVariant });
      const photo = await storePhoto(ctx.storage, png, DEMO_PHOTO_PREFIX, {
        id: m.photoId,
        effort: AVATAR_EFFORT,
      });
      return rowOf(m, photo.key, m.isDemoAccount ? demoHash : null);
    });
    return insertOnce(ctx.db, hasDemoMembers, (tx) => insertRows(tx, rows));
  },
};
