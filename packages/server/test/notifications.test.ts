import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { PUSH_MSG, REALTIME_EVENTS, type TNotification } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { loadConfig } from '../src/config/index.js';
import { fakeBrowserSubscription, startPushService } from './push-service.js';
import { drainSocket, listen } from './sockets.js';

let t: TestApp;
let base: string;
let push: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  push = await startPushService();
  // The local push service runs on 127.0.0.1, which only this test allowance accepts.
  t = await createTestApp({ PUSH_EXTRA_HOSTS: '127.0.0.1' }, { pushAgent: push.agent });
  base = await listen(t.app);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

function socketFor(token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(base, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    s.on('connect', () => resolve(s));
    s.on('connect_error', reject);
  });
}

describe('notify and /api/notifications', () => {
  it('stores, lists newest first with unread_count, and paginates', async () => {
    const m = await createMember(t);
    for (let i = 1; i <= 3; i++)
      await t.app.deps.notify(m.id, 'profile_like', { liker_name: `Fan ${i}`, liker_id: i });
    const page1 = await post('/notifications', { token: m.token, per_page: 2 });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.unread_count).toBe(3);
    expect(body.data).toHaveLength(2);
    expect(body.data[0]).toMatchObject({
      type: 'profile_like',
      title: "Nouveau J'aime",
      message: 'Fan 3 a aimé votre profil.',
      icon: '❤️',
      action: '/swipes',
      user_id: m.id,
      read_at: null,
    });
    expect(body.pagination).toEqual({ page: 1, per_page: 2, has_more: true });
    const page2 = (await post('/notifications', { token: m.token, per_page: 2, page: 2 })).json();
    expect(page2.data.map((n: TNotification) => n.data.liker_name)).toEqual(['Fan 1']);
    expect(page2.pagination.has_more).toBe(false);
  });

  it('gives every one of the eleven types a French title and message', async () => {
    const m = await createMember(t);
    const types = [
      'referral_signup',
      'referral_reward',
      'social_reward',
      'profile_like',
      'chat_message',
      'match',
      'profile_view',
      'promotion',
      'new_announcement',
      'payment_success',
      'payment_failed',
    ] as const;
    for (const type of types) {
      const n = await t.app.deps.notify(m.id, type, {
        chat_id: 7,
        coins_earned: 50,
        coins_received: 250,
        amount: 1000,
      });
      expect(n.title.length).toBeGreaterThan(3);
      expect(n.message.length).toBeGreaterThan(10);
    }
    const list = (await post('/notifications', { token: m.token, per_page: 20 })).json();
    expect(list.data).toHaveLength(11);
    expect(list.data.find((n: TNotification) => n.type === 'chat_message').action).toBe('/chat/7');
  });

  it("marks one of your own read, refuses someone else's with 404, marks all read", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const na = await t.app.deps.notify(a.id, 'match', { name: 'Issa' });
    await t.app.deps.notify(a.id, 'profile_view', { name: 'Issa' });
    const nb = await t.app.deps.notify(b.id, 'match', { name: 'Awa' });
    const notYours = await post('/notifications/mark-read', {
      token: a.token,
      notification_id: nb.id,
    });
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toMatchObject({ success: false, message: 'Notification introuvable' });
    const still = (await post('/notifications', { token: b.token })).json();
    expect(still.unread_count).toBe(1);
    const mine = await post('/notifications/mark-read', { token: a.token, notification_id: na.id });
    expect(mine.json()).toMatchObject({ success: true, unread_count: 1 });
    const all = await post('/notifications/mark-all-read', { token: a.token });
    expect(all.json().unread_count).toBe(0);
    expect((await post('/notifications', { token: a.token })).json().unread_count).toBe(0);
  });

  it('refuses without a token and validates the id', async () => {
    expect((await post('/notifications', {})).statusCode).toBe(401);
    const m = await createMember(t);
    expect(
      (await post('/notifications/mark-read', { token: m.token, notification_id: 'abc' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('realtime delivery', () => {
  it("reaches the member's own sockets only", async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    const [sa, sb] = await Promise.all([socketFor(a.token), socketFor(b.token)]);
    const gotB: TNotification[] = [];
    sb.on(REALTIME_EVENTS.notificationReceived, (n: TNotification) => gotB.push(n));
    const received = new Promise<TNotification>((resolve) =>
      sa.once(REALTIME_EVENTS.notificationReceived, resolve),
    );
    const sent = await t.app.deps.notify(a.id, 'match', { name: 'Salif' });
    const n = await received;
    expect(n).toMatchObject({ id: sent.id, user_id: a.id, type: 'match' });
    expect([await drainSocket(t.app, sb, b.id)]).toEqual(gotB);
    sa.close();
    sb.close();
  });

  it('notifies many members at once: one row and one live event each, nobody else', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    const [sa, sb, sc] = await Promise.all([
      socketFor(a.token),
      socketFor(b.token),
      socketFor(c.token),
    ]);
    const gotC: TNotification[] = [];
    sc.on(REALTIME_EVENTS.notificationReceived, (n: TNotification) => gotC.push(n));
    const live = [sa, sb].map(
      (s) =>
        new Promise<TNotification>((resolve) =>
          s.once(REALTIME_EVENTS.notificationReceived, resolve),
        ),
    );
    const sent = await t.app.deps.notifyMany([a.id, b.id], 'promotion', {
      message: 'Pièces en fête',
    });
    expect(sent.map((n) => n.user_id).sort()).toEqual([a.id, b.id].sort());
    for (const [i, p] of live.entries()) {
      const own = sent.find((n) => n.user_id === [a, b][i]?.id);
      expect(await p).toMatchObject({ type: 'promotion', message: 'Pièces en fête', id: own?.id });
    }
    const rows = await t.db.query<{ user_id: number }>(
      `SELECT user_id FROM notifications WHERE type = 'promotion' AND user_id = ANY($1::bigint[])`,
      [[a.id, b.id, c.id]],
    );
    expect(rows.map((r) => r.user_id).sort()).toEqual([a.id, b.id].sort());
    expect(await t.app.deps.notifyMany([], 'promotion', {})).toEqual([]);
    expect([await drainSocket(t.app, sc, c.id)]).toEqual(gotC);
    [sa, sb, sc].forEach((s) => s.close());
  });
});

describe('Web Push', () => {
  it('pushes likes, matches and messages to a subscribed member, not other types, and drops dead subscriptions', async () => {
    const m = await createMember(t);
    const key = (await t.app.inject({ method: 'GET', url: '/api/push/public-key' })).json().data
      .public_key;
    expect(key).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    const live = fakeBrowserSubscription(`${push.base}/live/${m.id}`);
    const dead = fakeBrowserSubscription(`${push.base}/gone/${m.id}`);
    for (const subscription of [live, dead]) {
      expect((await post('/push/subscribe', { token: m.token, subscription })).statusCode).toBe(
        200,
      );
    }
    const bad = await post('/push/subscribe', {
      token: m.token,
      subscription: { endpoint: 'http://insecure', keys: live.keys },
    });
    expect(bad.statusCode).toBe(400);

    const before = push.requests.length;
    expect(
      await t.app.deps.push.send(m.id, { title: 't', body: 'b', url: '/chats', tag: 'x' }),
    ).toBe(1);
    const sentNow = push.requests.slice(before);
    expect(sentNow.map((r) => r.path).sort()).toEqual([`/gone/${m.id}`, `/live/${m.id}`]);
    const live1 = sentNow.find((r) => r.path.startsWith('/live'));
    expect(live1?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(live1?.headers.authorization)).toContain(`k=${key}`);
    expect(live1?.body.length).toBeGreaterThan(50);
    const left = await t.db.query('SELECT endpoint FROM push_subscriptions WHERE user_id = $1', [
      m.id,
    ]);
    expect(left).toEqual([{ endpoint: live.endpoint }]);

    const mark = push.requests.length;
    await t.app.deps.notify(m.id, 'profile_view', { name: 'X' });
    await t.app.deps.notify(m.id, 'chat_message', {
      chat_id: 3,
      sender_name: 'Awa',
      preview: 'Salut',
    });
    // Both pushes would leave in this order: once the message's push is in, a stray one for the
    // profile view would be too.
    await vi.waitFor(() => expect(push.requests.length).toBeGreaterThan(mark), { timeout: 5_000 });
    const after = push.requests.slice(mark);
    expect(after).toHaveLength(1);
    expect(after[0]?.path).toBe(`/live/${m.id}`);
  });
});

describe('Web Push on sign-out', () => {
  it("stops pushing to an endpoint once unsubscribed, and leaves others' endpoints alone", async () => {
    const [m, other] = [await createMember(t), await createMember(t)];
    const mine = fakeBrowserSubscription(`${push.base}/live/out-${m.id}`);
    const theirs = fakeBrowserSubscription(`${push.base}/live/out-${other.id}`);
    await post('/push/subscribe', { token: m.token, subscription: mine });
    await post('/push/subscribe', { token: other.token, subscription: theirs });
    // Someone else cannot remove it.
    await post('/push/unsubscribe', { token: other.token, endpoint: mine.endpoint });
    const out = await post('/push/unsubscribe', { token: m.token, endpoint: mine.endpoint });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ success: true, message: 'Notifications désactivées' });
    const rows = await t.db.query<{ user_id: number }>(
      'SELECT user_id FROM push_subscriptions WHERE endpoint = ANY($1::text[]) ORDER BY user_id',
      [[mine.endpoint, theirs.endpoint]],
    );
    expect(rows).toEqual([{ user_id: other.id }]);
    const mark = push.requests.length;
    expect(await t.app.deps.push.send(m.id, { title: 't', body: 'b', url: '/', tag: 'x' })).toBe(0);
    expect(push.requests.slice(mark)).toEqual([]);
    expect((await post('/push/unsubscribe', { endpoint: theirs.endpoint })).statusCode).toBe(401);
  });
});

describe('Web Push endpoints', () => {
  it("accepts the browsers' push services only, with a French 400 for any other address", async () => {
    const m = await createMember(t);
    const { keys } = fakeBrowserSubscription('https://x');
    const subscribe = (endpoint: string) =>
      post('/push/subscribe', { token: m.token, subscription: { endpoint, keys } });
    const known = [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx3',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
    ];
    for (const endpoint of known) expect((await subscribe(endpoint)).statusCode).toBe(200);
    const refused = [
      'https://evil.example/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://storage.googleapis.com/bucket/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://push.apple.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://169.254.169.254/latest/meta-data',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(endpoint);
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: PUSH_MSG.unknownService,
        errors: { 'subscription.endpoint': [PUSH_MSG.unknownService] },
      });
    }
    const rows = await t.db.query<{ endpoint: string }>(
      'SELECT endpoint FROM push_subscriptions WHERE user_id = $1 ORDER BY id',
      [m.id],
    );
    expect(rows.map((r) => r.endpoint)).toEqual(known);
    // Nothing is ever sent to those real hosts from a test.
    await t.db.query('DELETE FROM push_subscriptions WHERE user_id = $1', [m.id]);
  });

  it('keeps an endpoint with the member who registered it: another member gets 409', async () => {
    const [owner, other] = [await createMember(t), await createMember(t)];
    const sub = fakeBrowserSubscription(`${push.base}/live/own-${owner.id}`);
    expect(
      (await post('/push/subscribe', { token: owner.token, subscription: sub })).statusCode,
    ).toBe(200);
    const stolen = fakeBrowserSubscription(sub.endpoint);
    const res = await post('/push/subscribe', { token: other.token, subscription: stolen });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: PUSH_MSG.endpointTaken });
    const rows = await t.db.query<{ user_id: number; p256dh: string }>(
      'SELECT user_id, p256dh FROM push_subscriptions WHERE endpoint = $1',
      [sub.endpoint],
    );
    expect(rows).toEqual([{ user_id: owner.id, p256dh: sub.keys.p256dh }]);
    expect(
      await t.app.deps.push.send(other.id, { title: 't', body: 'b', url: '/', tag: 'x' }),
    ).toBe(0);
    expect(
      await t.app.deps.push.send(owner.id, { title: 't', body: 'b', url: '/', tag: 'x' }),
    ).toBe(1);
    // The owner may send it again (the browser renewed its keys).
    const renewed = fakeBrowserSubscription(sub.endpoint);
    expect(
      (await post('/push/subscribe', { token: owner.token, subscription: renewed })).statusCode,
    ).toBe(200);
    const after = await t.db.query<{ p256dh: string }>(
      'SELECT p256dh FROM push_subscriptions WHERE endpoint = $1',
      [sub.endpoint],
    );
    expect(after).toEqual([{ p256dh: renewed.keys.p256dh }]);
  });

  it('refuses the test-only push host allowance in production', () => {
    const prod = { NODE_ENV: 'production', DATA_DIR: '/tmp', APP_SECRET: 'x'.repeat(32) };
    expect(loadConfig(prod).pushExtraHosts).toEqual([]);
    expect(() => loadConfig({ ...prod, PUSH_EXTRA_HOSTS: '127.0.0.1' })).toThrow(
      /PUSH_EXTRA_HOSTS/,
    );
  });
});

