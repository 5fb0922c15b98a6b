/**
 * GET and PATCH /me/settings (issue 29): defaults for a member who never changed anything, a
 * change kept and answered whole, bad values refused in French without losing what was saved,
 * and each member reading and changing only their own settings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MEMBER_SETTINGS, PRIVACY_MSG } from '@app/shared';
import { createMember, createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getSettings = (token?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/me/settings',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const patchSettings = (token: string | undefined, payload: object) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/me/settings',
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('privacy settings', () => {
  it('answers the defaults to a member who never changed anything, and writes no row', async () => {
    const m = await createMember(t);
    const res = await getSettings(m.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: DEFAULT_MEMBER_SETTINGS });
    const rows = await t.db.query('SELECT 1 FROM member_settings WHERE user_id = $1', [m.id]);
    expect(rows).toHaveLength(0);
  });

  it('keeps a change, answers every setting, and leaves the others as they were', async () => {
    const m = await createMember(t);
    const first = await patchSettings(m.token, { hide_distance: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: PRIVACY_MSG.saved,
      data: { ...DEFAULT_MEMBER_SETTINGS, hide_distance: true },
    });
    await patchSettings(m.token, { who_can_message: 'matches', read_receipts: false });
    const res = await getSettings(m.token);
    expect(res.json().data).toEqual({
      hide_distance: true,
      hide_online: false,
      read_receipts: false,
      who_can_message: 'matches',
      hide_from_nearby: false,
      verified_only_messages: false,
      receive_calls: true,
    });
    // The token in the body works as well as the header.
    const viaBody = await patchSettings(undefined, {
      token: m.token,
      hide_online: true,
      hide_from_nearby: true,
    });
    expect(viaBody.json().data).toMatchObject({ hide_online: true, hide_from_nearby: true });
  });

  it('refuses bad values in French with 400 and keeps what was saved', async () => {
    const m = await createMember(t);
    await patchSettings(m.token, { hide_online: true });
    const badChoice = await patchSettings(m.token, {
      who_can_message: 'personne',
      hide_distance: true,
    });
    expect(badChoice.statusCode).toBe(400);
    expect(badChoice.json()).toMatchObject({ success: false, error: 'validation' });
    expect(JSON.stringify(badChoice.json())).toContain(PRIVACY_MSG.whoCanMessageInvalid);
    const notBoolean = await patchSettings(m.token, { hide_online: 'oui' });
    expect(notBoolean.statusCode).toBe(400);
    expect(JSON.stringify(notBoolean.json())).toContain(PRIVACY_MSG.mustBeYesNo);
    const empty = await patchSettings(m.token, {});
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(PRIVACY_MSG.nothingToChange);
    // Nothing of the refused calls was written.
    expect((await getSettings(m.token)).json().data).toEqual({
      ...DEFAULT_MEMBER_SETTINGS,
      hide_online: true,
    });
  });

  it('asks for a session, and a member changes only their own settings', async () => {
    expect((await getSettings()).statusCode).toBe(401);
    expect((await patchSettings(undefined, { hide_distance: true })).statusCode).toBe(401);
    const a = await createMember(t);
    const b = await createMember(t);
    // A field naming another member is not part of the call: it changes nothing of theirs.
    await patchSettings(a.token, { user_id: b.id, hide_from_nearby: true });
    expect((await getSettings(b.token)).json().data).toEqual(DEFAULT_MEMBER_SETTINGS);
    expect((await getSettings(a.token)).json().data.hide_from_nearby).toBe(true);
  });

  it('forgets the settings with the member', async () => {
    const m = await createMember(t);
    await patchSettings(m.token, { hide_distance: true });
    await t.db.query('DELETE FROM users WHERE id = $1', [m.id]);
    const rows = await t.db.query('SELECT 1 FROM member_settings WHERE user_id = $1', [m.id]);
    expect(rows).toHaveLength(0);
  });
});
