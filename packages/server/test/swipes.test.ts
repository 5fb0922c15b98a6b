import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineKm, type TNotification, type TSwipeProfile } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

/** The marker's distance from the stored point (spec; the database computes it, migration 006). */
const FUZZ_MIN_M = 300;
const FUZZ_MAX_M = 800;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const OUAGA = { lat: 12.37, lng: -1.52 };
const ids = (list: { id: number }[]) => list.map((x) => x.id);

interface MemberFields {
  gender?: 'homme' | 'femme';
  birth?: string;
  at?: { lat: number; lng: number } | null;
  seenDaysAgo?: number;
  complete?: boolean;
  blocked?: boolean;
  name?: string;
}

/** A complete member with a photo, gender, birth date, position and recent activity. */
async function member(f: MemberFields = {}) {
  const m = await createMember(t, {
    complete: f.complete ?? true,
    blocked: f.blocked,
    name: f.name,
  });
  const at = f.at === undefined ? OUAGA : f.at;
  await t.db.query(
    `UPDATE users SET gender = $2, birth_date = $3, lat = $4, lng = $5, locality = 'Ouagadougou, Burkina Faso',
        bio = 'Bonjour', passions = '{musique,danse}', photo_key = $6, device_hash = 'secret-device',
        last_seen_at = now() - make_interval(days => $7)
      WHERE id = $1`,
    [
      m.id,
      f.gender ?? 'femme',
      f.birth ?? '1996-03-10',
      at?.lat ?? null,
      at?.lng ?? null,
      `u${m.id}/${'ab'.repeat(16)}`,
      f.seenDaysAgo ?? 1,
    ],
  );
  return m;
}

/** Isolates a test: everybody created before is swiped away by `viewer`. */
async function swipeAwayEveryone(viewerId: number) {
  await t.db.query(
    `INSERT INTO swipes (swiper_id, target_id, action) SELECT $1, id, 'dislike' FROM users WHERE id <> $1
     ON CONFLICT DO NOTHING`,
    [viewerId],
  );
}

