/** Anonymous mode: a member in it is left out of the swipe deck, nearby and the feed's authors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('anonymous mode', () => {
  it('hides the member from swipes, nearby and announcement authors, and shows them again when off', async () => {
    const viewer = await createMember(t, { name: 'Viewer' });
    const hidden = await createMember(t, { name: 'Discrète' });
    await t.db.query(`UPDATE users SET gender = 'homme', birth_date = '1995-01-01' WHERE id = $1`, [
      viewer.id,
    ]);
    await t.db.query(`UPDATE users SET gender = 'femme', birth_date = '1996-01-01' WHERE id = $1`, [
      hidden.id,
    ]);
    for (const m of [viewer, hidden]) {
      expect(
        (await post('/location/update', { token: m.token, latitude: 12.37, longitude: -1.52 }))
          .statusCode,
      ).toBe(200);
    }
    const text = 'Bonjour à tous, je cherche des amis pour aller au cinéma le samedi soir à Ouaga.';
    expect(
      (await post('/announcements', { token: hidden.token, description: text })).statusCode,
    ).toBe(201);

    const seen = async () => {
      const swipes = (await post('/swipe/profiles', { token: viewer.token, limit: 10 }))
        .json()
        .data.map((p: { id: number }) => p.id);
      const near = (
        await post('/location/nearby', {
          token: viewer.token,
          latitude: 12.37,
          longitude: -1.52,
          radius: 20,
        })
      )
        .json()
        .data.map((p: { id: number }) => p.id);
      const feed = (await t.app.inject({ method: 'GET', url: '/api/announcements?per_page=20' }))
        .json()
        .data.map((a: { user: { id: number } }) => a.user.id);
      return {
        swipes: swipes.includes(hidden.id),
        near: near.includes(hidden.id),
        feed: feed.includes(hidden.id),
      };
    };
    expect(await seen()).toEqual({ swipes: true, near: true, feed: true });
    expect(
      (await post('/account/anonymous', { token: hidden.token, enabled: true })).statusCode,
    ).toBe(200);
    expect(await seen()).toEqual({ swipes: false, near: false, feed: false });
    await post('/account/anonymous', { token: hidden.token, enabled: false });
    expect(await seen()).toEqual({ swipes: true, near: true, feed: true });
  });
});
