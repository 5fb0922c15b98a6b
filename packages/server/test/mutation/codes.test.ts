/**
 * E-mail codes on the database (no app): six digits, stored hashed, single use, 10-minute life,
 * 5 wrong tries and the code is spent, a new code replaces the old, each purpose apart, and the
 * resend clock. Part of the auth-codes module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkCode,
  issueCode,
  newCode,
  secondsSinceLastCode,
  type CodePurpose,
} from '../../src/modules/auth/codes.js';
import type { Db } from '../../src/db/db.js';
import { createKysely } from '../../src/db/kysely.js';
import { createMember, freshDb } from '../helpers.js';

let db: Db;
const kdb = () => createKysely(db);
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await freshDb());
});
afterAll(() => drop());

const T0 = new Date('2026-03-02T10:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const check = (userId: number, code: string, now = T0, purpose: CodePurpose = 'verify') =>
  kdb()
    .transaction()
    .execute((trx) => checkCode(trx, userId, purpose, code, now));
const wrong = (code: string) => (code === '000000' ? '000001' : '000000');
const member = async () => (await createMember({ db })).id;

describe('e-mail codes', () => {
  it('are six digits, zeros included', () => {
    const codes = Array.from({ length: 300 }, newCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(250);
  });

  it('work once, and are stored salted and hashed, never as such', async () => {
    const id = await member();
    const code = await issueCode(kdb(), id, 'verify', T0);
    const rows = await db.query<{ code_hash: string; salt: string; expires_at: Date }>(
      'SELECT code_hash, salt, expires_at FROM email_codes WHERE user_id = $1',
      [id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(new Date(rows[0]?.expires_at ?? 0).getTime()).toBe(at(10 * 60_000).getTime());
    expect(await check(id, code)).toBe('ok');
    expect(await check(id, code)).toBe('expired');
  });

  it('last ten minutes', async () => {
    const id = await member();
    const code = await issueCode(kdb(), id, 'verify', T0);
    expect(await check(id, code, at(10 * 60_000))).toBe('expired');
    const second = await issueCode(kdb(), id, 'verify', T0);
    expect(await check(id, second, at(10 * 60_000 - 1))).toBe('ok');
  });

  it('are spent by the fifth wrong try, even for the right code after it', async () => {
    const id = await member();
    const code = await issueCode(kdb(), id, 'verify', T0);
    for (let i = 1; i <= 4; i += 1) expect(await check(id, wrong(code))).toBe('incorrect');
    expect(await check(id, wrong(code))).toBe('expired');
    expect(await check(id, code)).toBe('expired');
  });

  it('still take the right code after four wrong tries', async () => {
    const id = await member();
    const code = await issueCode(kdb(), id, 'verify', T0);
    for (let i = 1; i <= 4; i += 1) await check(id, wrong(code));
    const rows = await db.query('SELECT attempts FROM email_codes WHERE user_id = $1', [id]);
    expect(rows).toEqual([{ attempts: 4 }]);
    expect(await check(id, code)).toBe('ok');
  });

  it('replace the earlier code of the same purpose only', async () => {
    const id = await member();
    const reset = await issueCode(kdb(), id, 'reset', T0);
    const first = await issueCode(kdb(), id, 'verify', T0);
    const second = await issueCode(kdb(), id, 'verify', at(60_000));
    if (first !== second) expect(await check(id, first, at(61_000))).toBe('incorrect');
    expect(await check(id, reset, at(61_000), 'verify')).toBe(
      reset === second ? 'ok' : 'incorrect',
    );
    expect(await check(id, reset, at(61_000), 'reset')).toBe('ok');
  });

  it('answer expired when none was sent', async () => {
    expect(await check(await member(), '123456')).toBe('expired');
  });

  it('tell how long ago the last one of a purpose was sent', async () => {
    const id = await member();
    expect(await secondsSinceLastCode(kdb(), id, 'verify', T0)).toBeNull();
    await issueCode(kdb(), id, 'verify', T0);
    await issueCode(kdb(), id, 'verify', at(20_000));
    await issueCode(kdb(), id, 'reset', at(50_000));
    expect(await secondsSinceLastCode(kdb(), id, 'verify', at(62_500))).toBe(42.5);
    expect(await secondsSinceLastCode(kdb(), id, 'delete_account', at(62_500))).toBeNull();
  });
});
