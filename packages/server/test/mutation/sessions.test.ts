/**
 * Sessions on the database (no app): a token is 256 random bits, only its SHA-256 is stored, it
 * finds its member until revoked, revoking one leaves the others, a reset revokes them all.
 * Part of the auth-sessions module of npm run test:mutation.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createSession,
  findSessionUser,
  revokeAllSessions,
  revokeSession,
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
});