describe('/broadcasting/auth', () => {
  const authorise = (token: string, channel_name?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/broadcasting/auth',
      headers: { authorization: `Bearer ${token}` },
      payload: channel_name ? { channel_name } : {},
    });

  it("maps the member's own notification channel to their room and refuses someone else's", async () => {
    const [m, other] = [await createMember(t), await createMember(t)];
    for (const channel of [undefined, 'notifications', `private-user.${m.id}`, `user:${m.id}`]) {
      const res = await authorise(m.token, channel);
      expect(res.statusCode, String(channel)).toBe(200);
      expect(res.json().data).toEqual({
        transport: 'socket.io',
        path: '/socket.io',
        room: `user:${m.id}`,
      });
    }
    for (const channel of [`private-user.${other.id}`, `user:${other.id}`, 'presence-everyone']) {
      const res = await authorise(m.token, channel);
      expect(res.statusCode, channel).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: 'Canal non autorisé' });
    }
  });

  it("authorises chat.{chatId} for the chat's participants only (404 otherwise)", async () => {
    const [a, b, x] = [await createMember(t), await createMember(t), await createMember(t)];
    const created = await post('/chats/create', { token: a.token, other_user_id: b.id });
    const chatId: number = created.json().data.chat_id;
    for (const member of [a, b]) {
      for (const channel of [
        `chat.${chatId}`,
        `private-chat.${chatId}`,
        `chat.${chatId}.user${a.id}`,
      ]) {
        const res = await authorise(member.token, channel);
        expect(res.statusCode, channel).toBe(200);
        expect(res.json().data.room).toBe(`chat:${chatId}`);
      }
    }
    for (const channel of [`chat.${chatId}`, `chat.${chatId}.user${a.id}`, 'chat.999999999']) {
      const res = await authorise(x.token, channel);
      expect(res.statusCode, channel).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: 'Chat introuvable' });
    }
    // A participant asking for a stranger's status channel in their chat.
    expect((await authorise(a.token, `chat.${chatId}.user${x.id}`)).statusCode).toBe(404);
  });
});
