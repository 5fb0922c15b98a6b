/**
 * A copy that stops (a deploy, a restart) lets its members' phones reconnect by themselves: the
 * close does not wait for them to hang up, and it cuts their link without the socket.io goodbye
 * that would tell the client never to try again (the goodbye is for sessions that ended).
 */
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { listen, openSocketTracked } from './sockets.js';

const sockets: Socket[] = [];
let t: TestApp | null = null;

afterEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t?.close().catch(() => undefined);
  t = null;
});

describe('a stopping copy and its sockets', () => {
  it('closes promptly with a member connected, who is left free to reconnect', async () => {
    t = await createTestApp();
    const url = await listen(t.app);
    const member = await createMember(t);
    const socket = await openSocketTracked(sockets, url, { token: member.token });
    const reason = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const started = Date.now();
    await t.app.close();
    const closedIn = Date.now() - started;

    // Not 'io server disconnect', which socket.io clients take as "do not reconnect".
    expect(await reason).toBe('transport close');
    // An open WebSocket used to hold the HTTP server until main.ts forced the exit at 10 s.
    expect(closedIn).toBeLessThan(5_000);
  });
});