async function profiles(token: string, body: object = {}): Promise<TSwipeProfile[]> {
  const res = await post('/swipe/profiles', { token, ...body });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const notificationsOf = (userId: number) =>
  t.db.query<{ type: string; data: TNotification['data'] }>(
    'SELECT type, data FROM notifications WHERE user_id = $1 ORDER BY id',
    [userId],
  );

describe('POST /api/swipe/profiles', () => {
  it('returns complete, unblocked, unswiped members with a fuzzed point and whole-km distance', async () => {
    const viewer = await member({ gender: 'homme' });
    await swipeAwayEveryone(viewer.id);
    const near = await member({ at: { lat: 12.4, lng: -1.5 } });
    const incomplete = await member({ complete: false });
    const suspended = await member({ blocked: true });
    const blockedByMe = await member();
    const blockingMe = await member();
    const excluded = await member();
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $1)', [
      viewer.id,
      blockedByMe.id,
      blockingMe.id,
    ]);
    const list = await profiles(viewer.token, { exclude_ids: [excluded.id] });
    expect(ids(list)).toEqual([near.id]);
    for (const hidden of [viewer, incomplete, suspended, blockedByMe, blockingMe, excluded]) {
      expect(ids(list)).not.toContain(hidden.id);
    }
    const card = list[0];
    expect(Object.keys(card ?? {}).sort()).toEqual(
      [
        'age',
        'bio',
        'distance',
        'id',
        'lat',
        'lng',
        'locality',
        'more_photos',
        'name',
        'passions',
        'photo',
        'photo_lite',
        'photo_thumb',
        'verified',
      ].sort(),
    );
    expect(card).toMatchObject({
      bio: 'Bonjour',
      passions: ['musique', 'danse'],
      locality: 'Ouagadougou, Burkina Faso',
    });
    expect(card?.photo).toMatch(/-card\.webp$/);
    expect(card?.photo_lite).toMatch(/-lite\.webp$/);
    expect(typeof card?.age).toBe('number');
    // The marker is 300–800 m from the stored point, never the point itself.
    const marker = { lat: card?.lat ?? 0, lng: card?.lng ?? 0 };
    const metres = haversineKm(marker, { lat: 12.4, lng: -1.5 }) * 1000;
    expect(metres).toBeGreaterThan(FUZZ_MIN_M - 20);
    expect(metres).toBeLessThan(FUZZ_MAX_M + 20);
    expect(Number.isInteger(card?.distance)).toBe(true);
    expect(card?.distance).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(list)).not.toMatch(/email|device|birth|gender|last_seen/);
  });

  it('never returns a profile already swiped, call after call', async () => {
    const viewer = await member({ gender: 'homme' });
    await swipeAwayEveryone(viewer.id);
    const others = [];
    for (let i = 0; i < 7; i++) others.push(await member({ gender: i % 2 ? 'homme' : 'femme' }));
    const seen: number[] = [];
    for (let round = 0; round < 5; round++) {
      const page = await profiles(viewer.token, { limit: 3 });
      for (const p of page) expect(seen).not.toContain(p.id);
      for (const p of page) {
        const res = await post('/swipe', {
          token: viewer.token,
          target_user_id: p.id,
          action: round % 2 ? 'like' : 'dislike',
        });
        expect(res.statusCode).toBe(200);
        seen.push(p.id);
      }
    }
    expect(seen.sort()).toEqual(ids(others).sort());
    expect(await profiles(viewer.token)).toEqual([]);
  });

  it('ranks by distance band, then the preferred gender, then recent activity; no position last', async () => {
    const viewer = await member({ gender: 'homme', at: OUAGA });
    await swipeAwayEveryone(viewer.id);
    const bobo = await member({ gender: 'femme', at: { lat: 11.18, lng: -4.3 } });
    const manNear = await member({ gender: 'homme', at: { lat: 12.38, lng: -1.52 } });
    const womanIdle = await member({
      gender: 'femme',
      at: { lat: 12.36, lng: -1.53 },
      seenDaysAgo: 60,
    });
    const womanActive = await member({
      gender: 'femme',
      at: { lat: 12.45, lng: -1.45 },
      seenDaysAgo: 0,
    });
    const nowhere = await member({ gender: 'femme', at: null });
    const list = await profiles(viewer.token);
    expect(ids(list)).toEqual([womanActive.id, womanIdle.id, manNear.id, bobo.id, nowhere.id]);
    expect(list[3]?.distance).toBeGreaterThan(300);
    expect(list[4]).toMatchObject({ distance: null, lat: null, lng: null });
  });

  it('stores the position sent with the fetch, rounded to about 1 km', async () => {
    const viewer = await member({ at: null });
    await profiles(viewer.token, { user_lat: 12.36789, user_lng: -1.53321 });
    const [row] = await t.db.query('SELECT lat, lng FROM users WHERE id = $1', [viewer.id]);
    expect(row).toEqual({ lat: 12.37, lng: -1.53 });
  });

  it('refuses without a token and validates the payload', async () => {
    expect((await post('/swipe/profiles', {})).statusCode).toBe(401);
    const viewer = await member();
    for (const bad of [
      { limit: 0 },
      { limit: 21 },
      { exclude_ids: ['abc'] },
      { user_lat: 95 },
      { exclude_ids: 'x' },
    ]) {
      const res = await post('/swipe/profiles', { token: viewer.token, ...bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const bearer = await t.app.inject({
      method: 'POST',
      url: '/api/swipe/profiles',
      headers: { authorization: `Bearer ${viewer.token}` },
      payload: {},
    });
    expect(bearer.statusCode).toBe(200);
  });
});

describe('POST /api/swipe', () => {
  it('records a like once and notifies the liked member once', async () => {
    const a = await member({ name: 'Issa' });
    const b = await member();
    const first = await post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      data: { action: 'like', is_match: false, chat_id: null },
    });
    const again = await post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' });
    expect(again.json().data).toEqual({ action: 'like', is_match: false, chat_id: null });
    const rows = await t.db.query(
      'SELECT action FROM swipes WHERE swiper_id = $1 AND target_id = $2',
      [a.id, b.id],
    );
    expect(rows).toEqual([{ action: 'like' }]);
    const notes = await notificationsOf(b.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      type: 'profile_like',
      data: { liker_id: a.id, liker_name: 'Issa' },
    });
    expect(notes[0]?.data.liker_photo).toMatch(/-thumb\.webp$/);
    // A later dislike does not take the like back.
    const dislike = await post('/swipe', {
      token: a.token,
      target_user_id: b.id,
      action: 'dislike',
    });
    expect(dislike.json().data.action).toBe('like');
    const me = await post('/profile', { token: b.token });
    expect(me.json().data.stats.likes_received).toBe(1);
  });

  it('a dislike notifies nobody; a like after it counts as a new like', async () => {
    const a = await member();
    const b = await member();
    await post('/swipe', { token: a.token, target_user_id: b.id, action: 'dislike' });
    expect(await notificationsOf(b.id)).toHaveLength(0);
    const like = await post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' });
    expect(like.json().data.action).toBe('like');
    expect((await notificationsOf(b.id)).map((n) => n.type)).toEqual(['profile_like']);
  });

  it('a mutual like is a match: one unlocked match chat, a match notification to both', async () => {
    const a = await member({ name: 'Awa' });
    const b = await member({ name: 'Boukary' });
    await post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' });
    const res = await post('/swipe', { token: b.token, target_user_id: a.id, action: 'like' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ action: 'like', is_match: true });
    expect(typeof data.chat_id).toBe('number');
    const chats = await t.db.query(
      'SELECT id, user_low_id, user_high_id, origin, locked_sender, locked_receiver FROM chats WHERE id = $1',
      [data.chat_id],
    );
    expect(chats).toEqual([
      {
        id: data.chat_id,
        user_low_id: Math.min(a.id, b.id),
        user_high_id: Math.max(a.id, b.id),
        origin: 'match',
        locked_sender: false,
        locked_receiver: false,
      },
    ]);
    const participants = await t.db.query<{ user_id: number }>(
      'SELECT user_id FROM chat_participants WHERE chat_id = $1 ORDER BY id',
      [data.chat_id],
    );
    expect(participants.map((p) => p.user_id)).toEqual([a.id, b.id]);
    expect((await notificationsOf(a.id)).map((n) => [n.type, n.data.name, n.data.chat_id])).toEqual(
      [['match', 'Boukary', data.chat_id]],
    );
    expect(
      (await notificationsOf(b.id)).map((n) => [n.type, n.data.name ?? n.data.liker_name]),
    ).toEqual([
      ['profile_like', 'Awa'],
      ['match', 'Awa'],
    ]);
    // Liking again changes nothing and answers the same chat.
    const repeat = await post('/swipe', { token: b.token, target_user_id: a.id, action: 'like' });
    expect(repeat.json().data).toEqual({ action: 'like', is_match: true, chat_id: data.chat_id });
    expect(await notificationsOf(a.id)).toHaveLength(1);
    expect(await t.db.query('SELECT 1 FROM chats WHERE id = $1', [data.chat_id])).toHaveLength(1);
  });

  it("keeps an anonymous liker's id, name and photo out of likes and matches; a visible liker's are sent", async () => {
    const shy = await member({ name: 'Discrète' });
    const open = await member({ name: 'Salif' });
    const liked = await member();
    const admirer = await member({ name: 'Rasmata' });
    // Liked before the mode was turned on: once on, nobody can swipe them any more.
    await post('/swipe', { token: admirer.token, target_user_id: shy.id, action: 'like' });
    const anonymous = await post('/account/anonymous', { token: shy.token, enabled: true });
    expect(anonymous.statusCode).toBe(200);
    await post('/swipe', { token: shy.token, target_user_id: liked.id, action: 'like' });
    await post('/swipe', { token: open.token, target_user_id: liked.id, action: 'like' });
    const match = await post('/swipe', {
      token: shy.token,
      target_user_id: admirer.id,
      action: 'like',
    });
    expect(match.json().data.is_match).toBe(true);

    const received = async (m: { token: string }, type: string) =>
      ((await post('/notifications', { token: m.token })).json().data as TNotification[]).filter(
        (n) => n.type === type,
      );
    const likes = await received(liked, 'profile_like');
    expect(likes.map((n) => n.message).sort()).toEqual([
      "Quelqu'un a aimé votre profil.",
      'Salif a aimé votre profil.',
    ]);
    const fromShy = likes.find((n) => n.message.startsWith("Quelqu'un"));
    expect(fromShy?.data).toEqual({});
    const fromOpen = likes.find((n) => n.message.startsWith('Salif'));
    expect(fromOpen?.data).toMatchObject({ liker_id: open.id, liker_name: 'Salif' });
    expect(fromOpen?.data.liker_photo).toMatch(/-thumb\.webp$/);

    const [matched] = await received(admirer, 'match');
    expect(matched?.message).toBe('Vous et un membre vous êtes plu mutuellement. Écrivez-lui !');
    expect(matched?.data).toEqual({ chat_id: match.json().data.chat_id });
    expect(JSON.stringify([fromShy, matched])).not.toMatch(new RegExp(`Discrète|u${shy.id}/`));
  });

  it('turns an existing locked contact chat into an unlocked match chat', async () => {
    const a = await member();
    const b = await member();
    const [chat] = await t.db.query<{ id: number }>(
      `INSERT INTO chats (user_low_id, user_high_id, origin, locked_sender, locked_receiver, unlock_cost)
       VALUES ($1, $2, 'contact', true, true, 100) RETURNING id`,
      [Math.min(a.id, b.id), Math.max(a.id, b.id)],
    );
    await post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' });
    const res = await post('/swipe', { token: b.token, target_user_id: a.id, action: 'like' });
    expect(res.json().data.chat_id).toBe(chat?.id);
    const [row] = await t.db.query(
      'SELECT origin, locked_sender, locked_receiver FROM chats WHERE id = $1',
      [chat?.id ?? 0],
    );
    expect(row).toEqual({ origin: 'match', locked_sender: false, locked_receiver: false });
  });

  it('sees a match once when both like at the same moment', async () => {
    const a = await member();
    const b = await member();
    const [ra, rb] = await Promise.all([
      post('/swipe', { token: a.token, target_user_id: b.id, action: 'like' }),
      post('/swipe', { token: b.token, target_user_id: a.id, action: 'like' }),
    ]);
    const answers = [ra.json().data, rb.json().data];
    expect(answers.filter((d) => d.is_match)).toHaveLength(1);
    const matches = await t.db.query(
      `SELECT user_id FROM notifications WHERE type = 'match' AND user_id = ANY($1::bigint[])`,
      [[a.id, b.id]],
    );
    expect(matches).toHaveLength(2);
    const chats = await t.db.query(
      'SELECT id FROM chats WHERE user_low_id = $1 AND user_high_id = $2',
      [Math.min(a.id, b.id), Math.max(a.id, b.id)],
    );
    expect(chats).toHaveLength(1);
  });

  it('refuses yourself, unknown, blocked and hidden members, and bad payloads', async () => {
    const a = await member();
    const self = await post('/swipe', { token: a.token, target_user_id: a.id, action: 'like' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('Vous ne pouvez pas swiper votre propre profil.');
    const unknown = await post('/swipe', {
      token: a.token,
      target_user_id: 999_999,
      action: 'like',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, message: 'Profil introuvable' });
    const blocker = await member();
    const blockedByMe = await member();
    const suspended = await member({ blocked: true });
    const incomplete = await member({ complete: false });
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($2, $3)', [
      blocker.id,
      a.id,
      blockedByMe.id,
    ]);
    for (const target of [blocker, blockedByMe, suspended, incomplete]) {
      const res = await post('/swipe', {
        token: a.token,
        target_user_id: target.id,
        action: 'like',
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await t.db.query('SELECT 1 FROM swipes WHERE swiper_id = $1', [a.id])).toHaveLength(0);
    expect((await post('/swipe', { target_user_id: blocker.id, action: 'like' })).statusCode).toBe(
      401,
    );
    for (const bad of [
      { target_user_id: 'x', action: 'like' },
      { target_user_id: blocker.id, action: 'superlike' },
      {},
    ]) {
      expect((await post('/swipe', { token: a.token, ...bad })).statusCode).toBe(400);
    }
  });
});
