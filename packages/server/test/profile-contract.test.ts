/**
 * The profile calls answer through the route table's schemas: a field the contract does not
 * name never leaves the server (a careless presenter cannot leak the password hash), and the
 * view of someone else's profile answers `success` alone, nothing of the other member.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createTestApp, type TestApp } from './helpers.js';

// The presenter lets private columns through, as a careless change would.
vi.mock('../src/modules/profiles/profile.presenter.js', async (importOriginal) => {
  const real =
    await importOriginal<typeof import('../src/modules/profiles/profile.presenter.js')>();
  return {
    ...real,
    presentOwnProfile: (...args: Parameters<typeof real.presentOwnProfile>) => ({
      ...real.presentOwnProfile(...args),
      password_hash: 'empreinte-secrete',
      device_hash: 'appareil-secret',
      latitude: 12.3714,
    }),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload });

describe('the own profile', () => {
  it('drops a private field the contract does not name, wherever the profile is answered', async () => {
    const m = await createMember(t, { name: 'Salif' });
    const answers = [
      await post('/profile', { token: m.token }),
      await t.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { authorization: `Bearer ${m.token}` },
      }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: m.id, name: 'Salif' });
      expect(res.body).not.toContain('empreinte-secrete');
      expect(res.body).not.toContain('appareil-secret');
      expect(res.json().data).not.toHaveProperty('latitude');
    }
    const status = await post('/verify-auth-status', { token: m.token });
    expect(status.json()).toMatchObject({ success: true, action: 'redirect_home' });
    expect(status.json().user).toMatchObject({ id: m.id });
    expect(status.body).not.toContain('empreinte-secrete');
  });
});

describe("the view of someone else's profile", () => {
  it('answers success alone: no e-mail, place or other field of the viewed member', async () => {
    const viewer = await createMember(t);
    const viewed = await createMember(t, { email: 'privee@test.bf', name: 'Rasmata' });
    await t.db.query('UPDATE users SET lat = 12.3714, lng = -1.5197 WHERE id = $1', [viewed.id]);
    const res = await post(`/users/${viewed.id}/view`, { token: viewer.token });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json())).toEqual(['success']);
    expect(res.body).not.toContain('privee@test.bf');
    expect(res.body).not.toContain('12.37');
  });
});
