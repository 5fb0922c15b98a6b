/**
 * The privacy settings as the server enforces them (issue 29): what the OTHER member's answers
 * and realtime events carry once a setting is on. « Masquer ma distance » (the town, never a
 * distance nor a marker to measure), « Ne pas apparaître à proximité » (off the map, still in
 * swipes), « Qui peut m'écrire » (new chats from matches only), « Masquer mon statut en ligne »
 * (no presence either way) and « Confirmations de lecture » (no « Lu » either way).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import {
  PRIVACY_MSG,
  REALTIME_EVENTS,
  destinationPoint,
  type TLatLng,
  type TMemberSettingsUpdate,
  type TNearbyUser,
  type TSwipeProfile,
} from '@app/shared';
import { createMember, createTestApp, postJson, type TestApp } from './helpers.js';
import { drainSocket, listen, openSocketTracked } from './sockets.js';

const OUAGA = { lat: 12.3714, lng: -1.5197 };
const TOWN = 'Koudougou, Burkina Faso';

let t: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  await t.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

/** A complete member with a photo, placed `km` east of Ouagadougou. */
async function member(km: number, name?: string) {
  const m = await createMember(t, { name });
  const at = destinationPoint(OUAGA, Math.PI / 2, km);
  await t.db.query(
    `UPDATE users SET gender = 'femme', birth_date = '1996-03-10', lat = $2, lng = $3, locality = $4,
        photo_key = $5, last_seen_at = now()
      WHERE id = $1`,
    [m.id, at.lat, at.lng, TOWN, `u${m.id}/${'ab'.repeat(16)}`],
  );
  return m;
}

/**
 * A distance shown for a member `km` away: measured to their fuzzed point (300 to 800 m off,
 * in a direction drawn from their id), so a kilometre either way, never under 1 km.
 */
function expectAboutKm(shown: number | null | undefined, km: number) {
  expect(shown).toBeGreaterThanOrEqual(Math.max(1, km - 1));
  expect(shown).toBeLessThanOrEqual(km + 1);
}

async function settle(m: Member, change: Omit<TMemberSettingsUpdate, 'token'>) {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/api/me/settings',
    payload: change,
    headers: { authorization: `Bearer ${m.token}` },
  });
  expect(res.statusCode).toBe(200);
}

const post = (path: string, m: Member, body: object = {}) => postJson(t.app, path, body, m.token);

