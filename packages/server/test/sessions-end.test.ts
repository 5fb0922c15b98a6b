/**
 * Sessions end everywhere: the live Socket.IO connections of a session that ends are closed
 * within a second — that session's alone on sign-out, every session of the member on a password
 * reset, an account deletion, a block by staff or by the device rule — on this copy and on
 * another copy of the same database, with Redis (TEST_REDIS_URL) or without it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { REALTIME_EVENTS } from '@app/shared';
import { createSession } from '../src/auth/session.repository.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { fakeNotification, listen, nextEvent, openSocketTracked } from './sockets.js';
import {
  createMember,
  postJson,
  resetPassword,
  createTestApp,
  createTwoCopies,
  TEST_REDIS_URL,
  type TestApp,
} from './helpers.js';

const sockets: Socket[] = [];
afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

/** Resolves once the server has closed the socket; fails after `ms`. */
function closedWithin(socket: Socket, ms: number) {
  return new Promise<string>((resolve, reject) => {
    if (!socket.connected) return resolve('already closed');
    const timer = setTimeout(() => reject(new Error(`socket still open after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

const EVENT = REALTIME_EVENTS.notificationReceived;

async function secondSession(t: TestApp, userId: number) {
  return createSession(t.app.deps.db, userId);
}

const post = postJson;

describe('sessions end on one server', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it("closes the signed-out session's sockets, and only those, within a second", async () => {
    const m = await createMember(t);
    const other = await secondSession(t, m.id);
    const leaving = await openSocketTracked(sockets, url, { token: m.token });
    const staying = await openSocketTracked(sockets, url, { token: other });
    expect((await post(t.app, '/logout', {}, m.token)).statusCode).toBe(200);
    await closedWithin(leaving, 1000);
    // The signed-out socket hears nothing more; the other session still does.
    const heard = nextEvent(staying, EVENT);
    const after = fakeNotification('apres');
    t.app.deps.realtime.emitToUser(m.id, EVENT, after);
    expect(await heard).toEqual(after);
    expect(staying.connected).toBe(true);
  });

  it("closes every session's sockets on a password reset", async () => {
    const m = await createMember(t);
    const other = await secondSession(t, m.id);
    const a = await openSocketTracked(sockets, url, { token: m.token });
    const b = await openSocketTracked(sockets, url, { token: other });
    const reset = await resetPassword(t.app, m);
    expect(reset.statusCode).toBe(200);
    // Within a second of the answer (the reset itself hashes the new password first).
    await Promise.all([closedWithin(a, 1000), closedWithin(b, 1000)]);
    // The revoked tokens cannot open a new connection either.
    await expect(openSocketTracked(sockets, url, { token: other })).rejects.toThrow();
  });

  it("closes every session's sockets when staff block the member", async () => {
    const m = await createMember(t);
    const admin = await createMember(t);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const s = await openSocketTracked(sockets, url, { token: m.token });
    const res = await post(
      t.app,
      `/admin/members/${m.id}/block`,
      { reason: 'Arnaque signalée' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    await closedWithin(s, 1000);
  });

  it('closes the sockets of the accounts the device rule blocks', async () => {
    const device = `appareil-sockets-${Date.now()}`;
    const register = (email: string) =>
      post(t.app, '/register', { email, password: 'Baobab-Sahel-2025', device_hash: device });
    const first = await register(`premier-${device}@test.bf`);
    expect(first.statusCode).toBe(201);
    const { token } = first.json().data as { token: string };
    const s = await openSocketTracked(sockets, url, { token });
    for (let i = 1; i <= 2; i++) {
      expect((await register(`essai${i}-${device}@test.bf`)).json().error).toBe(
        'device_already_registered',
      );
    }
    expect(s.connected).toBe(true);
    const third = await register(`essai3-${device}@test.bf`);
    expect(third.json().error).toBe('account_blocked_multiple_creation');
    await closedWithin(s, 1000);
  });

  it("closes every session's sockets when the member deletes the account", async () => {
    const m = await createMember(t);
    await t.db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
      m.id,
      await hashPassword('Karite-Soleil-2025'),
    ]);
    const other = await secondSession(t, m.id);
    const a = await openSocketTracked(sockets, url, { token: m.token });
    const b = await openSocketTracked(sockets, url, { token: other });
    const res = await post(t.app, '/account/delete', { password: 'Karite-Soleil-2025' }, m.token);
    expect(res.statusCode).toBe(200);
    await Promise.all([closedWithin(a, 1000), closedWithin(b, 1000)]);
  });
});

describe('sessions end across two server copies', () => {
  let drop: () => Promise<void> = async () => undefined;
  let t: TestApp;
  let urlB = '';

  beforeAll(async () => {
    const two = await createTwoCopies(TEST_REDIS_URL);
    drop = two.close;
    await listen(two.copies[0]);
    urlB = await listen(two.copies[1]);
    t = two.a;
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await drop();
  });

  it("a sign-out on copy A closes the session's socket on copy B", async () => {
    const m = await createMember(t);
    const other = await secondSession(t, m.id);
    const onB = await openSocketTracked(sockets, urlB, { token: m.token });
    const otherOnB = await openSocketTracked(sockets, urlB, { token: other });
    expect((await post(t.app, '/logout', {}, m.token)).statusCode).toBe(200);
    await closedWithin(onB, 1000);
    expect(otherOnB.connected).toBe(true);
    const admin = await createMember(t);
    await t.db.query(`UPDATE users SET role = 'admin' WHERE id = $1`, [admin.id]);
    const res = await post(
      t.app,
      `/admin/members/${m.id}/block`,
      { reason: 'Arnaque' },
      admin.token,
    );
    expect(res.statusCode).toBe(200);
    await closedWithin(otherOnB, 1000);
  });
});
