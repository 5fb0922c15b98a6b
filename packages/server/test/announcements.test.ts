/**
 * Announcements through the API on a real database: the public feed (paging, category,
 * nearest first, blocks, views), pricing, publication with its rules and its debit, deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptionProblem, type TFeedAnnouncement, type TMyAnnouncement } from '@app/shared';
import { createMember, createTestApp, testConfig, type TestApp } from './helpers.js';
import { ConfigError } from '../src/config/index.js';
import { buildApp } from '../src/app.js';
import { kyselyOf } from '../src/db/kysely.js';
import { explainNearestAnnouncements } from '../src/modules/announcements/feed.repository.js';
import { createRng } from '../src/db/seed/rng.js';
import { generateDemoMembers } from '../src/db/seed/demo-members.js';
import { generateDemoAnnouncements } from '../src/db/seed/steps/announcements.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TEXT =
  'Jeune femme calme et souriante, je cherche une relation sérieuse avec un homme respectueux.';
const OUAGA = { lat: 12.37, lng: -1.52 };

interface Profile {
  name?: string;
  gender?: 'homme' | 'femme';
  lat?: number | null;
  lng?: number | null;
  coins?: number;
  complete?: boolean;
  blocked?: boolean;
}

/** A member with a full public profile (photo, birth date, place). */
async function member(p: Profile = {}) {
  const m = await createMember(t, {
    name: p.name,
    coins: p.coins ?? 0,
    complete: p.complete,
    blocked: p.blocked,
  });
  await t.db.query(
    `UPDATE users SET gender = $2, birth_date = '1995-06-15', locality = 'Ouagadougou, Burkina Faso',
        photo_key = $3, lat = $4, lng = $5 WHERE id = $1`,
    [m.id, p.gender ?? 'femme', `demo/${'ab'.repeat(16)}`, p.lat ?? null, p.lng ?? null],
  );
  return m;
}