async function swipeDeck(viewer: Member): Promise<TSwipeProfile[]> {
  const res = await post('/swipe/profiles', viewer, { limit: 20 });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function nearbyOf(viewer: Member, at: TLatLng = OUAGA): Promise<TNearbyUser[]> {
  const res = await post('/location/nearby', viewer, {
    latitude: at.lat,
    longitude: at.lng,
    radius: 50,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

/** A chat between a and b in which both may write freely (a match's). */
async function chatBetween(a: Member, b: Member) {
  const res = await post('/chats/create', a, { other_user_id: b.id });
  const chatId: number = res.json().data.chat_id;
  await t.db.query(`UPDATE chats SET origin = 'match' WHERE id = $1`, [chatId]);
  return chatId;
}

const join = (s: Socket, chatId: number) =>
  new Promise<{ ok: boolean }>((resolve) => s.emit('chat:join', { chat_id: chatId }, resolve));

/** Every event a socket receives, by name. */
function record(socket: Socket) {
  const seen: [string, unknown][] = [];
  socket.onAny((event: string, payload: unknown) => seen.push([event, payload]));
  return seen;
}

describe('« Masquer ma distance »', () => {
  it('gives others the town, never a distance nor a marker, in swipes and nearby', async () => {
    const viewer = await member(0);
    const hidden = await member(3);
    const plain = await member(4);
    await settle(hidden, { hide_distance: true });

    const deck = await swipeDeck(viewer);
    const card = deck.find((p) => p.id === hidden.id);
    expect(card).toMatchObject({ locality: TOWN, distance: null, lat: null, lng: null });
    expectAboutKm(deck.find((p) => p.id === plain.id)?.distance, 4);
    expect(deck.find((p) => p.id === plain.id)?.lat).not.toBeNull();

    const list = await nearbyOf(viewer);
    const pin = list.find((u) => u.id === hidden.id);
    if (!pin) throw new Error('hidden-distance member missing from nearby');
    expect(pin).toMatchObject({ distance: null, locality: TOWN });
    // The marker is only the town's square (one decimal, about 11 km), nothing to measure from.
    expect(Math.round(pin.position.lat * 10) / 10).toBe(pin.position.lat);
    expect(Math.round(pin.position.lng * 10) / 10).toBe(pin.position.lng);
    expectAboutKm(list.find((u) => u.id === plain.id)?.distance, 4);

    // Their own view of others is unchanged: the setting hides them, it does not blind them.
    expectAboutKm((await swipeDeck(hidden)).find((p) => p.id === plain.id)?.distance, 1);
  });
});

describe('« Ne pas apparaître à proximité »', () => {
  it('takes the member off the map and the nearby list, and leaves them in swipes', async () => {
    const viewer = await member(0);
    const shy = await member(2);
    expect((await nearbyOf(viewer)).map((u) => u.id)).toContain(shy.id);
    await settle(shy, { hide_from_nearby: true });
    expect((await nearbyOf(viewer)).map((u) => u.id)).not.toContain(shy.id);
    expect((await swipeDeck(viewer)).map((p) => p.id)).toContain(shy.id);
    await settle(shy, { hide_from_nearby: false });
    expect((await nearbyOf(viewer)).map((u) => u.id)).toContain(shy.id);
  });
});

describe("« Qui peut m'écrire »", () => {
  it('refuses a new chat from a stranger in French, and lets matches and own chats through', async () => {
    const picky = await member(1, 'Salif');
    const stranger = await member(2);
    await settle(picky, { who_can_message: 'matches' });

    const refused = await post('/chats/create', stranger, { other_user_id: picky.id });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'messaging_restricted',
      message: PRIVACY_MSG.matchesOnly,
    });
    const rows = await t.db.query(
      'SELECT 1 FROM chats WHERE user_low_id = least($1::bigint, $2::bigint) AND user_high_id = greatest($1::bigint, $2::bigint)',
      [picky.id, stranger.id],
    );
    expect(rows).toHaveLength(0);

    // A match (both liked) may open a chat, and it opens as a match's chat.
    const match = await member(3);
    await t.db.query(
      `INSERT INTO swipes (swiper_id, target_id, action) VALUES ($1, $2, 'like'), ($2, $1, 'like')`,
      [picky.id, match.id],
    );
    const opened = await post('/chats/create', match, { other_user_id: picky.id });
    expect(opened.statusCode).toBe(201);
    const origin = await t.db.query<{ origin: string }>('SELECT origin FROM chats WHERE id = $1', [
      opened.json().data.chat_id,
    ]);
    expect(origin[0]?.origin).toBe('match');

    // A chat the picky member started is answered like any other.
    const own = await post('/chats/create', picky, { other_user_id: stranger.id });
    expect(own.statusCode).toBe(201);
    await post('/messages/text', picky, { chat_id: own.json().data.chat_id, content: 'Bonjour' });
    const again = await post('/chats/create', stranger, { other_user_id: picky.id });
    expect(again.statusCode).toBe(200);
    const answer = await post('/messages/text', stranger, {
      chat_id: own.json().data.chat_id,
      content: 'Bonjour Salif',
    });
    expect(answer.json().success).toBe(true);

    // « Tout le monde » again: strangers may write.
    const other = await member(4);
    await settle(picky, { who_can_message: 'everyone' });
    expect((await post('/chats/create', other, { other_user_id: picky.id })).statusCode).toBe(201);
  });
});

describe('« Masquer mon statut en ligne »', () => {
  it('shows the member offline to partners and sends them no status; both ways', async () => {
    const hider = await member(1);
    const partner = await member(2);
    const chatId = await chatBetween(hider, partner);
    const seeingSocket = await openSocketTracked(sockets, url, { token: partner.token });
    const seen = record(seeingSocket);

    await settle(hider, { hide_online: true });
    // Their live socket and fresh heartbeat show nothing to the partner.
    const hiderSocket = await openSocketTracked(sockets, url, { token: hider.token });
    await post('/realtime/force-online', hider);
    const details = await post(`/chats/${chatId}`, partner);
    const other = details
      .json()
      .data.participants.find((p: { user_id: number }) => p.user_id === hider.id);
    expect(other.is_online).toBe(false);
    const list = await post('/chats', partner);
    expect(list.json().data.find((c: { id: number }) => c.id === chatId).is_online).toBe(false);
    await drainSocket(t.app, seeingSocket, partner.id);
    const statuses = seen.filter(([e]) => e === REALTIME_EVENTS.userStatusChanged);
    // The one status the partner heard since the hiding is « hors ligne ».
    expect(statuses.map(([, p]) => p)).toEqual([{ user_id: hider.id, is_online: false }]);
    expect(JSON.stringify(details.json())).not.toMatch(/last_seen/);

    // The hider sees nobody's status either: the partner, online now, shows offline to them.
    await post('/realtime/force-online', partner);
    const mine = await post(`/chats/${chatId}`, hider);
    expect(
      mine.json().data.participants.find((p: { user_id: number }) => p.user_id === partner.id)
        .is_online,
    ).toBe(false);
    const hiderSeen = record(hiderSocket);
    await post('/realtime/mark-offline', partner);
    await post('/realtime/force-online', partner);
    await drainSocket(t.app, hiderSocket, hider.id);
    expect(hiderSeen.filter(([e]) => e === REALTIME_EVENTS.userStatusChanged)).toEqual([]);

    // Shown again: the partner sees the hider online at once.
    seen.length = 0;
    await settle(hider, { hide_online: false });
    await drainSocket(t.app, seeingSocket, partner.id);
    expect(seen.filter(([e]) => e === REALTIME_EVENTS.userStatusChanged).map(([, p]) => p)).toEqual(
      [{ user_id: hider.id, is_online: true }],
    );
  });
});

describe('« Confirmations de lecture »', () => {
  async function readScene() {
    const writer = await member(1);
    const reader = await member(2);
    const chatId = await chatBetween(writer, reader);
    const writerSocket = await openSocketTracked(sockets, url, { token: writer.token });
    expect(await join(writerSocket, chatId)).toEqual({ ok: true });
    const readerOtherDevice = await openSocketTracked(sockets, url, { token: reader.token });
    return { writer, reader, chatId, writerSocket, readerOtherDevice };
  }

  async function readBy(s: Awaited<ReturnType<typeof readScene>>) {
    const sent = await post('/messages/text', s.writer, {
      chat_id: s.chatId,
      content: 'Tu as lu ?',
    });
    const id: number = sent.json().data.id;
    const writerSaw = record(s.writerSocket);
    const readerSaw = record(s.readerOtherDevice);
    expect((await post(`/chats/${s.chatId}/read`, s.reader)).statusCode).toBe(200);
    await drainSocket(t.app, s.writerSocket, s.writer.id);
    await drainSocket(t.app, s.readerOtherDevice, s.reader.id);
    const statusFor = async (m: Member) =>
      (await post(`/chats/${s.chatId}`, m))
        .json()
        .data.messages.find((x: { id: number }) => x.id === id).status;
    const page = await post(`/chats/${s.chatId}/messages`, s.writer);
    return {
      writerEvents: writerSaw.filter(([e]) => e === REALTIME_EVENTS.messageRead),
      readerEvents: readerSaw.filter(([e]) => e === REALTIME_EVENTS.messageRead),
      writerSees: await statusFor(s.writer),
      writerPage: page.json().data.find((x: { id: number }) => x.id === id).status,
    };
  }

  it('sends the « Lu » of a reader with receipts on', async () => {
    const r = await readBy(await readScene());
    expect(r.writerEvents).toHaveLength(1);
    expect(r.writerSees).toBe('read');
  });

  it('off for the reader: their « Lu » reaches only their own devices', async () => {
    const s = await readScene();
    await settle(s.reader, { read_receipts: false });
    const r = await readBy(s);
    expect(r.writerEvents).toEqual([]);
    expect(r.readerEvents).toHaveLength(1);
    expect(r.writerSees).toBe('delivered');
    expect(r.writerPage).toBe('delivered');
  });

  it("off for the writer: they no longer see others' « Lu »", async () => {
    const s = await readScene();
    await settle(s.writer, { read_receipts: false });
    const r = await readBy(s);
    expect(r.writerEvents).toEqual([]);
    expect(r.writerSees).toBe('delivered');
  });
});
