/**
 * « Ne plus voir ce profil » from a chat (issue 29): the member who unmatches loses the chat
 * from their list, the match is undone, and the two no longer meet in swipes or nearby; the
 * other member keeps the chat to read and can no longer write into it. Only a member of the
 * chat may do it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { CHAT_MSG, destinationPoint, type TNearbyUser, type TSwipeProfile } from '@app/shared';
import { createMember, createTestApp, postJson, type TestApp } from './helpers.js';
import { listen, nextEvent, openSocketTracked } from './sockets.js';

const OUAGA = { lat: 12.3714, lng: -1.5197 };

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

/** A complete member with a photo, `km` east of Ouagadougou, so swipes and nearby show them. */
async function member(km: number) {
  const m = await createMember(t);
  const at = destinationPoint(OUAGA, Math.PI / 2, km);
  await t.db.query(
    `UPDATE users SET gender = 'femme', birth_date = '1996-03-10', lat = $2, lng = $3,
        locality = 'Ouagadougou', photo_key = $4, last_seen_at = now()
      WHERE id = $1`,
    [m.id, at.lat, at.lng, `u${m.id}/${'cd'.repeat(16)}`],
  );
  return m;
}

const post = (path: string, m: Member | null, body: object = {}) =>
  postJson(t.app, path, body, m?.token);

/** a and b like each other: a match, whose chat opens. */
async function matched() {
  const a = await member(1);
  const b = await member(2);
  await post('/swipe', a, { target_user_id: b.id, action: 'like' });
  const res = await post('/swipe', b, { target_user_id: a.id, action: 'like' });
  const chatId: number = res.json().data.chat_id;
  expect(typeof chatId).toBe('number');
  return { a, b, chatId };
}

const chatIds = async (m: Member) =>
  ((await post('/chats', m)).json().data as { id: number }[]).map((c) => c.id);

const deckIds = async (m: Member) =>
  ((await post('/swipe/profiles', m, { limit: 20 })).json().data as TSwipeProfile[]).map(
    (p) => p.id,
  );

const feedAuthors = async (m: Member) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/announcements?page=1&per_page=20',
    headers: { authorization: `Bearer ${m.token}` },
  });
  return (res.json().data as { user: { id: number } }[]).map((a) => a.user.id);
};

const nearbyIds = async (m: Member) =>
  (
    (
      await post('/location/nearby', m, {
        latitude: OUAGA.lat,
        longitude: OUAGA.lng,
        radius: 50,
      })
    ).json().data as TNearbyUser[]
  ).map((u) => u.id);