/** An announcement written straight into the table (feed tests need many, quickly). */
async function seed(
  userId: number,
  opts: { category?: string; minutesAgo?: number; description?: string } = {},
) {
  const rows = await t.db.query<{ id: number }>(
    `INSERT INTO announcements (user_id, description, category, created_at)
     VALUES ($1, $2, $3, now() - make_interval(mins => $4)) RETURNING id`,
    [userId, opts.description ?? TEXT, opts.category ?? null, opts.minutesAgo ?? 0],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('insert failed');
  return id;
}

const feed = (query: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/announcements${query}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const feedIds = async (query: string, token?: string) =>
  ((await feed(query, token)).json().data as TFeedAnnouncement[]).map((a) => a.id);
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });
const remove = (id: number, token?: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/announcements/${id}`,
    payload: token ? { token } : {},
  });
const balanceOf = async (id: number) =>
  (await t.db.query<{ coins: number }>('SELECT coins FROM users WHERE id = $1', [id]))[0]?.coins;
const countOf = async (userId: number) =>
  (
    await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM announcements WHERE user_id = $1',
      [userId],
    )
  )[0]?.n;

describe('GET /api/announcements', () => {
  it('answers visitors without a token: newest first, 5 a page, public author fields only', async () => {
    const author = await member({ name: 'Awa Ouédraogo', gender: 'femme' });
    const older = await seed(author.id, { minutesAgo: 5 });
    const newer = await seed(author.id, { minutesAgo: 1 });
    const res = await feed('');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect((body.data as TFeedAnnouncement[]).map((a) => a.id)).toEqual([newer, older]);
    expect(body.pagination).toEqual({ page: 1, per_page: 5, has_more: false });
    const item = (body.data as TFeedAnnouncement[]).find((a) => a.id === newer);
    expect(item).toMatchObject({ description: TEXT, category: null, views: 0 });
    expect(Object.keys(item ?? {}).sort()).toEqual(
      ['category', 'created_at', 'description', 'id', 'user', 'views'].sort(),
    );
    expect(item?.user).toMatchObject({
      id: author.id,
      name: 'Awa Ouédraogo',
      gender: 'femme',
      locality: 'Ouagadougou, Burkina Faso',
    });
    expect(item?.user.age).toBeGreaterThanOrEqual(29);
    expect(item?.user.photo).toMatch(/^\/uploads\/photos\/demo\/.+-card\.webp$/);
    expect(Object.keys(item?.user ?? {}).sort()).toEqual(
      ['age', 'gender', 'id', 'locality', 'name', 'photo', 'photo_thumb', 'verified'].sort(),
    );
    expect(res.body).not.toContain(author.email);
    expect(res.body).not.toContain('1995-06-15');
  });

  it('pages to the end with has_more and refuses more than 20 a page', async () => {
    const author = await member();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await seed(author.id, { category: 'mariage', minutesAgo: 100 + i }));
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const body = (await feed(`?category=mariage&page=${page}`)).json();
      seen.push(...body.data.map((a: TFeedAnnouncement) => a.id));
      expect(body.pagination).toEqual({ page, per_page: 5, has_more: page < 3 });
    }
    expect(seen).toEqual(ids);
    const big = (await feed('?category=mariage&per_page=20')).json();
    expect(big.data).toHaveLength(12);
    expect(big.pagination.has_more).toBe(false);
    expect((await feed('?per_page=21')).statusCode).toBe(400);
    expect((await feed('?category=inconnue')).statusCode).toBe(400);
  });

  it('filters by category', async () => {
    const author = await member();
    const outing = await seed(author.id, { category: 'sorties' });
    const friend = await seed(author.id, { category: 'amitie' });
    const outings = await feedIds('?category=sorties&per_page=20');
    expect(outings).toContain(outing);
    expect(outings).not.toContain(friend);
    const all = (await feed('?category=sorties&per_page=20')).json().data as TFeedAnnouncement[];
    expect(all.every((a) => a.category === 'sorties')).toBe(true);
  });

  it('leaves out blocked, incomplete and anonymous-mode authors and, for a viewer, their own and blocks either way', async () => {
    const viewer = await member();
    const blockedByViewer = await member();
    const blockerOfViewer = await member();
    const suspended = await member({ blocked: true });
    const unfinished = await member({ complete: false });
    const hiding = await member();
    await t.db.query('UPDATE users SET anonymous = true WHERE id = $1', [hiding.id]);
    const friend = await member();
    const own = await seed(viewer.id, { category: 'amitie' });
    const a1 = await seed(blockedByViewer.id, { category: 'amitie' });
    const a2 = await seed(blockerOfViewer.id, { category: 'amitie' });
    const a3 = await seed(suspended.id, { category: 'amitie' });
    const a4 = await seed(unfinished.id, { category: 'amitie' });
    const a5 = await seed(hiding.id, { category: 'amitie' });
    const ok = await seed(friend.id, { category: 'amitie' });
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2), ($3, $1)', [
      viewer.id,
      blockedByViewer.id,
      blockerOfViewer.id,
    ]);
    const anonymous = await feedIds('?category=amitie&per_page=20');
    expect(anonymous).toEqual(expect.arrayContaining([own, a1, a2, ok]));
    expect(anonymous).not.toContain(a3);
    expect(anonymous).not.toContain(a4);
    expect(anonymous).not.toContain(a5);
    const signedIn = await feedIds('?category=amitie&per_page=20', viewer.token);
    expect(signedIn).toContain(ok);
    for (const hidden of [own, a1, a2, a3, a4, a5]) expect(signedIn).not.toContain(hidden);
    // An unknown token reads the public feed; a public call never answers 401.
    const stranger = await feed('?category=amitie&per_page=20', 'jeton-inconnu');
    expect(stranger.statusCode).toBe(200);
  });

  it('orders nearest first around user_lat/user_lng, authors without a position last', async () => {
    const near = await member({ lat: 12.37, lng: -1.53 }); // ~1 km
    const town = await member({ lat: 12.45, lng: -1.45 }); // ~12 km
    const bobo = await member({ lat: 11.18, lng: -4.3 }); // ~330 km
    const dakar = await member({ lat: 14.72, lng: -17.47 }); // ~1 750 km
    const nowhere = await member();
    const ids = {
      nowhere: await seed(nowhere.id, { category: 'relation_serieuse', minutesAgo: 0 }),
      dakar: await seed(dakar.id, { category: 'relation_serieuse', minutesAgo: 1 }),
      bobo: await seed(bobo.id, { category: 'relation_serieuse', minutesAgo: 2 }),
      town: await seed(town.id, { category: 'relation_serieuse', minutesAgo: 3 }),
      near: await seed(near.id, { category: 'relation_serieuse', minutesAgo: 4 }),
    };
    const q = `?category=relation_serieuse&user_lat=${OUAGA.lat}&user_lng=${OUAGA.lng}`;
    const order = [ids.near, ids.town, ids.bobo, ids.dakar, ids.nowhere];
    expect(await feedIds(`${q}&per_page=20`)).toEqual(order);
    // Page by page, each page is the matching slice of the whole order.
    const p1 = (await feed(`${q}&per_page=2&page=1`)).json();
    const p2 = (await feed(`${q}&per_page=2&page=2`)).json();
    const p3 = (await feed(`${q}&per_page=2&page=3`)).json();
    expect([p1, p2, p3].map((p) => p.data.map((a: TFeedAnnouncement) => a.id))).toEqual([
      order.slice(0, 2),
      order.slice(2, 4),
      order.slice(4),
    ]);
    expect([p1, p2, p3].map((p) => p.pagination.has_more)).toEqual([true, true, false]);
    expect((await feed('?user_lat=12.3')).statusCode).toBe(400);
  });

  it('counts a view once per signed-in viewer, and none for visitors', async () => {
    const author = await member();
    const id = await seed(author.id, { category: 'sorties', minutesAgo: -1 });
    const v1 = await member();
    const v2 = await member();
    const viewsSeenBy = async (token?: string) =>
      ((await feed('?category=sorties', token)).json().data as TFeedAnnouncement[]).find(
        (a) => a.id === id,
      )?.views;
    expect(await viewsSeenBy()).toBe(0);
    expect(await viewsSeenBy(v1.token)).toBe(1);
    expect(await viewsSeenBy(v1.token)).toBe(1);
    expect(await viewsSeenBy(v2.token)).toBe(2);
    expect(await viewsSeenBy()).toBe(2);
    const rows = await t.db.query('SELECT 1 FROM announcement_views WHERE announcement_id = $1', [
      id,
    ]);
    expect(rows).toHaveLength(2);
  });
});

describe('POST /api/announcements/cost and POST /api/announcements', () => {
  it('makes the first announcement free, then debits 50 pièces through the ledger', async () => {
    const m = await member({ coins: 120 });
    const before = (await post('/announcements/cost', { token: m.token })).json();
    expect(before).toMatchObject({
      success: true,
      data: { cost: 0, is_first_announcement: true, user_balance: 120 },
    });
    const first = await post('/announcements', { token: m.token, description: TEXT });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      success: true,
      message: 'Votre annonce a été créée avec succès !',
      data: { description: TEXT, is_active: true, views: 0, cost: 0, user_balance: 120 },
    });
    const next = (await post('/announcements/cost', { token: m.token })).json();
    expect(next.data).toEqual({ cost: 50, is_first_announcement: false, user_balance: 120 });
    const second = await post('/announcements', {
      token: m.token,
      description: `  ${TEXT} Bis.  `,
    });
    expect(second.statusCode).toBe(201);
    const data = second.json().data;
    expect(data).toMatchObject({ description: `${TEXT} Bis.`, cost: 50, user_balance: 70 });
    expect(await balanceOf(m.id)).toBe(70);
    const ledger = await t.db.query<{ amount: number; reason: string; balance_after: number }>(
      'SELECT amount, reason, balance_after FROM coin_movements WHERE idempotency_key = $1',
      [`announcement:${data.id}`],
    );
    expect(ledger).toEqual([{ amount: -50, reason: 'announcement', balance_after: 70 }]);
  });

  it('keeps charging after the free one was deleted', async () => {
    const m = await member({ coins: 0 });
    const first = (await post('/announcements', { token: m.token, description: TEXT })).json();
    expect((await remove(first.data.id, m.token)).statusCode).toBe(200);
    const cost = (await post('/announcements/cost', { token: m.token })).json().data;
    expect(cost).toMatchObject({ cost: 50, is_first_announcement: false });
  });

  it('with too few coins answers 422 and saves and debits nothing', async () => {
    const m = await member({ coins: 30 });
    await post('/announcements', { token: m.token, description: TEXT });
    const rowsBefore = await countOf(m.id);
    const movementsBefore = await t.db.query('SELECT 1 FROM coin_movements WHERE user_id = $1', [
      m.id,
    ]);
    const res = await post('/announcements', { token: m.token, description: `${TEXT} Encore.` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'Pièces insuffisantes pour créer une annonce',
      insufficient_coins: true,
      required_coins: 50,
      user_coins: 30,
    });
    expect(await countOf(m.id)).toBe(rowsBefore);
    expect(await balanceOf(m.id)).toBe(30);
    const movementsAfter = await t.db.query('SELECT 1 FROM coin_movements WHERE user_id = $1', [
      m.id,
    ]);
    expect(movementsAfter).toHaveLength(movementsBefore.length);
  });

  it('gives the free publication once even to two simultaneous requests', async () => {
    const m = await member({ coins: 0 });
    const results = await Promise.all([
      post('/announcements', { token: m.token, description: `${TEXT} Un.` }),
      post('/announcements', { token: m.token, description: `${TEXT} Deux.` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(await countOf(m.id)).toBe(1);
  });

  it('answers each description rule with its French message on the field', async () => {
    const m = await member({ coins: 500 });
    const cases: [object, string][] = [
      [{}, 'La description est requise'],
      [{ description: '   ' }, 'La description est requise'],
      [
        { description: 'Trop court pour une annonce.' },
        'La description doit contenir au moins 50 caractères',
      ],
      [{ description: 'a'.repeat(1001) }, 'La description ne peut pas dépasser 1000 caractères'],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/announcements', { token: m.token, ...payload });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.description, message).toEqual([message]);
      expect(res.json().rejected).toBeUndefined();
    }
    expect(await countOf(m.id)).toBe(0);
  });

  it('refuses phone numbers however they are written, and suspect words in any case', async () => {
    const m = await member({ coins: 500 });
    const phone =
      'Usage de numéro de téléphone détecté. Les numéros de téléphone ne sont pas autorisés.';
    const words = 'Mots-clés suspects détectés. Évitez les références aux numéros de téléphone.';
    const cases: [string, string][] = [
      [`${TEXT} 70123456`, phone],
      [`${TEXT} Écris au 70 12 34 56`, phone],
      [`${TEXT} 70.12.34.56`, phone],
      [`${TEXT} 70-12-34-56`, phone],
      [`${TEXT} Ajoute-moi sur WhatsApp`, words],
      [`${TEXT} WATSAPP`, words],
      [`${TEXT} Envoie un Sms`, words],
      [`${TEXT} Appelle Moi`, words],
    ];
    for (const [description, message] of cases) {
      const res = await post('/announcements', { token: m.token, description });
      expect(res.statusCode, description).toBe(400);
      expect(res.json(), description).toMatchObject({
        success: false,
        message,
        rejected: true,
        errors: { description: [message] },
      });
    }
    expect(await countOf(m.id)).toBe(0);
    expect(await balanceOf(m.id)).toBe(500);
  });

  it('refuses without a token', async () => {
    expect((await post('/announcements', { description: TEXT })).statusCode).toBe(401);
    expect((await post('/announcements/cost', {})).statusCode).toBe(401);
    expect((await post('/my-announcements', {})).statusCode).toBe(401);
    expect((await remove(1)).statusCode).toBe(401);
  });

  it('tells matched members, and only them, of a new announcement', async () => {
    const author = await member({ name: 'Issa Kaboré', gender: 'homme' });
    const match = await member();
    const admirer = await member();
    const blockedMatch = await member();
    const like = (from: number, to: number) =>
      t.db.query(`INSERT INTO swipes (swiper_id, target_id, action) VALUES ($1, $2, 'like')`, [
        from,
        to,
      ]);
    for (const other of [match.id, blockedMatch.id]) {
      await like(author.id, other);
      await like(other, author.id);
    }
    await like(admirer.id, author.id);
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [
      blockedMatch.id,
      author.id,
    ]);
    const res = await post('/announcements', { token: author.token, description: TEXT });
    expect(res.statusCode).toBe(201);
    const notes = async (userId: number) =>
      t.db.query<{ type: string; message: string }>(
        'SELECT type, message FROM notifications WHERE user_id = $1',
        [userId],
      );
    expect(await notes(match.id)).toEqual([
      { type: 'new_announcement', message: 'Issa Kaboré a publié une nouvelle annonce.' },
    ]);
    expect(await notes(admirer.id)).toEqual([]);
    expect(await notes(blockedMatch.id)).toEqual([]);
  });
});

describe('POST /api/my-announcements and DELETE /api/announcements/:id', () => {
  it("lists the member's own, newest first, with the spec's fields", async () => {
    const m = await member({ coins: 100 });
    const other = await member();
    await seed(other.id);
    const a = await seed(m.id, { minutesAgo: 10 });
    const b = await seed(m.id, { minutesAgo: 5 });
    const res = await post('/my-announcements', { token: m.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data.map((x: TMyAnnouncement) => x.id)).toEqual([b, a]);
    expect(body.pagination).toEqual({ page: 1, per_page: 20, has_more: false });
    const item = body.data[0] as TMyAnnouncement;
    expect(item).toMatchObject({ id: b, description: TEXT, is_active: true, views: 0 });
    expect(item.createdAt).toBe(item.created_at);
    const paged = (await post('/my-announcements', { token: m.token, per_page: 1 })).json();
    expect(paged.pagination.has_more).toBe(true);
  });

  it('lets only the author delete: anyone else gets 404, and the feed drops it at once', async () => {
    const author = await member();
    const stranger = await member();
    const id = await seed(author.id, { category: 'amitie', minutesAgo: -5 });
    expect(await feedIds('?category=amitie')).toContain(id);
    const notYours = await remove(id, stranger.token);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json()).toEqual({
      success: false,
      message: 'Annonce introuvable',
      error: 'not_found',
    });
    expect(await feedIds('?category=amitie')).toContain(id);
    const missing = await remove(99_999_999, author.token);
    expect(missing.statusCode).toBe(404);
    const done = await remove(id, author.token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ success: true, message: 'Annonce supprimée avec succès' });
    expect(await feedIds('?category=amitie&per_page=20')).not.toContain(id);
    const mine = (await post('/my-announcements', { token: author.token })).json();
    expect(mine.data.map((x: TMyAnnouncement) => x.id)).not.toContain(id);
    expect((await remove(id, author.token)).statusCode).toBe(404);
    const row = await t.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM announcements WHERE id = $1',
      [id],
    );
    expect(row).toEqual([{ deleted: true }]);
  });
});

describe('description length counted as the database counts it', () => {
  it('refuses 25 emoji (50 UTF-16 units) with the French error, not a 500', async () => {
    const m = await member({ coins: 500 });
    const emoji = '🌍'.repeat(25);
    expect(emoji.length).toBe(50);
    const res = await post('/announcements', { token: m.token, description: emoji });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: 'La description doit contenir au moins 50 caractères',
      errors: { description: ['La description doit contenir au moins 50 caractères'] },
    });
    const max = await post('/announcements', { token: m.token, description: '🌍'.repeat(1000) });
    expect(max.statusCode).toBe(201);
    const over = await post('/announcements', { token: m.token, description: '🌍'.repeat(1001) });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('La description ne peut pas dépasser 1000 caractères');
  });
});

describe('pricing from the configuration', () => {
  /** A second app on this test's database, started with other announcement settings. */
  async function appWith(env: Record<string, string>) {
    const app = await buildApp(testConfig(env), { db: t.db });
    await app.ready();
    return app;
  }

  it('charges ANNOUNCEMENT_COST and tells it through /announcements/cost; ANNOUNCEMENT_FIRST_FREE=off charges the first too', async () => {
    const app = await appWith({ ANNOUNCEMENT_COST: '20', ANNOUNCEMENT_FIRST_FREE: 'off' });
    try {
      const m = await member({ coins: 50 });
      const call = (url: string, payload: object) =>
        app.inject({ method: 'POST', url: `/api${url}`, payload });
      expect((await call('/announcements/cost', { token: m.token })).json().data).toEqual({
        cost: 20,
        is_first_announcement: true,
        user_balance: 50,
      });
      const first = await call('/announcements', { token: m.token, description: TEXT });
      expect(first.statusCode).toBe(201);
      expect(first.json().data).toMatchObject({ cost: 20, user_balance: 30 });
      const second = await call('/announcements', { token: m.token, description: `${TEXT} Bis.` });
      expect(second.json().data).toMatchObject({ cost: 20, user_balance: 10 });
      expect(await balanceOf(m.id)).toBe(10);
      const third = await call('/announcements', { token: m.token, description: `${TEXT} Ter.` });
      expect(third.statusCode).toBe(422);
      expect(third.json()).toMatchObject({
        insufficient_coins: true,
        required_coins: 20,
        user_coins: 10,
      });
      expect(await countOf(m.id)).toBe(2);
    } finally {
      await app.close();
    }
  });

  it('keeps the first one free by default, and a price of 0 is free every time', async () => {
    const app = await appWith({ ANNOUNCEMENT_COST: '0' });
    try {
      const m = await member({ coins: 0 });
      for (const suffix of ['Un.', 'Deux.']) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/announcements',
          payload: { token: m.token, description: `${TEXT} ${suffix}` },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json().data).toMatchObject({ cost: 0, user_balance: 0 });
      }
    } finally {
      await app.close();
    }
  });

  it('refuses a bad setting at start, naming the variable', () => {
    expect(testConfig().announcements).toEqual({ cost: 50, firstFree: true });
    expect(testConfig({ ANNOUNCEMENT_FIRST_FREE: 'false' }).announcements.firstFree).toBe(false);
    for (const bad of ['-5', '12.5', 'cinquante']) {
      expect(() => testConfig({ ANNOUNCEMENT_COST: bad })).toThrow(ConfigError);
      expect(() => testConfig({ ANNOUNCEMENT_COST: bad })).toThrow(/ANNOUNCEMENT_COST/);
    }
    expect(() => testConfig({ ANNOUNCEMENT_FIRST_FREE: 'peut-être' })).toThrow(
      /ANNOUNCEMENT_FIRST_FREE/,
    );
  });
});

describe('nearest-first feed plan', () => {
  let big: TestApp;
  beforeAll(async () => {
    big = await createTestApp();
    // Enough located members that a scan of all of them costs more than the index: 3 000
    // around Ouagadougou, one announcement each, in the four categories.
    await big.db.query(
      `INSERT INTO users (email, name, email_verified_at, profile_completed_at, lat, lng, gender,
                          birth_date)
       SELECT 'plan' || g || '@test.bf', 'Membre ' || g, now(), now(), 11.9 + (g % 97) / 97.0,
              -2.0 + (g % 89) / 89.0, 'femme', '1995-06-15'
         FROM generate_series(1, 3000) g`,
    );
    await big.db.query(
      `INSERT INTO announcements (user_id, description, category, created_at)
       SELECT id, $1, (ARRAY['amitie', 'relation_serieuse', 'mariage', 'sorties'])[1 + id % 4],
              now() - make_interval(mins => id::int)
         FROM users WHERE email LIKE 'plan%'`,
      [TEXT],
    );
    await big.db.query('ANALYZE');
  }, 60_000);
  afterAll(() => big.close());

  it('walks users_geo_knn_idx for the page edge and bounds the page by its circle', async () => {
    const viewer = await createMember(big);
    const cases = [
      { viewerId: null, category: null, page: 1 },
      { viewerId: viewer.id, category: null, page: 10 },
      { viewerId: null, category: 'amitie' as const, page: 3 },
      { viewerId: viewer.id, category: 'mariage' as const, page: 1 },
    ];
    for (const c of cases) {
      const filter = {
        viewerId: c.viewerId,
        category: c.category,
        limit: 6,
        offset: (c.page - 1) * 5,
      };
      const plan = await explainNearestAnnouncements(kyselyOf(big.db), filter, OUAGA);
      const label = JSON.stringify(c);
      // 1. The edge: a K-nearest-neighbour walk that stops after offset + limit rows.
      expect(plan.edge, label).toMatch(/^Limit/);
      expect(plan.edge, label).toMatch(/Index Scan using users_geo_knn_idx on users u/);
      expect(plan.edge, label).toMatch(/Order By: \(geo_km <-> '\(/);
      expect(plan.edge, label).not.toMatch(/Sort/);
      // 2. The page: only the members inside the edge's circle, found through the same index.
      expect(plan.page, label).toMatch(/users_geo_knn_idx/);
      expect(plan.page, label).toMatch(/Index Cond: \(geo_km <@ '<\(/);
      for (const p of [plan.edge, plan.page]) {
        expect(p, label).not.toMatch(/Seq Scan on (users|announcements)\b/);
        expect(p, label).toMatch(/Index Scan using announcements_user_idx/);
      }
    }
    // And the answer is the nearest first.
    const res = await big.app.inject({
      method: 'GET',
      url: `/api/announcements?user_lat=${OUAGA.lat}&user_lng=${OUAGA.lng}&per_page=5&page=2`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(5);
  });
});

describe('demo announcements', () => {
  it('gives about 150 varied French announcements that pass the publication rules', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const members = generateDemoMembers(createRng(1), now).slice(1);
    const authors = members.map((m, i) => ({
      id: i + 2,
      gender: m.gender,
      age: m.age,
      locality: m.locality,
      createdAt: m.createdAt,
    }));
    const items = generateDemoAnnouncements(createRng(2), authors, now);
    expect(items).toHaveLength(150);
    expect(items.every((a) => descriptionProblem(a.description) === null)).toBe(true);
    expect(items.every((a) => !/[{}]/.test(a.description))).toBe(true);
    expect(new Set(items.map((a) => a.category)).size).toBe(4);
    expect(new Set(items.map((a) => a.description)).size).toBeGreaterThan(140);
    const byAuthor = new Map(authors.map((a) => [a.id, a]));
    for (const a of items) {
      const author = byAuthor.get(a.userId);
      expect(a.createdAt.getTime()).toBeGreaterThanOrEqual(author?.createdAt.getTime() ?? 0);
      expect(a.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
    }
  });
});
