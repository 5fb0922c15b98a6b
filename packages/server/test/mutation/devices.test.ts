/**
 * One account per device, through the sign-up and sign-in calls: who is refused, when a device's
 * accounts are blocked, what the answer tells the client, which devices are recorded for the
 * console. Part of the auth-devices module of npm run test:mutation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MSG } from '@app/shared';
import { upsertUserDevice } from '../../src/modules/auth/devices.repository.js';
import { createTestApp, type TestApp } from '../helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const PASSWORD = 'Savane-Lune-42';
const email = () => `appareil.${++n}.${Date.now()}@exemple.bf`;
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: `10.9.0.${n % 250}` });
const register = (device: string | null, address = email()) =>
  post('/register', { email: address, password: PASSWORD, device_hash: device });
const devicesOf = async (address: string) =>
  (
    await t.db.query<{ device_hash: string }>(
      `SELECT d.device_hash FROM user_devices d JOIN users u ON u.id = d.user_id
        WHERE u.email = $1 ORDER BY d.device_hash`,
      [address],
    )
  ).map((r) => r.device_hash);
const blockedOf = async (device: string) =>
  t.db.query<{ blocked_reason: string | null; blocked: boolean }>(
    `SELECT blocked_reason, blocked_at IS NOT NULL AS blocked FROM users
      WHERE device_hash = $1 ORDER BY id`,
    [device],
  );

describe('one account per device', () => {
  it("counts refusals per device: the third one blocks that device's account only", async () => {
    const device = `dev-a-${Date.now()}`;
    const elsewhere = `dev-b-${Date.now()}`;
    expect((await register(device)).statusCode).toBe(201);
    expect((await register(elsewhere)).statusCode).toBe(201);
    for (let i = 0; i < 2; i += 1) {
      const refused = await register(device);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        success: false,
        action: 'device_already_registered',
        message: AUTH_MSG.deviceAlreadyRegistered,
      });
      expect(refused.json().account_blocked).toBeUndefined();
    }
    expect(await blockedOf(device)).toEqual([{ blocked_reason: null, blocked: false }]);
    const third = await register(device);
    expect(third.statusCode).toBe(403);
    expect(third.json()).toMatchObject({
      action: 'account_blocked_multiple_creation',
      message: AUTH_MSG.blockedMultiple,
      account_blocked: true,
    });
    expect(await blockedOf(device)).toEqual([
      { blocked_reason: 'multiple_accounts', blocked: true },
    ]);
    expect(await blockedOf(elsewhere)).toEqual([{ blocked_reason: null, blocked: false }]);
  });

  it('creates an account on a blocked device, blocked at once, and says so', async () => {
    const device = `dev-c-${Date.now()}`;
    expect((await register(device)).statusCode).toBe(201);
    await t.db.query(`UPDATE users SET blocked_at = now() WHERE device_hash = $1`, [device]);
    const address = email();
    const res = await register(device, address);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      action: 'account_created_but_blocked',
      message: AUTH_MSG.accountBlocked,
      account_blocked: true,
    });
    expect(await blockedOf(device)).toHaveLength(2);
    expect((await blockedOf(device)).every((u) => u.blocked)).toBe(true);
    expect(await devicesOf(address)).toEqual([device]);
  });

  it('lets anyone sign up without a device, and records no device then', async () => {
    const address = email();
    expect((await register(null, address)).statusCode).toBe(201);
    expect((await register(null)).statusCode).toBe(201);
    expect(await devicesOf(address)).toEqual([]);
  });

  it('records each device a member signs in from, trimmed, and none for a blank one', async () => {
    const address = email();
    const first = `dev-d-${Date.now()}`;
    expect((await register(first, address)).statusCode).toBe(201);
    const login = (device_hash: string) =>
      post('/login', { email: address, password: PASSWORD, device_hash });
    expect((await login('  dev-phone  ')).statusCode).toBe(200);
    expect((await login('   ')).statusCode).toBe(200);
    expect(await devicesOf(address)).toEqual([first, 'dev-phone']);
  });

  it('keeps the first and latest time a device was seen', async () => {
    const address = email();
    expect((await register(null, address)).statusCode).toBe(201);
    const rows0 = await t.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [
      address,
    ]);
    const userId = rows0[0]?.id ?? 0;
    const at = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    await upsertUserDevice(t.app.deps.db, userId, 'dev-e', at(10));
    await upsertUserDevice(t.app.deps.db, userId, 'dev-e', at(12));
    await upsertUserDevice(t.app.deps.db, userId, 'dev-e', at(11));
    const rows = await t.db.query<{ first_seen_at: Date; last_seen_at: Date }>(
      'SELECT first_seen_at, last_seen_at FROM user_devices WHERE user_id = $1',
      [userId],
    );
    expect(rows.map((r) => [new Date(r.first_seen_at), new Date(r.last_seen_at)])).toEqual([
      [at(10), at(12)],
    ]);
  });
});
