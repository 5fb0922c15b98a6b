/**
 * Sessions on the database (no app): a token is 256 random bits, only its SHA-256 is stored, it
 * finds its member until revoked (also through the reader compiled once), revoking one leaves
 * the others, a reset revokes them all; the day's activity marks land once, never for a deleted
 * account.
 * Part of the auth-sessions module of npm run test:mutation.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  findSessionUser,
  recordMembersActivity,
  revokeAllSessions,
  revokeSession,
  sessionUserReader,
} from '../../src/auth/session.repository.js';
import type { Db } from '../../src/db/db.js';
import { kyselyOf } from '../../src/db/kysely.js';
import { createMember, freshDb } from '../helpers.js';

let db: Db;
const kdb = () => kyselyOf(db);
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

describe('sessions', () => {
  it('hand out a 256-bit token and keep only its SHA-256', async () => {
    const m = await createMember({ db });
    const token = await createSession(kdb(), m.id);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db.query('SELECT token_hash FROM sessions WHERE user_id = $1 ORDER BY id', [
      m.id,
    ]);
    expect(rows).toContainEqual({ token_hash: sha256(token) });
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(await createSession(kdb(), m.id)).not.toBe(token);
  });

  it('find the member behind a token, and nobody behind an unknown one', async () => {
    const m = await createMember({ db }, { email: 'session@test.bf' });
    const token = await createSession(kdb(), m.id);
    const found = await findSessionUser(kdb(), token);
    expect(found).toMatchObject({
      id: m.id,
      email: 'session@test.bf',
      role: 'member',
      blocked_at: null,
    });
    expect(typeof found?.session_id).toBe('number');
    expect(await findSessionUser(kdb(), `${token}x`)).toBeUndefined();
  });

  it("revoke one session, answering its id, and leave the member's others", async () => {
    const m = await createMember({ db });
    const a = await createSession(kdb(), m.id);
    const b = await createSession(kdb(), m.id);
    const idA = (await findSessionUser(kdb(), a))?.session_id;
    expect(await revokeSession(kdb(), a)).toBe(idA);
    expect(await findSessionUser(kdb(), a)).toBeUndefined();
    expect(await findSessionUser(kdb(), b)).toMatchObject({ id: m.id });
    expect(await revokeSession(kdb(), 'inconnu')).toBeNull();
  });

  it("revoke every session of one member and no one else's", async () => {
    const m = await createMember({ db });
    const other = await createMember({ db });
    const tokens = [await createSession(kdb(), m.id), await createSession(kdb(), m.id)];
    const kept = await createSession(kdb(), other.id);
    await revokeSession(kdb(), tokens[0] ?? '');
    const before = await db.query<{ revoked_at: Date }>(
      'SELECT revoked_at FROM sessions WHERE token_hash = $1',
      [sha256(tokens[0] ?? '')],
    );
    await revokeAllSessions(kdb(), m.id);
    for (const token of tokens) expect(await findSessionUser(kdb(), token)).toBeUndefined();
    expect(await findSessionUser(kdb(), kept)).toMatchObject({ id: other.id });
    // An already revoked session keeps the time it ended.
    const after = await db.query('SELECT revoked_at FROM sessions WHERE token_hash = $1', [
      sha256(tokens[0] ?? ''),
    ]);
    expect(after).toEqual(before);
  });

  it('read each token through the statement compiled once as findSessionUser does', async () => {
    const read = sessionUserReader(kdb());
    const [m, staff, odd] = [
      await createMember({ db }, { email: 'lu@test.bf' }),
      await createMember({ db }),
      await createMember({ db }),
    ];
    await db.query(`UPDATE users SET role = 'admin', blocked_at = now() WHERE id = $1`, [staff.id]);
    const [a, b, c] = [
      await createSession(kdb(), m.id),
      await createSession(kdb(), staff.id),
      await createSession(kdb(), odd.id),
    ];
    await db.query(`ALTER TABLE users DROP CONSTRAINT IF EXISTS users_role_check`);
    await db.query(`UPDATE users SET role = 'chef' WHERE id = $1`, [odd.id]);
    for (const token of [a, b, a]) {
      expect(await read(sha256(token))).toEqual(await findSessionUser(kdb(), token));
    }
    expect(await read(sha256(a))).toMatchObject({ id: m.id, email: 'lu@test.bf', role: 'member' });
    const held = await read(sha256(b));
    expect(held).toMatchObject({ id: staff.id, role: 'admin' });
    expect(held?.blocked_at).toBeInstanceOf(Date);
    expect(await read(sha256(c))).toMatchObject({ id: odd.id, role: 'member' });
    expect(await read(sha256(`${a}x`))).toBeUndefined();
    await revokeSession(kdb(), a);
    expect(await read(sha256(a))).toBeUndefined();
  });

  it('mark the listed members active once for the day, and never a deleted account', async () => {
    // One after the other: a's id is below b's, as the expected order says.
    const a = await createMember({ db });
    const b = await createMember({ db });
    const gone = await createMember({ db });
    const other = await createMember({ db });
    await db.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
    const marks = () =>
      db.query<{ user_id: number; day: string }>(
        `SELECT user_id::int, to_char(day, 'YYYY-MM-DD') AS day FROM member_activity
          WHERE user_id = ANY($1::bigint[]) ORDER BY user_id, day`,
        [[a.id, b.id, gone.id, other.id]],
      );
    await recordMembersActivity(kdb(), '2026-11-27', [a.id, b.id, gone.id]);
    await recordMembersActivity(kdb(), '2026-11-27', [a.id]);
    await recordMembersActivity(kdb(), '2026-11-28', [a.id]);
    expect(await marks()).toEqual([
      { user_id: a.id, day: '2026-11-27' },
      { user_id: a.id, day: '2026-11-28' },
      { user_id: b.id, day: '2026-11-27' },
    ]);
  });
});
