/**
 * A call reaches a phone whose app is closed (issue 30): the ring goes out through Web Push
 * with the chat to open, and a call nobody answered leaves an « Appel manqué » push in its
 * place (same tag), both read from what a local push service received, opened as the
 * browser would.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestApp, postJson, type TestApp } from './helpers.js';
import { readableSubscription, startPushService } from './push-service.js';

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  push = await startPushService();
  // Calls set up (a relay address and its secret: no call here reaches media), and the local
  // push service on 127.0.0.1, which only this test allowance accepts.
  t = await createTestApp(
    {
      PUSH_EXTRA_HOSTS: '127.0.0.1',
      TURN_URLS: 'turn:127.0.0.1:3478?transport=udp',
      TURN_SECRET: 'calls-push-relay-secret-0123',
    },
    { pushAgent: push.agent },
  );
});
afterAll(async () => {
  await t.close();
  await push.close();
});

describe('a call to a closed app', () => {
  it('rings through Web Push, then says « Appel manqué » under the same tag', async () => {
    const a = await createMember(t, { name: 'Awa' });
    const b = await createMember(t, { name: 'Boureima' });
    const chat = await postJson(t.app, '/chats/create', { other_user_id: b.id }, a.token);
    const chatId: number = chat.json().data.chat_id;
    await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
    const phone = readableSubscription(`${push.base}/live/calls-${b.id}`);
    const subscribed = await postJson(
      t.app,
      '/push/subscribe',
      { subscription: phone.subscription },
      b.token,
    );
    expect(subscribed.statusCode).toBe(200);
    const received = () => push.requests.filter((r) => r.path === `/live/calls-${b.id}`);

    const placed = await postJson(t.app, '/calls', { chat_id: chatId }, a.token);
    expect(placed.statusCode, placed.body).toBe(201);
    await vi.waitFor(() => expect(received()).toHaveLength(1), { timeout: 5_000 });
    const ring = phone.open(received()[0]?.body ?? Buffer.alloc(0));
    expect(ring).toMatchObject({
      body: 'Awa vous appelle',
      url: `/chat/${chatId}`,
      tag: `missed_call:${chatId}`,
    });

    // The ring runs out (30 s): the next look at the call settles it as missed.
    const id: number = placed.json().data.call.id;
    await t.db.query(`UPDATE calls SET created_at = now() - interval '31 seconds' WHERE id = $1`, [
      id,
    ]);
    const late = await postJson(t.app, `/calls/${id}/answer`, {}, b.token);
    expect(late.statusCode).toBe(409);
    await vi.waitFor(() => expect(received()).toHaveLength(2), { timeout: 5_000 });
    expect(phone.open(received()[1]?.body ?? Buffer.alloc(0))).toMatchObject({
      title: 'Appel manqué',
      body: 'Awa a essayé de vous appeler.',
      url: `/chat/${chatId}`,
      tag: `missed_call:${chatId}`,
    });
  });
});
