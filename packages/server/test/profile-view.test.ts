/** POST /users/:id/view: the profile_view notification and the rules that keep it quiet. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const view = (token: string | undefined, id: number | string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${id}/view`, payload: token ? { token } : {} });

const viewsOf = async (userId: number) =>
  t.db.query<{ data: { sender_id: number; name?: string } }>(
    `SELECT data FROM notifications WHERE user_id = $1 AND type = 'profile_view' ORDER BY id`,
    [userId],
  );

describe('POST /api/users/:id/view', () => {
  it("tells the viewed member once a day, with the viewer's name", async () => {
    const viewer = await createMember(t, { name: 'Issouf' });
    const viewed = await createMember(t, { name: 'Rasmata' });
    const first = await view(viewer.token, viewed.id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ success: true });
    expect((await view(viewer.token, viewed.id)).json()).toEqual({ success: true });
    const notes = await viewsOf(viewed.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.data).toMatchObject({ sender_id: viewer.id, name: 'Issouf' });
  });

  it('says nothing about oneself, nor from a viewer in anonymous mode', async () => {
    const me = await createMember(t);
    expect((await view(me.token, me.id)).statusCode).toBe(200);
    expect(await viewsOf(me.id)).toHaveLength(0);

    const hidden = await createMember(t, { name: 'Discret' });
    const viewed = await createMember(t);
    await t.db.query('UPDATE users SET anonymous = true WHERE id = $1', [hidden.id]);
    expect((await view(hidden.token, viewed.id)).json()).toEqual({ success: true });
    expect(await viewsOf(viewed.id)).toHaveLength(0);
  });

  it('answers 404 across a block either way and for an unknown member, notifying nobody', async () => {
    const a = await createMember(t);
    const b = await createMember(t);
    await t.db.query('INSERT INTO blocks (blocker_id, blocked_id) VALUES ($1, $2)', [b.id, a.id]);
    expect((await view(a.token, b.id)).statusCode).toBe(404);
    expect((await view(b.token, a.id)).statusCode).toBe(404);
    expect((await view(a.token, 987654321)).statusCode).toBe(404);
    expect(await viewsOf(a.id)).toHaveLength(0);
    expect(await viewsOf(b.id)).toHaveLength(0);
  });

  it('refuses a missing token and a malformed id', async () => {
    const viewed = await createMember(t);
    expect((await view(undefined, viewed.id)).statusCode).toBe(401);
    const member = await createMember(t);
    const bad = await view(member.token, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});