describe('POST /api/chats/:id/unmatch', () => {
  it('takes the chat out of the list of the member who unmatches, and undoes the match', async () => {
    const { a, b, chatId } = await matched();
    expect(await chatIds(a)).toContain(chatId);
    await post('/messages/text', b, { chat_id: chatId, content: 'Coucou' });
    const unreadOfA = async () =>
      (
        await t.db.query(
          `SELECT 1 FROM notifications WHERE user_id = $1 AND type = 'chat_message' AND read_at IS NULL`,
          [a.id],
        )
      ).length;
    expect(await unreadOfA()).toBe(1);

    const res = await post(`/chats/${chatId}/unmatch`, a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: CHAT_MSG.unmatched });

    expect(await chatIds(a)).not.toContain(chatId);
    expect((await post(`/chats/${chatId}`, a)).statusCode).toBe(404);
    // Its notifications no longer wait in a's bell.
    expect(await unreadOfA()).toBe(0);
    const likes = await t.db.query<{ action: string }>(
      `SELECT action FROM swipes WHERE swiper_id = $1 AND target_id = $2`,
      [a.id, b.id],
    );
    expect(likes[0]?.action).toBe('dislike');
    // The member's data export says whom they chose to stop seeing.
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/account/export',
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(exported.json().hidden_profiles).toEqual([
      { hidden_id: b.id, created_at: expect.any(String) },
    ]);
    // Writing into it again is refused as for any chat one is not in.
    const send = await post('/messages/text', a, { chat_id: chatId, content: 'Encore moi' });
    expect(send.statusCode).toBe(404);
  });

  it('leaves the chat readable for the other member, who can no longer write into it', async () => {
    const { a, b, chatId } = await matched();
    await post('/messages/text', a, { chat_id: chatId, content: 'Bonjour !' });
    const bSocket = await openSocketTracked(sockets, url, { token: b.token });
    const aOtherDevice = await openSocketTracked(sockets, url, { token: a.token });
    const openRow = ((await post('/chats', b)).json().data as { id: number }[]).find(
      (c) => c.id === chatId,
    );
    expect(openRow).toMatchObject({ closed: false, is_online: true });
    const toB = nextEvent(bSocket, 'chat.closed');
    const toA = nextEvent(aOtherDevice, 'chat.closed');
    await post(`/chats/${chatId}/unmatch`, a);
    // b's open chat becomes read-only at once; a's other devices drop it from their list.
    expect(await toB).toEqual({ chat_id: chatId, closed_by: a.id });
    expect(await toA).toEqual({ chat_id: chatId, closed_by: a.id });

    expect(await chatIds(b)).toContain(chatId);
    // b's list marks the row as closed, without a's online dot (a is connected).
    const rowOfB = async () =>
      ((await post('/chats', b)).json().data as { id: number }[]).find((c) => c.id === chatId);
    expect(await rowOfB()).toMatchObject({ closed: true, is_online: false });
    const details = await post(`/chats/${chatId}`, b);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({ closed: true });
    expect(details.json().data.messages.map((m: { content: string }) => m.content)).toContain(
      'Bonjour !',
    );

    const send = await post('/messages/text', b, { chat_id: chatId, content: 'Pourquoi ?' });
    expect(send.statusCode).toBe(403);
    expect(send.json()).toMatchObject({ success: false, message: CHAT_MSG.closed });
    const rows = await t.db.query(`SELECT 1 FROM messages WHERE chat_id = $1`, [chatId]);
    expect(rows).toHaveLength(1);
    // Starting the chat again gives the same closed chat, and never brings it back to a.
    const again = await post('/chats/create', b, { other_user_id: a.id });
    expect(again.json().data.chat_id).toBe(chatId);
    expect(await chatIds(a)).not.toContain(chatId);
    expect((await post(`/chats/${chatId}/unlock`, b)).statusCode).toBe(403);
  });

  it('never shows the two members to each other again in swipes, nearby or announcements', async () => {
    const { a, b, chatId } = await matched();
    for (const m of [a, b]) {
      const res = await post('/announcements', m, {
        description: `Bonjour, je cherche des amis pour les sorties du week-end à Ouaga ${m.id}.`,
      });
      expect(res.statusCode).toBe(201);
    }
    // Without their swipes, each would be proposed to the other again.
    await t.db.query(`DELETE FROM swipes WHERE swiper_id IN ($1, $2)`, [a.id, b.id]);
    expect(await deckIds(a)).toContain(b.id);
    expect(await nearbyIds(a)).toContain(b.id);
    expect(await feedAuthors(a)).toContain(b.id);
    expect(await feedAuthors(b)).toContain(a.id);

    await post(`/chats/${chatId}/unmatch`, a);
    await t.db.query(`DELETE FROM swipes WHERE swiper_id IN ($1, $2)`, [a.id, b.id]);
    expect(await deckIds(a)).not.toContain(b.id);
    expect(await nearbyIds(a)).not.toContain(b.id);
    expect(await deckIds(b)).not.toContain(a.id);
    expect(await nearbyIds(b)).not.toContain(a.id);
    expect(await feedAuthors(a)).not.toContain(b.id);
    expect(await feedAuthors(b)).not.toContain(a.id);
    const swipe = await post('/swipe', a, { target_user_id: b.id, action: 'like' });
    expect(swipe.statusCode).toBe(404);
  });

  it('lets the member who unmatched open the chat again by starting it anew', async () => {
    const { a, b, chatId } = await matched();
    await post(`/chats/${chatId}/unmatch`, a);
    const res = await post('/chats/create', a, { other_user_id: b.id });
    expect(res.json().data.chat_id).toBe(chatId);
    expect((await post(`/chats/${chatId}`, b)).json().data).toMatchObject({ closed: false });
    const send = await post('/messages/text', b, { chat_id: chatId, content: 'Re-bonjour' });
    expect(send.statusCode).toBe(201);
  });

  it('refuses a member who is not in the chat, in French, and changes nothing', async () => {
    const { a, chatId } = await matched();
    const stranger = await member(3);
    const res = await post(`/chats/${chatId}/unmatch`, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, message: CHAT_MSG.notFound });
    const rows = await t.db.query<{ closed_at: Date | null }>(
      `SELECT closed_at FROM chats WHERE id = $1`,
      [chatId],
    );
    expect(rows[0]?.closed_at).toBeNull();
    expect(await chatIds(a)).toContain(chatId);
    const hidden = await t.db.query(`SELECT 1 FROM hidden_profiles WHERE user_id = $1`, [
      stranger.id,
    ]);
    expect(hidden).toHaveLength(0);
  });

  it('refuses a call without a token and a chat id that is not one', async () => {
    const { chatId } = await matched();
    expect((await post(`/chats/${chatId}/unmatch`, null)).statusCode).toBe(401);
    const a = await member(4);
    const bad = await post('/chats/abc/unmatch', a);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});
