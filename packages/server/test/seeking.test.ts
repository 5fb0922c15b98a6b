/**
 * "Je veux rencontrer" (issue 18): a filter sent with each feed, swipe and nearby request,
 * applied by the server and never stored. Men and women stand at the same place and publish
 * alike, so only the filter can tell them apart in each answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFeedAnnouncement, TNearbyUser, TSwipeProfile } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const OUAGA = { lat: 12.37, lng: -1.52 };
const TEXT = 'Je cherche des personnes sérieuses pour partager de bons moments à Ouagadougou.';
const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

/** A complete member at Ouagadougou, of this gender, with one announcement. */
async function member(gender: 'homme' | 'femme') {
  const m = await createMember(t);
  await t.db.query(
    `UPDATE users SET gender = $2, birth_date = '1995-05-05', lat = $3, lng = $4,
        locality = 'Ouagadougou, Burkina Faso', photo_key = $5, last_seen_at = now()
      WHERE id = $1`,
    [m.id, gender, OUAGA.lat, OUAGA.lng, `u${m.id}/${'ef'.repeat(16)}`],
  );
  await t.db.query('INSERT INTO announcements (user_id, description) VALUES ($1, $2)', [
    m.id,
    TEXT,
  ]);
  return { ...m, gender };
}

let viewer: Awaited<ReturnType<typeof createMember>>;
const women: number[] = [];
const men: number[] = [];
beforeAll(async () => {
  viewer = await createMember(t);
  await t.db.query('UPDATE users SET gender = $2, lat = $3, lng = $4 WHERE id = $1', [
    viewer.id,
    'homme',
    OUAGA.lat,
    OUAGA.lng,
  ]);
  for (let i = 0; i < 3; i++) {
    women.push((await member('femme')).id);
    men.push((await member('homme')).id);
  }
});

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

async function feedAuthors(query: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/announcements?per_page=20${query}`,
    headers: { authorization: `Bearer ${viewer.token}` },
  });
  expect(res.statusCode).toBe(200);
  return sorted((res.json().data as TFeedAnnouncement[]).map((a) => a.user.id));
}

async function nearbyIds(body: object) {
  const res = await post('/location/nearby', {
    token: viewer.token,
    latitude: OUAGA.lat,
    longitude: OUAGA.lng,
    ...body,
  });
  expect(res.statusCode).toBe(200);
  return sorted((res.json().data as TNearbyUser[]).map((u) => u.id));
}

async function deckIds(body: object) {
  const res = await post('/swipe/profiles', { token: viewer.token, limit: 20, ...body });
  expect(res.statusCode).toBe(200);
  return sorted((res.json().data as TSwipeProfile[]).map((p) => p.id));
}

describe('Je veux rencontrer', () => {
  it('filters the feed, newest and nearest first, and shows everybody without it', async () => {
    expect(await feedAuthors('&seeking=femme')).toEqual(sorted(women));
    expect(await feedAuthors('&seeking=homme')).toEqual(sorted(men));
    const near = `&user_lat=${OUAGA.lat}&user_lng=${OUAGA.lng}`;
    expect(await feedAuthors(`${near}&seeking=homme`)).toEqual(sorted(men));
    expect(await feedAuthors('')).toEqual(sorted([...women, ...men]));
  });

  it('filters the map', async () => {
    expect(await nearbyIds({ seeking: 'femme' })).toEqual(sorted(women));
    expect(await nearbyIds({ seeking: 'homme' })).toEqual(sorted(men));
    expect(await nearbyIds({})).toEqual(sorted([...women, ...men]));
  });

  it('filters the swipe deck, even against the default preference', async () => {
    // A man's deck puts women first by default; asking for men gives men only.
    expect(await deckIds({ seeking: 'homme' })).toEqual(sorted(men));
    expect(await deckIds({ seeking: 'femme' })).toEqual(sorted(women));
    expect(await deckIds({})).toEqual(sorted([...women, ...men]));
  });

  it('refuses an unknown choice with 400 and a French message naming it', async () => {
    const res = await post('/swipe/profiles', { token: viewer.token, seeking: 'robots' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('Je veux rencontrer');
    const feed = await t.app.inject({ method: 'GET', url: '/api/announcements?seeking=x' });
    expect(feed.statusCode).toBe(400);
  });

  it('stores it nowhere: no column of any table is named after it', async () => {
    const cols = await t.db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND column_name ~ '(seek|interested|orientation|looking)'`,
    );
    expect(cols).toEqual([]);
  });
});
