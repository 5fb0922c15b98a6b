/**
 * Passions: GET /api/passions lists the catalogue; the wizard (/complete-profile) and the edit
 * screen (/profile/update) store a member's choice (catalogue keys, unique, at most 5) and refuse
 * anything else in French without changing a thing; /profile returns the choice; the swipe deck
 * shows the members who share the most passions first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PASSIONS, PASSION_MSG, type TOwnProfile, type TSwipeProfile } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';
import { multipartBody as form } from './multipart-form.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const SIX = PASSIONS.slice(0, 6).map((p) => p.key);

const photo = async () => ({
  data: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#aa3355' } })
    .jpeg()
    .toBuffer(),
  name: 'photo.jpg',
  type: 'image/jpeg',
});

const wizard = {
  name: 'Awa Ouédraogo',
  gender: 'femme',
  birth_date: '1998-04-12',
  locality: 'Ouagadougou, Burkina Faso',
};

async function complete(token: string, fields: Record<string, string>) {
  const body = form({ token, ...wizard, ...fields }, await photo());
  return t.app.inject({ method: 'POST', url: '/api/complete-profile', ...body });
}

function update(token: string, fields: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/profile/update',
    ...form({ token, ...fields }),
  });
}

async function ownProfile(token: string): Promise<TOwnProfile> {
  const res = await t.app.inject({ method: 'POST', url: '/api/profile', payload: { token } });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function storedPassions(id: number) {
  const rows = await t.db.query<{ passions: string[] }>(
    'SELECT passions FROM users WHERE id = $1',
    [id],
  );
  return rows[0]?.passions;
}

describe('GET /api/passions', () => {
  it('lists the whole catalogue with its French labels, without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/passions' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: PASSION_MSG.listed,
      data: { items: PASSIONS.map(({ key, label }) => ({ key, label })) },
    });
    expect(body.data.items).toContainEqual({ key: 'cinema', label: 'Cinéma' });
    expect(body.data.items.slice(0, 9).map((p: { label: string }) => p.label)).toContain('Balades');
  });
});

describe('passions in the wizard', () => {
  it('stores the chosen passions, and /profile returns them', async () => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, { passions: JSON.stringify(['voyage', 'cinema']) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.passions).toEqual(['voyage', 'cinema']);
    expect(await storedPassions(m.id)).toEqual(['voyage', 'cinema']);
    expect((await ownProfile(m.token)).passions).toEqual(['voyage', 'cinema']);
  });

  it('needs none', async () => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.passions).toEqual([]);
  });

  it.each([
    ['an unknown key', ['voyage', 'peche'], PASSION_MSG.unknown('peche')],
    ['six of them', SIX, PASSION_MSG.tooMany],
    ['the same twice', ['art', 'art'], PASSION_MSG.duplicate],
    ['a label instead of a key', ['Voyage'], PASSION_MSG.unknown('Voyage')],
  ])('refuses %s in French and completes nothing', async (_case, passions, message) => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, { passions: JSON.stringify(passions) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'validation',
      message,
      errors: { passions: [message] },
    });
    expect(message).toMatch(/passion/i);
    const rows = await t.db.query<{ done: boolean }>(
      'SELECT profile_completed_at IS NOT NULL AS done FROM users WHERE id = $1',
      [m.id],
    );
    expect(rows[0]?.done).toBe(false);
    expect(await storedPassions(m.id)).toEqual([]);
  });

  it('refuses a field that is not a JSON list', async () => {
    const m = await createMember(t, { complete: false });
    const res = await complete(m.token, { passions: 'voyage,cuisine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ passions: [PASSION_MSG.invalid] });
  });
});

describe('passions on the edit screen', () => {
  it('replaces them, keeps them when the field is absent, and empties them with []', async () => {
    const m = await createMember(t);
    const first = await update(m.token, { passions: JSON.stringify(['musique', 'danse', 'mode']) });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.passions).toEqual(['musique', 'danse', 'mode']);

    const other = await update(m.token, { bio: 'Toujours partante pour un concert.' });
    expect(other.statusCode).toBe(200);
    expect(other.json().data.passions).toEqual(['musique', 'danse', 'mode']);
    expect((await ownProfile(m.token)).passions).toEqual(['musique', 'danse', 'mode']);

    const cleared = await update(m.token, { passions: '[]' });
    expect(cleared.statusCode).toBe(200);
    expect(await storedPassions(m.id)).toEqual([]);
  });

  it('refuses an unknown key or six passions in French, and changes nothing', async () => {
    const m = await createMember(t);
    await update(m.token, { passions: JSON.stringify(['sport']) });
    for (const [passions, message] of [
      [['sport', 'ski_nautique'], PASSION_MSG.unknown('ski_nautique')],
      [SIX, PASSION_MSG.tooMany],
    ] as const) {
      const res = await update(m.token, {
        name: 'Nouveau Nom',
        passions: JSON.stringify(passions),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: { passions: [message] } });
    }
    const rows = await t.db.query<{ name: string; passions: string[] }>(
      'SELECT name, passions FROM users WHERE id = $1',
      [m.id],
    );
    expect(rows[0]?.passions).toEqual(['sport']);
    expect(rows[0]?.name).not.toBe('Nouveau Nom');
  });

  it('shows the labels older rows hold as catalogue keys', async () => {
    const m = await createMember(t);
    await t.db.query(`UPDATE users SET passions = '{Cinéma,Voyage,Bricolage}' WHERE id = $1`, [
      m.id,
    ]);
    expect((await ownProfile(m.token)).passions).toEqual(['cinema', 'voyage']);
  });
});

describe('passions in the swipe deck', () => {
  const OUAGA = { lat: 12.37, lng: -1.52 };

  async function deckMember(passions: string[], lat: number) {
    const m = await createMember(t);
    await t.db.query(
      `UPDATE users SET gender = 'femme', birth_date = '1997-05-02', lat = $2, lng = $3,
          locality = 'Ouagadougou', passions = $4::text[], photo_key = $5, last_seen_at = now()
        WHERE id = $1`,
      [m.id, lat, OUAGA.lng, passions, `u${m.id}/${'cd'.repeat(16)}`],
    );
    return m;
  }

  it('ranks a member sharing two passions before a nearer one sharing none', async () => {
    const viewer = await createMember(t);
    await t.db.query(
      `INSERT INTO swipes (swiper_id, target_id, action)
         SELECT $1, id, 'dislike' FROM users WHERE id <> $1`,
      [viewer.id],
    );
    await t.db.query(
      `UPDATE users SET gender = 'homme', lat = $2, lng = $3,
          passions = '{voyage,cuisine,football}' WHERE id = $1`,
      [viewer.id, OUAGA.lat, OUAGA.lng],
    );
    // The one sharing nothing is nearer (about 0 km against 5) and older: without passions
    // the deck would show it first.
    const none = await deckMember(['mode', 'lecture'], OUAGA.lat);
    const two = await deckMember(['cuisine', 'art', 'voyage'], OUAGA.lat + 0.045);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/swipe/profiles',
      payload: { token: viewer.token, limit: 10 },
    });
    expect(res.statusCode).toBe(200);
    const cards: TSwipeProfile[] = res.json().data;
    expect(cards.map((c) => c.id)).toEqual([two.id, none.id]);
    expect(cards[0]?.passions).toEqual(['cuisine', 'art', 'voyage']);

    // Without passions of its own, the viewer gets the plain order back.
    await t.db.query(`UPDATE users SET passions = '{}' WHERE id = $1`, [viewer.id]);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/swipe/profiles',
      payload: { token: viewer.token, limit: 10 },
    });
    expect(plain.json().data.map((c: TSwipeProfile) => c.id)).toEqual([none.id, two.id]);
  });
});
